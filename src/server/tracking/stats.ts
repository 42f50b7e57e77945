// The statistics of a tracking link over a period of local days (America/Sao_Paulo): totals, clicks
// per day, and the people's devices, browsers, systems and referrers. The kinds of request are
// apart: head (HEAD requests), previews (link-preview fetchers), bots (other bots), humanos (the
// rest: GET by a browser); cliques is all of them. unicos counts the people's visits with one per
// address hash and hour; qr the people's visits through the QR code.
import type { Queryable } from '../db/index.js';
import { ValidationError } from '../schemas/validation.js';
import { TRACKING_MSG } from './messages.js';

export const TIME_ZONE = 'America/Sao_Paulo';
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;

export interface Period {
  de: string;
  ate: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (v: unknown): v is string => typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Today in São Paulo, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The period asked (de, ate: YYYY-MM-DD), by default the last 30 days up to today. */
export function periodOf(query: { de?: unknown; ate?: unknown }, now = new Date()): Period {
  const ate = query.ate === undefined || query.ate === '' ? today(now) : query.ate;
  const de = query.de === undefined || query.de === '' ? (isDay(ate) ? addDays(ate, -(DEFAULT_DAYS - 1)) : ate) : query.de;
  if (!isDay(de) || !isDay(ate) || de > ate) throw new ValidationError({ de: TRACKING_MSG.badPeriod }, TRACKING_MSG.badPeriod);
  if ((Date.parse(ate) - Date.parse(de)) / 86_400_000 + 1 > MAX_DAYS) throw new ValidationError({ de: TRACKING_MSG.longPeriod }, TRACKING_MSG.longPeriod);
  return { de, ate };
}

const HUMAN = `metodo = 'GET' AND NOT bot`;

export async function linkStats(db: Queryable, id: number, period: Period) {
  const range = `id_tracking_url = $1 AND created_at >= ($2::date::timestamp AT TIME ZONE '${TIME_ZONE}') AND created_at < (($3::date + 1)::timestamp AT TIME ZONE '${TIME_ZONE}')`;
  const params = [id, period.de, period.ate];
  const totals = (
    await db.query<Record<string, number>>(
      `SELECT count(*)::int AS cliques,
              count(*) FILTER (WHERE ${HUMAN})::int AS humanos,
              count(*) FILTER (WHERE metodo = 'GET' AND bot AND NOT preview)::int AS bots,
              count(*) FILTER (WHERE metodo = 'GET' AND preview)::int AS previews,
              count(*) FILTER (WHERE metodo = 'HEAD')::int AS head,
              count(DISTINCT (visitante, date_trunc('hour', created_at))) FILTER (WHERE ${HUMAN})::int AS unicos,
              count(*) FILTER (WHERE ${HUMAN} AND qr)::int AS qr
         FROM vendas.tracking_clique WHERE ${range}`,
      params,
    )
  ).rows[0];
  const porDia = (
    await db.query<{ data: string; humanos: number; bots: number; unicos: number }>(
      `WITH c AS (
         SELECT (created_at AT TIME ZONE '${TIME_ZONE}')::date AS dia, metodo, bot, visitante, date_trunc('hour', created_at) AS hora
           FROM vendas.tracking_clique WHERE ${range}
       )
       SELECT to_char(d, 'YYYY-MM-DD') AS data,
              (SELECT count(*) FROM c WHERE c.dia = d::date AND c.metodo = 'GET' AND NOT c.bot)::int AS humanos,
              (SELECT count(*) FROM c WHERE c.dia = d::date AND c.metodo = 'GET' AND c.bot)::int AS bots,
              (SELECT count(DISTINCT (c.visitante, c.hora)) FROM c WHERE c.dia = d::date AND c.metodo = 'GET' AND NOT c.bot)::int AS unicos
         FROM generate_series($2::date, $3::date, interval '1 day') AS d
        ORDER BY d`,
      params,
    )
  ).rows;
  const breakdown = async (column: string, limit = 10) =>
    (
      await db.query<{ nome: string | null; cliques: number }>(
        `SELECT ${column} AS nome, count(*)::int AS cliques FROM vendas.tracking_clique
          WHERE ${range} AND ${HUMAN} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`,
        params,
      )
    ).rows;
  return {
    periodo: period,
    totais: totals,
    por_dia: porDia,
    dispositivos: await breakdown('dispositivo'),
    navegadores: await breakdown('navegador'),
    sistemas: await breakdown('sistema'),
    referencias: await breakdown('referrer'),
  };
}
