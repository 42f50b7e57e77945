// The fleet's rules that no schema can say, the fleet home's figures, the fine responsibility term
// (its data and its PDF) and the expiry reminders (issue 33).
// - Hooks: a driver's name is their user's; a fine's or an incident's driver is of the vehicle's
//   provider; a new rental names an active rental company.
// - dashboard(): what a fleet manager opens /fleet/home for, over the providers they see.
// - term()/termPdf(): GET v1/multas/{id}/termo (the page /fleet/fines/term/... prints the same words).
// - reminders(): the daily job's work: CNHs and rental contracts 30 and 7 days before they end, fines
//   5 days before they are due, told once per item, threshold and date to the fleet managers of the
//   item's provider, through the bell and by e-mail (frota.lembrete keeps what was told).
import PDFDocument from 'pdfkit';
import { fineTerm, FLEET_MSG, REMINDER_DAYS, reminderText, OPEN_FINE_STATUSES, type FineTermData, type ReminderKind } from '../../domain/fleet.js';
import type { Mailer } from '../auth/mailer.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { composeHooks, SYSTEM, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

type Row = Record<string, any>;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const plateKey = (plate: string) => plate.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

export interface FleetDashboard {
  veiculos: { total: number; disponiveis: number; em_uso: number; na_oficina: number };
  multas: { a_pagar: number; total_a_pagar: number; vencendo_7_dias: number };
  cnh: { vencendo_30_dias: number; vencidas: number };
  locacoes: { vencendo_30_dias: number; ativas: number; valor_mensal: number };
  solicitacoes_pendentes: number;
}

export class FleetService {
  constructor(
    private db: Database,
    private service: ResourceService,
    private mailer: Mailer,
  ) {}

  /** The rules of the drivers, fines, incidents and rentals. */
  registerHooks() {
    this.service.hooks.set('drivers', {
      beforeWrite: async ({ tx, values, operation }) => {
        if (!values || operation === 'delete' || (operation === 'update' && !('id_usuario' in values))) return;
        const { rows } = await tx.query<{ nome: string }>(`SELECT COALESCE(NULLIF(nome, ''), email) AS nome FROM auth.usuario WHERE id = $1`, [values.id_usuario]);
        values.nome = rows[0]?.nome ?? null;
      },
    });
    const driverOfVehicle: ResourceHooks = {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete' || !('id_motorista' in values || 'id_veiculo' in values)) return;
        const merged = { ...(existing ?? {}), ...values };
        if (merged.id_motorista == null || merged.id_veiculo == null) return;
        const { rows } = await tx.query<{ same: boolean }>(
          `SELECT m.id_empresa = v.id_empresa AS same FROM frota.motorista m, frota.veiculo v WHERE m.id = $1 AND v.id = $2`,
          [merged.id_motorista, merged.id_veiculo],
        );
        // A missing row is the reference check's to tell.
        if (rows[0] && !rows[0].same) throw new ValidationError({ id_motorista: FLEET_MSG.driverProvider });
      },
    };
    this.service.hooks.set('vehicle-incidents', driverOfVehicle);
    // The vehicle requests' module composes its own fines hook (the driver who had the vehicle) before this one.
    this.service.hooks.set('fines', composeHooks(this.service.hooks.get('fines'), driverOfVehicle));
    this.service.hooks.set('rentals', {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete' || !('id_locadora' in values) || values.id_locadora === existing?.id_locadora) return;
        const { rows } = await tx.query<{ ativo: boolean }>(`SELECT ativo FROM frota.locadora WHERE id = $1`, [values.id_locadora]);
        if (rows[0] && !rows[0].ativo) throw new ValidationError({ id_locadora: FLEET_MSG.inactiveRentalCompany });
      },
    });
  }

  /** The fleet home's figures over the vehicles of the caller's providers (every provider for the superadmin), on `today` (São Paulo). */
  async dashboard(actor: Actor, today: string, now: Date, providerId?: number): Promise<FleetDashboard> {
    const providers = actor.providerIds;
    const { rows } = await this.db.query<Row>(
      `WITH v AS (
         SELECT v.id, v.id_empresa,
                EXISTS (SELECT 1 FROM frota.manutencao m WHERE m.id_veiculo = v.id AND m.status = 'aberta' AND m.data_entrada <= $3::date) AS oficina,
                EXISTS (SELECT 1 FROM frota.solicitacao_veiculo s WHERE s.id_veiculo = v.id AND s.status = 'aprovada' AND s.data_inicio <= $4 AND s.data_fim > $4) AS uso
           FROM frota.veiculo v
          WHERE v.ativo AND ($1::int[] IS NULL OR v.id_empresa = ANY ($1)) AND ($2::int IS NULL OR v.id_empresa = $2))
       SELECT
         (SELECT count(*)::int FROM v) AS total,
         (SELECT count(*)::int FROM v WHERE oficina) AS na_oficina,
         (SELECT count(*)::int FROM v WHERE uso AND NOT oficina) AS em_uso,
         (SELECT count(*)::int FROM frota.multa m JOIN frota.veiculo x ON x.id = m.id_veiculo
           WHERE m.status = ANY ($5) AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS multas,
         (SELECT COALESCE(sum(m.valor), 0)::float8 FROM frota.multa m JOIN frota.veiculo x ON x.id = m.id_veiculo
           WHERE m.status = ANY ($5) AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS multas_total,
         (SELECT count(*)::int FROM frota.multa m JOIN frota.veiculo x ON x.id = m.id_veiculo
           WHERE m.status = ANY ($5) AND m.vencimento BETWEEN $3::date AND $3::date + 7
             AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS multas_7,
         (SELECT count(*)::int FROM frota.motorista d
           WHERE d.ativo AND d.cnh_validade BETWEEN $3::date AND $3::date + 30 AND ($1::int[] IS NULL OR d.id_empresa = ANY ($1)) AND ($2::int IS NULL OR d.id_empresa = $2)) AS cnh_30,
         (SELECT count(*)::int FROM frota.motorista d
           WHERE d.ativo AND d.cnh_validade < $3::date AND ($1::int[] IS NULL OR d.id_empresa = ANY ($1)) AND ($2::int IS NULL OR d.id_empresa = $2)) AS cnh_vencidas,
         (SELECT count(*)::int FROM frota.locacao l JOIN frota.veiculo x ON x.id = l.id_veiculo
           WHERE l.ativo AND l.data_fim BETWEEN $3::date AND $3::date + 30 AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS locacoes_30,
         (SELECT count(*)::int FROM frota.locacao l JOIN frota.veiculo x ON x.id = l.id_veiculo
           WHERE l.ativo AND l.data_inicio <= $3::date AND l.data_fim >= $3::date AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS locacoes_ativas,
         (SELECT COALESCE(sum(l.valor_mensal), 0)::float8 FROM frota.locacao l JOIN frota.veiculo x ON x.id = l.id_veiculo
           WHERE l.ativo AND l.data_inicio <= $3::date AND l.data_fim >= $3::date AND ($1::int[] IS NULL OR x.id_empresa = ANY ($1)) AND ($2::int IS NULL OR x.id_empresa = $2)) AS locacoes_valor,
         (SELECT count(*)::int FROM frota.solicitacao_veiculo s
           WHERE s.status = 'pendente' AND ($1::int[] IS NULL OR s.id_empresa = ANY ($1)) AND ($2::int IS NULL OR s.id_empresa = $2)) AS pendentes`,
      [providers, providerId ?? null, today, now.toISOString(), OPEN_FINE_STATUSES],
    );
    const r = rows[0];
    return {
      veiculos: { total: r.total, disponiveis: r.total - r.na_oficina - r.em_uso, em_uso: r.em_uso, na_oficina: r.na_oficina },
      multas: { a_pagar: r.multas, total_a_pagar: Math.round(r.multas_total * 100) / 100, vencendo_7_dias: r.multas_7 },
      cnh: { vencendo_30_dias: r.cnh_30, vencidas: r.cnh_vencidas },
      locacoes: { vencendo_30_dias: r.locacoes_30, ativas: r.locacoes_ativas, valor_mensal: Math.round(r.locacoes_valor * 100) / 100 },
      solicitacoes_pendentes: r.pendentes,
    };
  }

  /**
   * The term's data: the fine as the caller may read it (404 otherwise), whose responsible driver is
   * `driverId` and whose vehicle's plate is `plate` (with or without its dash, any case).
   */
  async term(actor: Actor, fineId: unknown, driverId: unknown, plate: string): Promise<FineTermData> {
    const fines = this.service.get('fines');
    const fine = (await this.service.getOne(fines, fineId, actor)) as Row;
    if (fine.id_motorista == null) throw new ValidationError({ id_motorista: FLEET_MSG.termNoDriver }, FLEET_MSG.termNoDriver);
    if (String(fine.id_motorista) !== String(driverId) || plateKey(String(fine.placa ?? '')) !== plateKey(plate)) throw new HttpError(404, FLEET_MSG.termNotFound);
    const { rows } = await this.db.query<Row>(
      `SELECT v.placa, v.marca, v.modelo, v.ano, e.nome AS provedor,
              d.id AS motorista_id, d.nome, d.cnh_numero, d.cnh_categoria, to_char(d.cnh_validade, 'YYYY-MM-DD') AS cnh_validade
         FROM frota.veiculo v JOIN rh.empresa e ON e.id = v.id_empresa, frota.motorista d
        WHERE v.id = $1 AND d.id = $2`,
      [fine.id_veiculo, fine.id_motorista],
    );
    const r = rows[0];
    if (!r) throw new HttpError(404, FLEET_MSG.termNotFound);
    return {
      multa: {
        id: fine.id,
        data_hora: fine.data_hora,
        local: fine.local,
        auto_infracao: fine.auto_infracao ?? null,
        codigo_infracao: fine.codigo_infracao,
        descricao_infracao: fine.descricao_infracao,
        gravidade: fine.gravidade,
        pontos: Number(fine.pontos),
        valor: Number(fine.valor),
        vencimento: fine.vencimento ?? null,
      },
      veiculo: { placa: r.placa, marca: r.marca, modelo: r.modelo, ano: r.ano },
      motorista: { id: r.motorista_id, nome: r.nome ?? '', cnh_numero: r.cnh_numero, cnh_categoria: r.cnh_categoria, cnh_validade: r.cnh_validade },
      provedor: { nome: r.provedor },
    };
  }

  /** The term as an A4 PDF. */
  termPdf(data: FineTermData, today: Date): Promise<Buffer> {
    const term = fineTerm(data, today);
    const doc = new PDFDocument({ size: 'A4', margins: { top: 56, bottom: 56, left: 64, right: 64 }, info: { Title: term.title, Subject: `Multa ${data.multa.id}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const width = doc.page.width - 128;
    doc.font('Helvetica-Bold').fontSize(13).text(term.title, { align: 'center' });
    doc.moveDown(1.2);
    for (const block of term.blocks) {
      doc.font('Helvetica-Bold').fontSize(10.5).text(block.title.toUpperCase());
      doc.moveTo(64, doc.y + 2).lineTo(64 + width, doc.y + 2).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.moveDown(0.4);
      for (const [label, value] of block.rows) {
        doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
      }
      doc.moveDown(0.8);
    }
    doc.font('Helvetica').fontSize(10.5);
    for (const p of term.paragraphs) {
      doc.text(p, { align: 'justify' });
      doc.moveDown(0.7);
    }
    doc.moveDown(1);
    doc.text(term.place);
    doc.moveDown(3.5);
    const col = (width - 40) / 2;
    const y = doc.y;
    term.signatures.forEach((caption, i) => {
      const x = 64 + i * (col + 40);
      doc.moveTo(x, y).lineTo(x + col, y).lineWidth(0.7).strokeColor('#000000').stroke();
      doc.fontSize(9.5).text(caption, x, y + 6, { width: col, align: 'center' });
    });
    doc.end();
    return done;
  }

  /**
   * The reminders due on `today`: each item whose date is 0 to N days ahead for a threshold N of its
   * kind, told at its most urgent such threshold, once (a later run, or a second instance, tells it no
   * more). Answers how many items were told.
   */
  async reminders(today: string): Promise<number> {
    const max = (kind: ReminderKind) => Math.max(...REMINDER_DAYS[kind]);
    const items: { kind: ReminderKind; id: number; empresa: number; data: string; nome?: string; placa?: string; valor?: number }[] = [];
    const q = async (kind: ReminderKind, sql: string) => {
      const { rows } = await this.db.query<Row>(sql, [today, addDays(today, max(kind))]);
      for (const r of rows) items.push({ kind, id: r.id, empresa: r.id_empresa, data: r.data, nome: r.nome, placa: r.placa, valor: r.valor == null ? undefined : Number(r.valor) });
    };
    await q('cnh', `SELECT id, id_empresa, nome, to_char(cnh_validade, 'YYYY-MM-DD') AS data FROM frota.motorista WHERE ativo AND cnh_validade BETWEEN $1::date AND $2::date ORDER BY id`);
    await q(
      'locacao',
      `SELECT l.id, v.id_empresa, v.placa, to_char(l.data_fim, 'YYYY-MM-DD') AS data FROM frota.locacao l JOIN frota.veiculo v ON v.id = l.id_veiculo
        WHERE l.ativo AND l.data_fim BETWEEN $1::date AND $2::date ORDER BY l.id`,
    );
    await q(
      'multa',
      `SELECT m.id, v.id_empresa, v.placa, m.valor, to_char(m.vencimento, 'YYYY-MM-DD') AS data FROM frota.multa m JOIN frota.veiculo v ON v.id = m.id_veiculo
        WHERE m.status IN ('a_identificar', 'indicado') AND m.vencimento BETWEEN $1::date AND $2::date ORDER BY m.id`,
    );
    let told = 0;
    for (const item of items) {
      const left = daysBetween(today, item.data);
      const threshold = Math.min(...REMINDER_DAYS[item.kind].filter((d) => left <= d));
      const sent = await this.db.transaction(async (tx) => {
        const claimed = await tx.query(
          `INSERT INTO frota.lembrete (tipo, id_item, dias, data_alvo) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
          [item.kind, item.id, threshold, item.data],
        );
        if (!claimed.rows.length) return false;
        await this.tellManagers(tx, item.empresa, item.kind, reminderText(item.kind, item, left));
        return true;
      });
      if (sent) told++;
    }
    return told;
  }

  private async tellManagers(tx: Queryable, providerId: number, kind: ReminderKind, text: { title: string; message: string }) {
    const { rows } = await tx.query<{ id: number; email: string; nome: string }>(
      `SELECT id, email, COALESCE(NULLIF(nome, ''), email) AS nome FROM auth.usuario
        WHERE ativo AND 'frota:gestor' = ANY (papeis) AND $1::int = ANY (id_empresas) ORDER BY id`,
      [providerId],
    );
    const link = { cnh: '/fleet/driver/list', locacao: '/fleet/rentals/list', multa: '/fleet/fines/list' }[kind];
    for (const user of rows) {
      await this.service.createIn(tx, this.service.get('notifications'), { id_usuario: user.id, data: { modulo: 'frota', msg: `${text.title}: ${text.message}`, link } }, SYSTEM);
      await this.mailer.send(tx, {
        to: user.email,
        subject: `Frota: ${text.title}`,
        text: [`Olá, ${user.nome}!`, '', text.message, '', 'Veja na intranet, em Frota.', '', 'Esta é uma mensagem automática; não é preciso respondê-la.'].join('\n'),
      });
    }
  }
}
