// Sponsorship requests (issue 17): the public form's request written with its attachments in one
// transaction and confirmed to the requester by e-mail; marketing's decisions need a justification of
// the matching kind, and each new status is e-mailed to the requester.
import { isValidCNPJ, isValidCPF } from '@brazilian-utils/brazilian-utils';
import { JUSTIFICATION_KIND, protocolOf, SPONSORSHIP_FORM_FIELDS, SPONSORSHIP_MSG, SPONSORSHIP_STATUS_LABELS, type SponsorshipStatus } from '../../domain/sponsorship.js';
import { slugify } from '../../domain/careers.js';
import type { Mailer } from '../auth/mailer.js';
import type { Database, Queryable } from '../db/index.js';
import { assertMunicipality, canonicalCity } from '../geo/cities.js';
import { SYSTEM, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import { todayInSaoPaulo } from '../roulette/service.js';

type Row = Record<string, any>;

/** The public form's fields, as the multipart sends them (text). */
export const FORM_FIELDS = SPONSORSHIP_FORM_FIELDS;

/** '1.234,56', '1234.56', 'R$ 1.234,56' -> 1234.56; '' -> null; anything else is left for the schema to refuse. */
function money(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return null;
  const t = text.replace(/R\$\s*/i, '').trim();
  const normal = /,\d{1,2}$/.test(t) || /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t) ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : text;
}

/** '12.000' or '12000' -> 12000; else the text (the schema refuses it). */
function count(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  const t = text.trim().replace(/\./g, '');
  return /^\d{1,9}$/.test(t) ? Number(t) : text;
}

export class SponsorshipService {
  readonly requests;

  constructor(
    private db: Database,
    private service: ResourceService,
    private mailer: Mailer,
    private appUrl: () => string | undefined,
  ) {
    this.requests = service.get('sponsorship-requests');
  }

  async providers() {
    const { rows } = await this.db.query<{ id: number; nome: string }>(`SELECT id, nome FROM rh.empresa WHERE ativo ORDER BY nome, id`);
    return rows.map((r) => ({ ...r, slug: slugify(r.nome) }));
  }

  /** The record of the public form's text fields (the schema then checks it as any write). */
  recordOf(fields: Record<string, string>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const name of FORM_FIELDS) {
      const value = fields[name];
      if (value === undefined || value.trim() === '') continue;
      out[name] = value.trim();
    }
    if (out.id_empresa !== undefined) out.id_empresa = /^\d{1,9}$/.test(String(out.id_empresa)) ? Number(out.id_empresa) : out.id_empresa;
    if (out.uf !== undefined) out.uf = String(out.uf).toUpperCase();
    out.publico_estimado = count(fields.publico_estimado);
    if (out.publico_estimado === undefined) delete out.publico_estimado;
    const value = money(fields.valor_solicitado);
    if (value === null) delete out.valor_solicitado;
    else out.valor_solicitado = value;
    return out;
  }

  /** Checks a public request's rules beyond the schema (document, date, city); every problem on its field. */
  private checkRequest(values: Record<string, unknown>, existing: Row | null) {
    const errors: Record<string, string> = {};
    const merged = { ...(existing ?? {}), ...values };
    if ('documento' in values) {
      const digits = String(values.documento ?? '').replace(/\D/g, '');
      if (!(digits.length === 11 ? isValidCPF(digits) : digits.length === 14 ? isValidCNPJ(digits) : false)) errors.documento = SPONSORSHIP_MSG.badDocument;
    }
    if (!existing && typeof values.data_evento === 'string' && values.data_evento < todayInSaoPaulo()) errors.data_evento = SPONSORSHIP_MSG.pastDate;
    if (('cidade' in values || 'uf' in values) && merged.uf) {
      values.cidade = canonicalCity(merged.cidade, merged.uf);
      try {
        assertMunicipality(values.cidade, merged.uf);
      } catch (e) {
        if (e instanceof ValidationError) errors.cidade = Object.values(e.errors)[0];
        else throw e;
      }
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  hooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete') return;
        this.checkRequest(values, existing);
        const status = (values.status ?? existing?.status) as SponsorshipStatus;
        const changed = existing && values.status !== undefined && values.status !== existing.status;
        const kind = JUSTIFICATION_KIND[status];
        if (kind && (changed || 'id_justificativa' in values)) {
          const id = values.id_justificativa !== undefined ? values.id_justificativa : existing?.id_justificativa;
          if (id == null) throw new ValidationError({ id_justificativa: SPONSORSHIP_MSG.justificationRequired });
          const { rows } = await tx.query<{ tipo: string }>(`SELECT tipo FROM marketing.patrocinio_justificativa WHERE id = $1`, [id]);
          if (rows[0]?.tipo !== kind) throw new ValidationError({ id_justificativa: SPONSORSHIP_MSG.justificationKind(kind) });
        }
        if (changed) values.decidido_em = kind ? new Date().toISOString() : null;
      },
      afterWrite: async ({ tx, operation, existing, row }) => {
        if (operation === 'update' && existing && row.status !== existing.status) await this.tellDecision(tx, row);
      },
    };
  }

  /** POST /v1/public/patrocinios: the request, its attachments (already stored) and the confirmation, in the caller's transaction. */
  async create(tx: Queryable, record: Record<string, unknown>, attachmentIds: string[]) {
    const row = await this.service.createIn(tx, this.requests, record, SYSTEM);
    const protocolo = protocolOf(row.id, row.created_at);
    await tx.query(`UPDATE marketing.patrocinio_solicitacao SET protocolo = $2, anexos = $3::text[] WHERE id = $1`, [row.id, protocolo, attachmentIds]);
    const provider = (await tx.query<{ nome: string }>(`SELECT nome FROM rh.empresa WHERE id = $1`, [row.id_empresa])).rows[0]?.nome ?? '';
    await this.mailer.send(tx, {
      to: row.email,
      subject: SPONSORSHIP_MSG.confirmationSubject(protocolo),
      text: [
        `Olá, ${row.responsavel}!`,
        '',
        `Recebemos a solicitação de patrocínio do evento "${row.evento}" para a ${provider}.`,
        `Protocolo: ${protocolo}.`,
        attachmentIds.length ? `Anexos recebidos: ${attachmentIds.length}.` : '',
        '',
        'A equipe de marketing vai analisar o pedido e responder por este e-mail.',
        '',
        'Esta é uma mensagem automática; não é preciso respondê-la.',
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    });
    return { id: row.id as number, protocolo, email: row.email as string };
  }

  private async tellDecision(tx: Queryable, row: Row) {
    const status = SPONSORSHIP_STATUS_LABELS[row.status as SponsorshipStatus] ?? row.status;
    const { rows } = await tx.query<{ descricao: string | null; empresa: string }>(
      `SELECT j.descricao, e.nome AS empresa FROM rh.empresa e LEFT JOIN marketing.patrocinio_justificativa j ON j.id = $2 WHERE e.id = $1`,
      [row.id_empresa, row.id_justificativa],
    );
    const found = rows[0];
    const protocolo = row.protocolo ?? protocolOf(row.id, row.created_at);
    await this.mailer.send(tx, {
      to: row.email,
      subject: SPONSORSHIP_MSG.decisionSubject(protocolo, status),
      text: [
        `Olá, ${row.responsavel}!`,
        '',
        `A solicitação de patrocínio do evento "${row.evento}" (protocolo ${protocolo}) à ${found?.empresa ?? ''} está agora: ${status}.`,
        ...(JUSTIFICATION_KIND[row.status as SponsorshipStatus] && found?.descricao ? ['', `Justificativa: ${found.descricao}`] : []),
        ...(row.parecer ? ['', row.parecer] : []),
        '',
        'Esta é uma mensagem automática; não é preciso respondê-la.',
      ].join('\n'),
    });
  }
}
