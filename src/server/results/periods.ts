// The windows of the results report (marketing document, section 9: "3 months (sintético) and 5
// periods (semanal)"): calendar months and Monday-to-Sunday weeks of São Paulo, the current one
// included, oldest first, plus the one before the first (the first column's comparison).
import { MONTH_NAMES } from '../../domain/format.js';
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

export interface Window {
  /** '2026-11' (month) or the week's Monday '2026-11-23'. */
  chave: string;
  /** 'Novembro/2026' or '23/11 a 29/11'. */
  rotulo: string;
  periodo_inicio: string;
  periodo_fim: string;
}

const MONTHS = MONTH_NAMES;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const dayMonth = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}`;

const todayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's São Paulo date as a UTC midnight (only its calendar fields are used). */
export function businessToday(now: Date = new Date()): Date {
  const [y, m, d] = todayFormat.format(now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** `count` months ending with the current one, oldest first, and the month before them. */
export function monthWindows(count: number, now: Date = new Date()): { periodos: Window[]; anterior: Window } {
  const today = businessToday(now);
  const all: Window[] = [];
  for (let back = count; back >= 0; back--) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
    all.push({
      chave: iso(start).slice(0, 7),
      rotulo: `${MONTHS[start.getUTCMonth()]}/${start.getUTCFullYear()}`,
      periodo_inicio: iso(start),
      periodo_fim: iso(end),
    });
  }
  return { anterior: all[0], periodos: all.slice(1) };
}

/** `count` Monday-to-Sunday weeks ending with the current one, oldest first, and the week before them. */
export function weekWindows(count: number, now: Date = new Date()): { periodos: Window[]; anterior: Window } {
  const today = businessToday(now);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  const all: Window[] = [];
  for (let back = count; back >= 0; back--) {
    const start = new Date(monday.getTime() - back * 7 * 86_400_000);
    const end = new Date(start.getTime() + 6 * 86_400_000);
    all.push({ chave: iso(start), rotulo: `${dayMonth(start)} a ${dayMonth(end)}`, periodo_inicio: iso(start), periodo_fim: iso(end) });
  }
  return { anterior: all[0], periodos: all.slice(1) };
}
