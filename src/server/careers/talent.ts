// The resume database (/ResumeDatabase/list), the keyword search of a vacancy's applicants
// (/careers/admin/keywords/...) and the careers dashboard (/dashboards/careers).
//
// Search: each person's resume is one text (name, about, education, experience, certificates) matched
// with PostgreSQL's Portuguese full-text search over the unaccented lower-case text (public.f_unaccent:
// accents and case never matter; 'tecnica' finds 'Técnico', 'fibras' finds 'fibra'), ranked by
// ts_rank_cd; the snippet is ts_headline's fragment of the unaccented text mapped back onto the
// original (f_unaccent keeps every character's position), so it shows the resume's own spelling.
import { APPLICATION_STATUSES } from '../../domain/careers.js';
import type { Database } from '../db/index.js';
import { Params } from '../resources/query.js';

type Row = Record<string, any>;

const MARK_START = '\u0001';
const MARK_END = '\u0002';

export interface TalentFilters {
  q?: string;
  uf?: string;
  cidade?: string;
  tipo?: 'candidato' | 'funcionario';
  /** Applicants of this vacancy (the keyword search), instead of the resume database's consenting people. */
  vaga?: number;
  offset?: number;
  limit?: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The snippet in the original text: `headline` is ts_headline's fragment of the unaccented text with
 * the marks around the matches; its plain text is found in the unaccented whole, and the same span of
 * the original is answered as HTML with <mark> where the matches are.
 */
export function snippetOf(original: string, unaccented: string, headline: string | null): string {
  if (!headline) return escapeHtml(original.slice(0, 240));
  const plain = headline.replace(new RegExp(`[${MARK_START}${MARK_END}]`, 'g'), '');
  const at = unaccented.indexOf(plain);
  if (at < 0 || original.length !== unaccented.length) return escapeHtml(plain).replace(new RegExp(MARK_START, 'g'), '<mark>').replace(new RegExp(MARK_END, 'g'), '</mark>');
  let out = '';
  let i = at;
  for (const ch of headline) {
    if (ch === MARK_START) out += '<mark>';
    else if (ch === MARK_END) out += '</mark>';
    else out += escapeHtml(original[i++]);
  }
  return out;
}

export class TalentSearch {
  constructor(private db: Database) {}

  /**
   * People matching the words, best first. The resume database shows those who allowed it
   * (rh.candidato.banco_talentos); the vacancy mode, the vacancy's applicants (they sent their
   * resume to it), with their application's step.
   */
  async search(f: TalentFilters) {
    const p = new Params();
    const q = (f.q ?? '').trim().slice(0, 200);
    const query = p.add(q);
    const where: string[] = [];
    let join = '';
    if (f.vaga !== undefined) {
      join = `JOIN rh.candidatura a ON a.id_usuario = u.id AND a.id_vaga = ${p.add(f.vaga)}`;
    } else {
      where.push('c.banco_talentos');
    }
    if (f.uf) where.push(`c.uf = ${p.add(f.uf.toUpperCase())}`);
    if (f.cidade) where.push(`public.f_unaccent(c.cidade) = public.f_unaccent(${p.add(f.cidade)})`);
    if (f.tipo === 'funcionario') where.push('u.funcionario');
    if (f.tipo === 'candidato') where.push('NOT u.funcionario');
    const limit = Math.min(Math.max(f.limit ?? 20, 1), 100);
    const offset = Math.max(f.offset ?? 0, 0);
    const docs = `
      SELECT u.id AS id_usuario, u.nome, u.email, u.funcionario, c.telefone, c.cidade, c.uf, c.linkedin, (c.curriculo IS NOT NULL) AS tem_curriculo,
             ${f.vaga !== undefined ? 'a.id AS id_candidatura, a.status, a.created_at AS candidatura_em,' : ''}
             concat_ws(' · ', u.nome, c.apresentacao,
               (SELECT string_agg(concat_ws(', ', x.descricao, x.ie), ' · ' ORDER BY x.data_inicio DESC) FROM curriculo.formacao x WHERE x.id_usuario = u.id),
               (SELECT string_agg(concat_ws(', ', x.funcao, x.empresa, x.cidade, x.descricao), ' · ' ORDER BY x.data_inicio DESC) FROM curriculo.experiencia x WHERE x.id_usuario = u.id),
               (SELECT string_agg(concat_ws(', ', x.descricao, x.organizacao), ' · ' ORDER BY x.data_emissao DESC NULLS LAST) FROM curriculo.certificado x WHERE x.id_usuario = u.id)
             ) AS texto,
             greatest(c.created_at,
               (SELECT max(x.created_at) FROM curriculo.formacao x WHERE x.id_usuario = u.id),
               (SELECT max(x.created_at) FROM curriculo.experiencia x WHERE x.id_usuario = u.id),
               (SELECT max(x.created_at) FROM curriculo.certificado x WHERE x.id_usuario = u.id)) AS atualizado_em
        FROM auth.usuario u
        ${f.vaga !== undefined ? 'LEFT' : ''} JOIN rh.candidato c ON c.id_usuario = u.id
        ${join}
       WHERE u.ativo ${where.length ? `AND ${where.join(' AND ')}` : ''}`;
    const tsq = `websearch_to_tsquery('portuguese', public.f_unaccent(${query}))`;
    const matches = `(${query} = '' OR to_tsvector('portuguese', public.f_unaccent(d.texto)) @@ ${tsq})`;
    const { rows } = await this.db.query<Row>(
      `SELECT d.*, public.f_unaccent(d.texto) AS texto_sem_acento,
              CASE WHEN ${query} = '' THEN 0 ELSE ts_rank_cd(to_tsvector('portuguese', public.f_unaccent(d.texto)), ${tsq}) END AS relevancia,
              CASE WHEN ${query} = '' THEN NULL
                   ELSE ts_headline('portuguese', public.f_unaccent(d.texto), ${tsq}, 'StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, MaxFragments=1') END AS trecho_marcado,
              count(*) OVER ()::int AS total
         FROM (${docs}) d
        WHERE ${matches}
        ORDER BY relevancia DESC, d.atualizado_em DESC NULLS LAST, d.nome, d.id_usuario
        LIMIT ${limit} OFFSET ${offset}`,
      p.values,
    );
    return {
      total: rows[0]?.total ?? 0,
      resultados: rows.map(({ texto, texto_sem_acento, trecho_marcado, total: _t, relevancia, ...r }) => ({
        ...r,
        relevancia: Number(relevancia),
        trecho: q ? snippetOf(texto ?? '', texto_sem_acento ?? '', trecho_marcado) : escapeHtml(String(texto ?? '').slice(0, 240)),
      })),
    };
  }

  /** Whether a person's resume is in the resume database (they allowed it). */
  async consented(userId: number) {
    const { rows } = await this.db.query(`SELECT 1 FROM rh.candidato c JOIN auth.usuario u ON u.id = c.id_usuario WHERE c.id_usuario = $1 AND c.banco_talentos AND u.ativo`, [userId]);
    return rows.length > 0;
  }

  /**
   * GET /v1/careers/dashboard: vacancies (open, drafts, closed), applications per step, per vacancy,
   * per week and per source in the period, and the time to fill (start of the vacancy to its first
   * approved application), within the caller's providers.
   */
  async dashboard(providerIds: number[] | null, f: { empresa?: number; de: string; ate: string; today: string }) {
    /** One query's parameters: the scope of vacancies (alias v) and the period's bounds, as it uses them. */
    const query = <T extends Row>(build: (x: { vScope: string; inPeriod: (column: string) => string; open: () => string }) => string) => {
      const p = new Params();
      const scope = [
        ...(providerIds === null ? [] : [`v.id_empresa = ANY(${p.add(providerIds)}::int[])`]),
        ...(f.empresa !== undefined ? [`v.id_empresa = ${p.add(f.empresa)}`] : []),
      ];
      const inPeriod = (column: string) =>
        `${column} >= (${p.add(f.de)}::date::timestamp AT TIME ZONE 'America/Sao_Paulo') AND ${column} < ((${p.add(f.ate)}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`;
      const open = () => {
        const today = p.add(f.today);
        return `(v.publicada AND v.ativo AND v.data_inicio <= ${today}::date AND (v.data_encerramento IS NULL OR v.data_encerramento >= ${today}::date))`;
      };
      const sql = build({ vScope: scope.length ? scope.join(' AND ') : 'true', inPeriod, open });
      return this.db.query<T>(sql, p.values);
    };
    const [vacancies, steps, perVacancy, perWeek, sources, fill] = await Promise.all([
      query((x) => {
        const open = x.open();
        return `SELECT count(*) FILTER (WHERE ${open})::int AS abertas,
                count(*) FILTER (WHERE NOT v.publicada AND v.ativo)::int AS rascunhos,
                count(*) FILTER (WHERE NOT ${open} AND v.publicada)::int AS encerradas,
                COALESCE(sum(v.vagas) FILTER (WHERE ${open}), 0)::int AS posicoes_abertas
           FROM rh.vaga v WHERE ${x.vScope}`;
      }),
      query<{ status: string; total: number }>(
        (x) => `SELECT a.status, count(*)::int AS total FROM rh.candidatura a JOIN rh.vaga v ON v.id = a.id_vaga WHERE ${x.vScope} AND ${x.inPeriod('a.created_at')} GROUP BY a.status`,
      ),
      query(
        (x) => `SELECT v.id, v.titulo_vaga, e.nome AS empresa, count(a.id)::int AS total,
                ${APPLICATION_STATUSES.map((s) => `count(a.id) FILTER (WHERE a.status = '${s}')::int AS ${s}`).join(', ')}
           FROM rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa
           JOIN rh.candidatura a ON a.id_vaga = v.id AND ${x.inPeriod('a.created_at')}
          WHERE ${x.vScope}
          GROUP BY v.id, v.titulo_vaga, e.nome
          ORDER BY total DESC, v.titulo_vaga, v.id LIMIT 15`,
      ),
      query<{ semana: string; total: number }>(
        (x) => `SELECT to_char(date_trunc('week', a.created_at AT TIME ZONE 'America/Sao_Paulo'), 'YYYY-MM-DD') AS semana, count(*)::int AS total
           FROM rh.candidatura a JOIN rh.vaga v ON v.id = a.id_vaga WHERE ${x.vScope} AND ${x.inPeriod('a.created_at')}
          GROUP BY 1 ORDER BY 1`,
      ),
      query<{ origem: string; total: number }>(
        (x) => `SELECT a.origem, count(*)::int AS total FROM rh.candidatura a JOIN rh.vaga v ON v.id = a.id_vaga WHERE ${x.vScope} AND ${x.inPeriod('a.created_at')} GROUP BY a.origem ORDER BY total DESC, a.origem`,
      ),
      query<{ dias: number }>(
        (x) => `SELECT greatest(0, (min(a.status_em AT TIME ZONE 'America/Sao_Paulo')::date - v.data_inicio))::int AS dias
           FROM rh.vaga v JOIN rh.candidatura a ON a.id_vaga = v.id AND a.status = 'aprovado'
          WHERE ${x.vScope} AND ${x.inPeriod('a.status_em')}
          GROUP BY v.id, v.data_inicio`,
      ),
    ]);
    const days = fill.rows.map((r) => r.dias).sort((a, b) => a - b);
    const median = days.length ? (days.length % 2 ? days[(days.length - 1) / 2] : (days[days.length / 2 - 1] + days[days.length / 2]) / 2) : null;
    const byStep = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, steps.rows.find((r) => r.status === s)?.total ?? 0]));
    return {
      periodo: { de: f.de, ate: f.ate },
      vagas: vacancies.rows[0],
      candidaturas: { total: Object.values(byStep).reduce((a, b) => a + b, 0), por_etapa: byStep },
      por_vaga: perVacancy.rows,
      por_semana: perWeek.rows,
      origens: sources.rows,
      tempo_preenchimento: {
        vagas: days.length,
        media_dias: days.length ? Math.round((10 * days.reduce((a, b) => a + b, 0)) / days.length) / 10 : null,
        mediana_dias: median,
      },
    };
  }
}
