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

function context(def: ReportDef, filters: Filters, today: string, providerIds: number[] | null): { c: QueryContext; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const scope: string[] = ['true'];
  if (providerIds) scope.push(`f.id_empresa = ANY(${param(providerIds)}::int[])`);
  if (filters.id_empresa) scope.push(`f.id_empresa = ${param(filters.id_empresa)}`);
  if (filters.id_departamento) scope.push(`f.id_departamento = ${param(filters.id_departamento)}`);
  return { c: { filters, today, param, scope: scope.join(' AND ') }, params };
}

/** The answer of report `key` (undefined when there is no such report). */
export async function runReport(db: Database, key: string, query: unknown, actor: Actor, maxRows: number, now = new Date()): Promise<ReportAnswer | undefined> {
  const def = REPORT_BY_KEY.get(key);
  if (!def) return undefined;
  const campos = def.colunas.map((c) => c.campo);
  const { filters: given, paging } = readQuery(query, def.filtros, campos);
  const cal = calendarToday(now);
  const filters: Filters = { ...(def.defaults?.(cal) ?? {}), ...given };
  // A period with one end given: the other is the default's.
  const ordem = paging.ordem ?? def.ordem[0];
  const direcao = paging.ordem ? paging.direcao : def.ordem[1];
  const perPage = paging.porPagina === 'todos' ? maxRows : paging.porPagina;
  const offset = (paging.pagina - 1) * perPage;
  const providers = actor.providerIds === null || actor.providerIds === undefined ? null : [...actor.providerIds];

  const rows = context(def, filters, cal.today, providers);
  const sortColumn = def.sortAs?.[ordem] ?? ordem;
  const dir = direcao === 'desc' ? 'DESC' : 'ASC';
  const rowsSql = `SELECT r.*, count(*) OVER () AS __total FROM (${def.rows(rows.c)}) r
    ORDER BY r.${JSON.stringify(sortColumn)} ${dir} NULLS LAST, r.chave ${dir}
    LIMIT ${perPage} OFFSET ${offset}`;
  const totals = context(def, filters, cal.today, providers);
  const totalsSql = def.totalsSql(totals.c);
  const chart = def.chart ? context(def, filters, cal.today, providers) : null;
  const chartSql = def.chart && chart ? def.chart.sql(chart.c) : null;

  const [rowsResult, totalsResult, chartResult] = await Promise.all([
    db.query(rowsSql, rows.params),
    db.query(totalsSql, totals.params),
    chartSql && chart ? db.query(chartSql, chart.params) : Promise.resolve(null),
  ]);
  let total = rowsResult.rows.length ? Number(rowsResult.rows[0].__total) : 0;
  if (!rowsResult.rows.length && offset > 0) {
    // A page past the end: the count still answers.
    const count = context(def, filters, cal.today, providers);
    total = Number((await db.query(`SELECT count(*)::int AS n FROM (${def.rows(count.c)}) r`, count.params)).rows[0].n);
  }
  const linhas = rowsResult.rows.map((row) => {
    const out: Record<string, unknown> = { id: String(row.chave) };
    for (const campo of campos) out[campo] = dateText(row[campo]);
    return out;
  });
  return {
    relatorio: def.key,
    titulo: def.titulo,
    filtros: def.filtros,
    valores: filters,
    colunas: def.colunas,
    linhas,
    total,
    pagina: paging.pagina,
    por_pagina: perPage,
    ordem,
    direcao,
    totais: def.totais(totalsResult.rows[0] ?? {}),
    grafico: def.chart && chart && chartResult ? def.chart.build(chartResult.rows, chart.c) : null,
  };
}

/** A date column as 'AAAA-MM-DD' (PGlite and pg answer Date objects or text). */
function dateText(value: unknown): unknown {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  return value;
}
