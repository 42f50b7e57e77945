// The rules no schema can say of the small registers of issue 34, run in the write's transaction,
// and the public financial page's read.
//   - pricing: a promotional price is lower than the monthly one and names its months (and months
//     need a promotional price).
//   - resource bookings: a booking goes to one of the booker's providers (the engine checks an
//     owner's rows by their owner, not by the provider they name), keeps the booker's name, ends
//     after it starts, takes an active resource, and never overlaps another active booking of the
//     same resource. The resource's row is locked FOR UPDATE before the overlap check, so a second
//     booking at the same time waits and then sees the first; the table's exclusion constraint
//     (migration 0087) is the last word whatever writes it, told in the same words (409).
//   - publicProviders(): the active providers and their site, the only provider data the public
//     /financial/home shows.
import { MSG } from '../../domain/messages.js';
import { SMALL_REGISTERS_MSG as M } from '../../domain/smallRegisters.js';
import type { Database } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { ResourceHooks } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

type Row = Record<string, any>;

const instant = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(String(value)));

export function pricingHooks(): ResourceHooks {
  return {
    beforeWrite: async ({ values, existing, operation }) => {
      if (!values || operation === 'delete') return;
      const merged: Row = { ...(existing ?? {}), ...values };
      const promo = merged.valor_promocional == null ? null : Number(merged.valor_promocional);
      const errors: Record<string, string> = {};
      if (promo != null && merged.valor_mensal != null && promo >= Number(merged.valor_mensal)) errors.valor_promocional = M.promoNotLower;
      if (promo != null && merged.meses_promocao == null) errors.meses_promocao = M.promoMonthsRequired;
      if (promo == null && merged.meses_promocao != null) errors.meses_promocao = M.promoMonthsWithoutPrice;
      if (Object.keys(errors).length) throw new ValidationError(errors);
    },
  };
}

const OVERLAP_CONSTRAINT = 'reserva_recurso_sem_sobreposicao';
const PERIOD_CHECK = 'reserva_recurso_periodo_check';

export function bookingHooks(): ResourceHooks {
  return {
    beforeWrite: async ({ tx, values, existing, operation, actor }) => {
      if (!values || operation === 'delete') return;
      const provider = 'id_empresa' in values ? values.id_empresa : existing?.id_empresa;
      if ((operation === 'create' || 'id_empresa' in values) && actor.providerIds !== null && provider != null && !actor.providerIds.includes(Number(provider))) {
        throw new HttpError(403, MSG.outsideProviders);
      }
      if (operation === 'create' && actor.userId !== null) {
        const { rows } = await tx.query<{ nome: string }>(`SELECT COALESCE(NULLIF(btrim(nome), ''), email) AS nome FROM auth.usuario WHERE id = $1`, [values.id_usuario ?? actor.userId]);
        values.nome = rows[0]?.nome ?? null;
      }
      const merged: Row = { ...(existing ?? {}), ...values };
      if (merged.data_inicio == null || merged.data_fim == null || merged.id_recurso == null) return;
      const [start, end] = [instant(merged.data_inicio), instant(merged.data_fim)];
      if (Number.isNaN(start) || Number.isNaN(end)) return;
      if (end <= start) throw new ValidationError({ data_fim: M.bookingEndAfterStart }, M.bookingEndAfterStart);
      // Only a write that makes or moves an active booking is checked (cancelling one, or changing its purpose, is not).
      const moves =
        operation === 'create' ||
        (merged.ativo !== false &&
          (existing?.ativo === false || Number(existing?.id_recurso) !== Number(merged.id_recurso) || instant(existing?.data_inicio) !== start || instant(existing?.data_fim) !== end));
      if (!moves || merged.ativo === false) return;
      const resource = (await tx.query<{ ativo: boolean }>(`SELECT ativo FROM rh.recurso WHERE id = $1 FOR UPDATE`, [merged.id_recurso])).rows[0];
      // A missing resource is the reference check's to tell.
      if (!resource) return;
      const changedResource = operation === 'create' || Number(existing?.id_recurso) !== Number(merged.id_recurso) || existing?.ativo === false;
      if (!resource.ativo && changedResource) throw new ValidationError({ id_recurso: M.inactiveResource }, M.inactiveResource);
      const overlap = (
        await tx.query<{ data_inicio: Date | string; data_fim: Date | string; finalidade: string }>(
          `SELECT data_inicio, data_fim, finalidade FROM rh.reserva_recurso
            WHERE id_recurso = $1 AND ativo AND id <> $2 AND data_inicio < $4::timestamptz AND data_fim > $3::timestamptz
            ORDER BY data_inicio LIMIT 1`,
          [merged.id_recurso, existing?.id ?? 0, new Date(start).toISOString(), new Date(end).toISOString()],
        )
      ).rows[0];
      if (overlap) {
        const message = M.resourceBooked(overlap.data_inicio, overlap.data_fim, overlap.finalidade);
        throw new HttpError(409, message, { data_inicio: message });
      }
    },
    databaseError: (e) => {
      const err = e as { code?: string; constraint?: string };
      if (err?.code === '23P01' && err.constraint === OVERLAP_CONSTRAINT) return new HttpError(409, M.resourceBookedRace, { data_inicio: M.resourceBookedRace });
      if (err?.code === '23514' && err.constraint === PERIOD_CHECK) return new ValidationError({ data_fim: M.bookingEndAfterStart }, M.bookingEndAfterStart);
      return null;
    },
  };
}

export interface PublicProvider {
  id: number;
  nome: string;
  site: string | null;
}

/** The active providers with their site: what a visitor of /financial/home may read. */
export async function publicProviders(db: Database): Promise<PublicProvider[]> {
  const { rows } = await db.query<PublicProvider>(`SELECT id, nome, site FROM rh.empresa WHERE ativo ORDER BY nome, id`);
  return rows;
}
