// The calls of the events' overlap warning and calendar marks: GET v1/marketing/eventos/sobreposicoes
// (src/server/v1/events.ts), with the role of the events' areas.
import { v1Json } from '../../src/admin/pages.js';
import { OVERLAPS_PATH, overlapMark, type EventPeriod } from './texts.js';

/** The events' role areas (schemas/marketing/events.json: module and alsoModules). */
export const EVENT_AREAS = ['marketing', 'regua_comunicacao'];

/** The other active events of the city `cidade` sharing a day with [inicio, fim], `id` left out. */
export async function overlapsWith(query: { cidade: number | string; inicio: string; fim: string; id?: number | string }): Promise<EventPeriod[]> {
  const params = new URLSearchParams({ cidade: String(query.cidade), data_inicio: query.inicio, data_fim: query.fim });
  if (query.id !== undefined && query.id !== null && query.id !== '') params.set('id', String(query.id));
  const answer = await v1Json<{ sobreposicoes: EventPeriod[] }>(`${OVERLAPS_PATH}?${params}`, { module: EVENT_AREAS });
  return answer.sobreposicoes;
}

/** The calendar's marks of a period: event id -> the text naming the events it meets. */
export async function calendarMarks({ start, end }: { start: string; end: string }): Promise<Record<string, string>> {
  const params = new URLSearchParams({ data_inicio: start, data_fim: end });
  const answer = await v1Json<{ sobreposicoes: (EventPeriod & { com: EventPeriod[] })[] }>(`${OVERLAPS_PATH}?${params}`, { module: EVENT_AREAS });
  return Object.fromEntries(answer.sobreposicoes.map((e) => [String(e.id), overlapMark(e.com)]));
}
