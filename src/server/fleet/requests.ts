// Fleet requests (issue 33, /requests/...): the rules no schema can say of the vehicle, incident and
// maintenance requests (schemas/frota/vehicle-requests.json, vehicle-incident-requests.json,
// vehicle-maintenance-requests.json), run in the write's own transaction, and the notifications:
//
// - a request names its requester (the owner) and their provider; while it is pending the requester
//   may change it, once decided only the fleet managers (managedFields) may;
// - approving a vehicle request takes a vehicle and a driver of the request's provider: the vehicle
//   active, not approved for an overlapping period (the vehicle's row is locked FOR UPDATE before
//   that check, so two managers approving overlapping requests at once cannot both win), not at the
//   workshop (an open frota.manutencao row, or one whose stay overlaps the period); the driver
//   active with a CNH valid until the period's last day. Refusing takes a reason. The requester
//   cancels a pending or approved request through POST v1/solicitacoes/veiculo/{id}/cancelar;
// - approving an incident or maintenance request creates the fleet record (vehicle-incidents,
//   vehicle-maintenance) in the same transaction and keeps its id on the request (id_sinistro,
//   id_manutencao);
// - a new request tells the provider's fleet managers (frota:gestor) through the bell; a decision
//   tells the requester through the bell (and, for a vehicle request, by e-mail);
// - a fine written without a driver gets the driver of the approved vehicle request whose period
//   covers the infraction (driverAt), and 'Condutor indicado' when it was 'A identificar'.
import {
  brDate,
  cancelledText,
  FLEET_REQUEST_MODULE,
  FLEET_REQUEST_MSG as M,
  newFleetReportText,
  newVehicleRequestText,
  reportDecisionText,
  saoPauloDateTime,
  saoPauloDay,
  VEHICLE_REQUEST_STATUS_LABELS,
  vehicleDecisionText,
} from '../../domain/fleetRequests.js';
import { MSG } from '../../domain/messages.js';
import type { Mailer } from '../auth/mailer.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { SYSTEM, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

type Row = Record<string, any>;
type Kind = 'sinistro' | 'manutencao';

/** Whether the actor decides (the fleet managers, the superadmin, system work): the managedFields' right. */
const decides = (actor: Actor) => (actor.may ? actor.may('manage') : true);

const sameValue = (a: unknown, b: unknown) => {
  if (typeof a === 'string' && typeof b === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(a) && /^\d{4}-\d{2}-\d{2}T/.test(b)) return Date.parse(a) === Date.parse(b);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
};

/** The fields of a write that change the stored row. */
const changedFields = (values: Row, existing: Row | null) => Object.keys(values).filter((k) => !existing || !sameValue(values[k], existing[k]));

const userOf = async (tx: Queryable, id: number | null | undefined) => {
  if (id == null) return null;
  const { rows } = await tx.query<{ id: number; nome: string; email: string; id_empresas: number[] | null }>(
    `SELECT id, COALESCE(NULLIF(nome, ''), email) AS nome, email, id_empresas FROM auth.usuario WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

/**
 * The driver answering for a vehicle at an instant: the driver of the approved vehicle request whose
 * period covers it (the latest decided, should two ever do), or null.
 */
export async function driverAt(tx: Queryable, vehicleId: number, instant: string | Date): Promise<number | null> {
  const { rows } = await tx.query<{ id_motorista: number }>(
    `SELECT id_motorista FROM frota.solicitacao_veiculo
      WHERE id_veiculo = $1 AND status = 'aprovada' AND id_motorista IS NOT NULL
        AND data_inicio <= $2::timestamptz AND data_fim >= $2::timestamptz
      ORDER BY decidido_em DESC NULLS LAST, id DESC LIMIT 1`,
    [vehicleId, instant instanceof Date ? instant.toISOString() : instant],
  );
  return rows[0]?.id_motorista ?? null;
}

export class FleetRequests {
  constructor(
    private service: ResourceService,
    private mailer: Mailer,
    private publicUrl: () => string | undefined = () => undefined,
  ) {}

  private notify(tx: Queryable, userId: number, msg: string, link: string, from: { id: number | null; nome: string | null }) {
    return this.service.createIn(tx, this.service.get('notifications'), { id_usuario: userId, data: { modulo: FLEET_REQUEST_MODULE, msg, link }, id_remetente: from.id, remetente_nome: from.nome }, SYSTEM);
  }

  /** The active fleet managers (frota:gestor) of a provider, but `except`. */
  private async managersOf(tx: Queryable, provider: number, except: number | null) {
    const { rows } = await tx.query<{ id: number }>(
      `SELECT id FROM auth.usuario WHERE ativo AND 'frota:gestor' = ANY (papeis) AND $1::int = ANY (id_empresas) AND id IS DISTINCT FROM $2::int ORDER BY id`,
      [provider, except],
    );
    return rows.map((r) => r.id);
  }

  /** The requester and provider of a new request: the author's first provider the call acts in. */
  private async requester(tx: Queryable, values: Row, actor: Actor) {
    const user = await userOf(tx, (values.id_usuario as number | undefined) ?? actor.userId);
    const providers = (user?.id_empresas ?? []).filter((p) => actor.providerIds === null || actor.providerIds.includes(p));
    return { user, providers };
  }

  /** Writes who decided and when, on a change of status to a decision (cleared back to pending). */
  private async decision(tx: Queryable, values: Row, status: string, actor: Actor) {
    if (status === 'pendente') Object.assign(values, { decidido_por: null, decidido_por_nome: null, decidido_em: null });
    else if (status === 'aprovada' || status === 'recusada') {
      const who = await userOf(tx, actor.userId);
      Object.assign(values, { decidido_por: who?.id ?? null, decidido_por_nome: who?.nome ?? null, decidido_em: new Date().toISOString() });
    }
  }

  private link(path: string, actor: Actor) {
    return `${(this.publicUrl() ?? actor.origin ?? '').replace(/\/$/, '')}${path}`;
  }

  // ---------------------------------------------------------------- vehicle requests

  /**
   * The checks of an approval (400 on the fields). The vehicle's row is locked first: a concurrent
   * approval of the same vehicle waits here until this transaction ends, then sees its reservation.
   */
  private async checkApproval(tx: Queryable, merged: Row, id: number | null) {
    const errors: Record<string, string> = {};
    if (merged.id_veiculo == null) errors.id_veiculo = M.vehicleRequired;
    if (merged.id_motorista == null) errors.id_motorista = M.driverRequired;
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const start = merged.data_inicio as string;
    const end = merged.data_fim as string;
    const [firstDay, lastDay] = [saoPauloDay(start), saoPauloDay(end)];
    const vehicle = (
      await tx.query<{ id_empresa: number; ativo: boolean; placa: string; marca: string; modelo: string }>(
        `SELECT id_empresa, ativo, placa, marca, modelo FROM frota.veiculo WHERE id = $1 FOR UPDATE`,
        [merged.id_veiculo],
      )
    ).rows[0];
    if (!vehicle) errors.id_veiculo = MSG.referenceMissing;
    else if (vehicle.id_empresa !== merged.id_empresa) errors.id_veiculo = M.vehicleProvider;
    else if (!vehicle.ativo) errors.id_veiculo = M.vehicleInactive;
    else {
      const overlap = (
        await tx.query<{ data_inicio: string; data_fim: string }>(
          `SELECT data_inicio, data_fim FROM frota.solicitacao_veiculo
            WHERE id_veiculo = $1 AND status = 'aprovada' AND id <> $2 AND data_inicio < $4::timestamptz AND data_fim > $3::timestamptz
            ORDER BY data_inicio LIMIT 1`,
          [merged.id_veiculo, id ?? 0, start, end],
        )
      ).rows[0];
      if (overlap) errors.id_veiculo = M.vehicleReserved(saoPauloDateTime(overlap.data_inicio), saoPauloDateTime(overlap.data_fim));
      else {
        // At the workshop: an open maintenance that entered by the period's last day (until it is
        // closed), or a closed one whose stay reaches the period.
        const stay = (
          await tx.query<{ data_entrada: string; data_saida: string | null; status: string }>(
            `SELECT data_entrada::text AS data_entrada, data_saida::text AS data_saida, status FROM frota.manutencao
              WHERE id_veiculo = $1 AND data_entrada <= $3::date AND (status = 'aberta' OR COALESCE(data_saida, data_entrada) >= $2::date)
              ORDER BY data_entrada LIMIT 1`,
            [merged.id_veiculo, firstDay, lastDay],
          )
        ).rows[0];
        if (stay) {
          const open = stay.status === 'aberta' && (stay.data_saida === null || stay.data_saida < firstDay);
          errors.id_veiculo = M.vehicleAtWorkshop(brDate(stay.data_entrada), open ? null : brDate(stay.data_saida ?? stay.data_entrada));
        }
      }
    }
    const driver = (
      await tx.query<{ id_empresa: number; ativo: boolean; validade: string; nome: string | null }>(
        `SELECT m.id_empresa, m.ativo, m.cnh_validade::text AS validade, COALESCE(NULLIF(m.nome, ''), NULLIF(u.nome, ''), u.email) AS nome
           FROM frota.motorista m LEFT JOIN auth.usuario u ON u.id = m.id_usuario WHERE m.id = $1`,
        [merged.id_motorista],
      )
    ).rows[0];
    if (!driver) errors.id_motorista = MSG.referenceMissing;
    else if (driver.id_empresa !== merged.id_empresa) errors.id_motorista = M.driverProvider;
    else if (!driver.ativo) errors.id_motorista = M.driverInactive;
    else if (driver.validade < lastDay) errors.id_motorista = M.driverCnhExpired(brDate(driver.validade));
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return { vehicle: `${vehicle!.placa} — ${vehicle!.marca} ${vehicle!.modelo}`, driver: driver!.nome };
  }

  vehicleRequestHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation, actor }) => {
        if (!values || operation === 'delete') return;
        const manager = decides(actor);
        if (operation === 'create') {
          const { user, providers } = await this.requester(tx, values, actor);
          // A fleet manager (or the superadmin) may name the provider; the others ask in their own.
          if (values.id_empresa == null) {
            if (!providers.length) throw new HttpError(400, M.noProvider);
            values.id_empresa = providers[0];
          }
          values.solicitante_nome = user?.nome ?? null;
        } else {
          const changed = changedFields(values, existing);
          if (existing!.status === 'cancelada' && changed.length) throw new HttpError(400, M.cancelledFinal);
          if (!manager && existing!.status !== 'pendente' && changed.length) throw new HttpError(400, M.alreadyDecided);
        }
        const merged = { ...(existing ?? {}), ...values };
        const before = (existing?.status as string | undefined) ?? null;
        const status = (merged.status as string | undefined) ?? 'pendente';
        const statusChanged = operation === 'create' ? status !== 'pendente' : status !== before;
        if (statusChanged && status === 'cancelada' && before !== 'pendente' && before !== 'aprovada') throw new HttpError(400, M.cannotCancel);
        if (status === 'recusada' && (statusChanged || 'motivo_recusa' in values) && !String(merged.motivo_recusa ?? '').trim()) {
          throw new ValidationError({ motivo_recusa: M.reasonRequired });
        }
        const relevant = ['id_empresa', 'id_veiculo', 'id_motorista', 'data_inicio', 'data_fim'].some((f) => f in values && !sameValue(values[f], existing?.[f]));
        if (status === 'aprovada' && (statusChanged || relevant)) {
          const named = await this.checkApproval(tx, merged, existing?.id ?? null);
          values.veiculo_descricao = named.vehicle;
          values.motorista_nome = named.driver;
        } else if ('id_veiculo' in values || 'id_motorista' in values) {
          // Chosen before the decision: named for who cannot read the vehicles and drivers.
          const { rows } = await tx.query<{ veiculo: string | null; motorista: string | null }>(
            `SELECT (SELECT placa || ' — ' || marca || ' ' || modelo FROM frota.veiculo WHERE id = $1) AS veiculo,
                    (SELECT COALESCE(NULLIF(m.nome, ''), NULLIF(u.nome, ''), u.email) FROM frota.motorista m LEFT JOIN auth.usuario u ON u.id = m.id_usuario WHERE m.id = $2) AS motorista`,
            [merged.id_veiculo ?? null, merged.id_motorista ?? null],
          );
          values.veiculo_descricao = rows[0]?.veiculo ?? null;
          values.motorista_nome = rows[0]?.motorista ?? null;
        }
        if (statusChanged) await this.decision(tx, values, status, actor);
      },
      afterWrite: async ({ tx, operation, existing, row, actor }) => {
        const de = saoPauloDateTime(row.data_inicio);
        const ate = saoPauloDateTime(row.data_fim);
        const link = `/requests/vehicle/edit/${row.id}`;
        if (operation === 'create') {
          const from = { id: row.id_usuario, nome: row.solicitante_nome ?? null };
          for (const id of await this.managersOf(tx, row.id_empresa, row.id_usuario)) {
            await this.notify(tx, id, newVehicleRequestText(row.solicitante_nome ?? '', de, ate, row.destino), link, from);
          }
          return;
        }
        if (operation !== 'update' || !existing || row.status === existing.status) return;
        const status = row.status as 'aprovada' | 'recusada' | 'cancelada' | 'pendente';
        if (status === 'pendente') return;
        const actorUser = await userOf(tx, actor.userId);
        const from = { id: actorUser?.id ?? null, nome: actorUser?.nome ?? null };
        if (status === 'cancelada' && actor.userId === row.id_usuario) {
          // The requester gave it up: the manager who had approved it learns the vehicle is free.
          if (existing.status === 'aprovada' && row.decidido_por != null && row.decidido_por !== row.id_usuario) {
            await this.notify(tx, row.decidido_por, cancelledText(row.solicitante_nome ?? '', de, ate), link, from);
          }
          return;
        }
        if (row.id_usuario === actor.userId) return;
        const text = vehicleDecisionText(status, de, ate, row.veiculo_descricao, row.motivo_recusa);
        await this.notify(tx, row.id_usuario, text, link, from);
        const requester = await userOf(tx, row.id_usuario);
        if (!requester?.email) return;
        const label = VEHICLE_REQUEST_STATUS_LABELS[status];
        await this.mailer.send(tx, {
          to: requester.email,
          subject: M.decisionSubject(label),
          text: [
            `Olá, ${requester.nome}!`,
            '',
            text,
            '',
            `Período: ${de} a ${ate}`,
            `Destino: ${row.destino}`,
            ...(status === 'aprovada' ? [`Veículo: ${row.veiculo_descricao ?? ''}`, `Motorista: ${row.motorista_nome ?? ''}`] : []),
            ...(status === 'recusada' && row.motivo_recusa ? [`Motivo: ${row.motivo_recusa}`] : []),
            ...(row.decidido_por_nome ? [`Decidida por: ${row.decidido_por_nome}`] : []),
            '',
            `Veja a solicitação: ${this.link(link, actor)}`,
            '',
            'Esta é uma mensagem automática; não é preciso respondê-la.',
          ].join('\n'),
        });
      },
    };
  }

  /**
   * POST v1/solicitacoes/veiculo/{id}/cancelar: the requester (or a fleet manager) cancels a pending
   * or approved request; the status is a managed field, so the change is made here, where the call's
   * own scope (the requester's rows) found the request.
   */
  async cancel(actor: Actor, id: unknown) {
    const def = this.service.get('vehicle-requests');
    return this.service.write(actor, async (tx) => {
      const current = await this.service.getOne(def, id, actor, tx);
      if (current.status !== 'pendente' && current.status !== 'aprovada') throw new HttpError(400, M.cannotCancel);
      return this.service.updateIn(tx, def, id, { status: 'cancelada' }, { ...actor, may: () => true });
    });
  }

  // ---------------------------------------------------------------- incident and maintenance requests

  reportHooks(kind: Kind): ResourceHooks {
    const path = kind === 'sinistro' ? '/requests/incidents-vehicle/edit' : '/requests/maintenance-vehicle/edit';
    return {
      beforeWrite: async ({ tx, values, existing, operation, actor }) => {
        if (!values || operation === 'delete') return;
        const manager = decides(actor);
        if (operation === 'create') {
          const user = await userOf(tx, (values.id_usuario as number | undefined) ?? actor.userId);
          values.solicitante_nome = user?.nome ?? null;
        } else {
          const changed = changedFields(values, existing);
          if (changed.length && (existing!.status === 'aprovada' || (!manager && existing!.status !== 'pendente'))) throw new HttpError(400, M.alreadyDecided);
        }
        const merged = { ...(existing ?? {}), ...values };
        if (operation === 'create' || ('id_veiculo' in values && values.id_veiculo !== existing?.id_veiculo)) {
          const vehicle = (await tx.query<{ id_empresa: number; placa: string }>(`SELECT id_empresa, placa FROM frota.veiculo WHERE id = $1`, [merged.id_veiculo])).rows[0];
          // A missing vehicle is the reference check's to tell.
          if (vehicle) {
            if (actor.providerIds !== null && !actor.providerIds.includes(vehicle.id_empresa)) throw new ValidationError({ id_veiculo: M.vehicleOfProviders });
            values.id_empresa = vehicle.id_empresa;
            values.placa = vehicle.placa;
          }
        }
        const before = (existing?.status as string | undefined) ?? null;
        const status = (merged.status as string | undefined) ?? 'pendente';
        const statusChanged = operation === 'create' ? status !== 'pendente' : status !== before;
        if (status === 'recusada' && (statusChanged || 'motivo_recusa' in values) && !String(merged.motivo_recusa ?? '').trim()) {
          throw new ValidationError({ motivo_recusa: M.reasonRequired });
        }
        if (kind === 'manutencao' && status === 'aprovada' && statusChanged && !String(merged.oficina ?? '').trim()) {
          throw new ValidationError({ oficina: M.workshopRequired });
        }
        if (!statusChanged) return;
        await this.decision(tx, values, status, actor);
        if (status !== 'aprovada' || operation !== 'update') return;
        // The fleet record, in this transaction, and its id on the request.
        const who = `${merged.solicitante_nome ?? 'colaborador'}, solicitação nº ${existing!.id}`;
        if (kind === 'sinistro') {
          const driver = (
            await tx.query<{ id: number }>(`SELECT id FROM frota.motorista WHERE id_usuario = $1 AND id_empresa = $2 AND ativo ORDER BY id LIMIT 1`, [merged.id_usuario, merged.id_empresa])
          ).rows[0];
          const record = await this.service.createIn(
            tx,
            this.service.get('vehicle-incidents'),
            {
              id_veiculo: merged.id_veiculo,
              id_motorista: driver?.id ?? null,
              tipo: merged.tipo,
              data_hora: merged.data_hora,
              local: merged.local,
              descricao: `${merged.descricao}`.slice(0, 4000 - who.length - 12) + `\n\n(Relatado por ${who}.)`,
              boletim_ocorrencia: merged.boletim_ocorrencia ?? null,
              fotos: merged.fotos ?? [],
            },
            SYSTEM,
          );
          values.id_sinistro = record.id;
        } else {
          const day = (values.data_entrada ?? merged.data_entrada ?? saoPauloDay(new Date())) as string;
          values.data_entrada = day;
          const record = await this.service.createIn(
            tx,
            this.service.get('vehicle-maintenance'),
            {
              id_veiculo: merged.id_veiculo,
              tipo: 'corretiva',
              descricao: `${merged.problema}`.slice(0, 2000 - who.length - 16) + ` (solicitado por ${who})`,
              oficina: String(merged.oficina).trim(),
              data_entrada: day,
              km: merged.km ?? null,
              status: 'aberta',
            },
            SYSTEM,
          );
          values.id_manutencao = record.id;
        }
      },
      afterWrite: async ({ tx, operation, existing, row, actor }) => {
        const link = `${path}/${row.id}`;
        if (operation === 'create') {
          const from = { id: row.id_usuario, nome: row.solicitante_nome ?? null };
          for (const id of await this.managersOf(tx, row.id_empresa, row.id_usuario)) await this.notify(tx, id, newFleetReportText(row.solicitante_nome ?? '', kind, row.placa ?? ''), link, from);
          return;
        }
        if (operation !== 'update' || !existing || row.status === existing.status || row.id_usuario === actor.userId) return;
        if (row.status !== 'aprovada' && row.status !== 'recusada') return;
        const who = await userOf(tx, actor.userId);
        await this.notify(tx, row.id_usuario, reportDecisionText(kind, row.status, row.placa ?? '', row.motivo_recusa), link, { id: who?.id ?? null, nome: who?.nome ?? null });
      },
    };
  }

  // ---------------------------------------------------------------- fines

  /** A fine written without a driver gets the one of the approved request covering its instant. */
  fineHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete') return;
        const merged = { ...(existing ?? {}), ...values };
        if (merged.id_motorista != null || merged.id_veiculo == null || !merged.data_hora) return;
        if (operation === 'update' && !('id_veiculo' in values) && !('data_hora' in values)) return;
        const driver = await driverAt(tx, merged.id_veiculo, merged.data_hora);
        if (driver === null) return;
        values.id_motorista = driver;
        if ((merged.status ?? 'a_identificar') === 'a_identificar') values.status = 'indicado';
      },
    };
  }

  /** The active vehicles of the caller's providers (every provider's for the superadmin), for the employees' forms. */
  async vehiclesFor(q: Queryable, providerIds: number[] | null) {
    const { rows } = await q.query(
      `SELECT v.id, v.placa, v.marca, v.modelo, v.tipo, v.id_empresa, e.nome AS empresa
         FROM frota.veiculo v JOIN rh.empresa e ON e.id = v.id_empresa
        WHERE v.ativo AND ($1::int[] IS NULL OR v.id_empresa = ANY ($1::int[]))
        ORDER BY e.nome, v.placa`,
      [providerIds],
    );
    return rows;
  }
}
