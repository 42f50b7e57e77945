// The texts of the events' overlap warning and calendar marks (beyond the marketing document: two
// active events in the same city on a same day). Pure: no I/O.
import { formatDate } from '../../src/domain/format.js';

export const EVENTS_RESOURCE = 'events';
export const OVERLAPS_PATH = '/v1/marketing/eventos/sobreposicoes';

export interface EventPeriod {
  id: number;
  evento: string;
  data_inicio: string;
  data_fim: string;
}

/** '10/07/2026' for one day, '10/07/2026 a 12/07/2026' for several. */
export const periodText = (e: Pick<EventPeriod, 'data_inicio' | 'data_fim'>) =>
  e.data_inicio === e.data_fim ? formatDate(e.data_inicio) : `${formatDate(e.data_inicio)} a ${formatDate(e.data_fim)}`;

const named = (events: EventPeriod[]) => events.map((e) => `${e.evento} (${periodText(e)})`).join(', ');

/** The register's warning: the other active events of the same city that share a day with this one. */
export function overlapNotice(others: EventPeriod[]): string {
  if (others.length === 1) return `Atenção: o evento ${named(others)} acontece na mesma cidade neste período.`;
  return `Atenção: os eventos ${named(others)} acontecem na mesma cidade neste período.`;
}

/** The calendar's mark of an event that shares a day with others of its city. */
export const overlapMark = (others: EventPeriod[]) => `Coincide na mesma cidade com ${named(others)}`;
