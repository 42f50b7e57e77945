// Runs an HR report (reports.ts) for a caller: its filters with their defaults, the caller's
// providers (the superadmin's: all), one page of rows in the asked order, the totals and the chart,
// the three queries at once.
import type { Database } from '../db/index.js';
import type { Actor } from '../resources/service.js';
import { calendarToday, readQuery, type Filters } from './filters.js';
import { REPORT_BY_KEY, type Chart, type Column, type QueryContext, type ReportDef, type Total } from './reports.js';

export interface ReportAnswer {
  relatorio: string;
  titulo: string;
  /** A line under the title (the news item of the read-confirm list), or null. */
  subtitulo: string | null;
  /** The filters the report reads, and their values (defaults applied). */
  filtros: string[];
  valores: Filters;
  colunas: Column[];
  linhas: Record<string, unknown>[];
  /** Rows matching the filters (every page). */
  total: number;
  pagina: number;
  por_pagina: number;
  ordem: string;
  direcao: 'asc' | 'desc';
  totais: Total[];
  grafico: Chart | null;
}

/**
 * A query's context and parameters. `scoped`: the common conditions go into `scope` (their parameters
 * added first); a query that writes only its own conditions (a subtitle) leaves them out, so that
 * it holds no parameter it does not use.
 */
function context(def: ReportDef, filters: Filters, today: string, providerIds: number[] | null, scoped = true): { c: QueryContext; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const scope: string[] = ['true'];
  const { provider, department } = def.scopeOn ?? { provider: 'f.id_empresa', department: 'f.id_departamento' };
  if (scoped && providerIds) scope.push(`${provider} = ANY(${param(providerIds)}::int[])`);
  if (scoped && filters.id_empresa) scope.push(`${provider} = ${param(filters.id_empresa)}`);
  if (scoped && filters.id_departamento) scope.push(`${department} = ${param(filters.id_departamento)}`);
  const inProviders = (column: string) => (providerIds ? `${column} = ANY(${param(providerIds)}::int[])` : 'true');
  return { c: { filters, today, param, scope: scope.join(' AND '), inProviders }, params };
}

/** The answer of report `key` (undefined when there is no such report). */
export async function runReport(db: Database, key: string, query: unknown, actor: Actor, maxRows: number, now = new Date()): Promise<ReportAnswer | undefined> {
  const def = REPORT_BY_KEY.get(key);
  if (!def) return undefined;
  const campos = def.colunas.map((c) => c.campo);
  const { filters: given, paging } = readQuery(query, def.filtros, campos, def.requires);
  const cal = calendarToday(now);
  const filters: Filters = { ...(def.defaults?.(cal) ?? {}), ...given };
  // A period with one end given: the other is the default's.
  const ordem = paging.ordem ?? def.ordem[0];
  const direcao = paging.ordem ? paging.direcao : def.ordem[1];
  const perPage = paging.porPagina === 'todos' ? maxRows : paging.porPagina;
  const offset = (paging.pagina - 1) * perPage;
  const providers = actor.providerIds === null || actor.providerIds === undefined ? null : [...actor.providerIds];

  const sortColumn = def.sortAs?.[ordem] ?? ordem;
  const dir = direcao === 'desc' ? 'DESC' : 'ASC';
  let page: Record<string, any>[];
  let total: number;
  let totais: Total[];
  let grafico: Chart | null = null;
  if (def.summary) {
    // A summary: every row in one query; totals, chart, order and page from them.
    const all = context(def, filters, cal.today, providers);
    const rows = (await db.query(def.rows(all.c), all.params)).rows;
    const sign = direcao === 'desc' ? -1 : 1;
    const empty = (v: unknown) => v === null || v === undefined;
    // Empty cells last either way.
    rows.sort((a, b) => Number(empty(a[sortColumn])) - Number(empty(b[sortColumn])) || sign * (compare(a[sortColumn], b[sortColumn]) || compare(String(a.chave), String(b.chave))));
    total = rows.length;
    page = rows.slice(offset, offset + perPage);
    totais = def.summary.totais(rows);
    grafico = def.summary.chart && rows.length ? def.summary.chart(rows) : null;
  } else {
    const rows = context(def, filters, cal.today, providers);
    // Sorted and cut in the database (an index can serve the order and the limit: no window count).
    const rowsSql = `SELECT r.* FROM (${def.rows(rows.c)}${def.fence ? ' OFFSET 0' : ''}) r
      ORDER BY r.${JSON.stringify(sortColumn)} ${dir}, r.chave ${dir}
      LIMIT ${perPage} OFFSET ${offset}`;
    const totals = context(def, filters, cal.today, providers);
    const chart = def.chart ? context(def, filters, cal.today, providers) : null;
    // The rows matching: one of the totals when the report says so, else counted.
    const count = def.countFrom ? null : context(def, filters, cal.today, providers);
    const [rowsResult, totalsResult, chartResult, countResult] = await Promise.all([
      db.query(rowsSql, rows.params),
      def.totalsSql ? db.query(def.totalsSql(totals.c), totals.params) : Promise.resolve(null),
      def.chart && chart ? db.query(def.chart.sql(chart.c), chart.params) : Promise.resolve(null),
      count ? db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${def.rows(count.c)}) r`, count.params) : Promise.resolve(null),
    ]);
    const totalsRow = totalsResult?.rows[0] ?? {};
    total = def.countFrom ? Number(totalsRow[def.countFrom] ?? 0) : Number(countResult?.rows[0]?.n ?? 0);
    page = rowsResult.rows;
    totais = def.totais ? def.totais(totalsRow) : [];
    grafico = def.chart && chart && chartResult ? def.chart.build(chartResult.rows, chart.c) : null;
  }
  let subtitulo: string | null = null;
  if (def.subtitle) {
    // Its own conditions: the caller's providers on the column the subtitle names.
    const sub = context(def, filters, cal.today, providers, false);
    subtitulo = ((await db.query<{ subtitulo: string }>(def.subtitle(sub.c), sub.params)).rows[0]?.subtitulo as string | undefined) ?? null;
  }
  const linhas = page.map((row) => {
    const out: Record<string, unknown> = { id: String(row.chave) };
    for (const campo of campos) out[campo] = dateText(row[campo]);
    return out;
  });
  return {
    relatorio: def.key,
    titulo: def.titulo,
    subtitulo,
    filtros: def.filtros,
    valores: filters,
    colunas: def.colunas,
    linhas,
    total,
    pagina: paging.pagina,
    por_pagina: perPage,
    ordem,
    direcao,
    totais,
    grafico,
  };
}

/** Order of two cells: empty last (ascending), numbers as numbers, text in pt-BR. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'pt-BR');
}

/** A date column as 'AAAA-MM-DD' (PGlite and pg answer Date objects or text). */
function dateText(value: unknown): unknown {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  return value;
}
