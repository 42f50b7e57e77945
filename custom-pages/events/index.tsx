// The marketing events (marketing document, sections 2 to 8 "Events"): the list, register and edit
// screens and the month calendar are generated from schemas/marketing/events.json
// (/marketing/events/list|register|edit/{id}|calendar). Here, beyond the document: the form's warning
// when the chosen city and period meet another active event (formNotices), and the calendar's marks
// of such events (calendarMarks), both read from GET v1/marketing/eventos/sobreposicoes.
import { lazy } from 'react';
import type { CalendarMarks, FormNotice } from '../../src/admin/pages.js';
import { EVENTS_RESOURCE } from './texts.js';

export const formNotices: FormNotice[] = [{ resource: EVENTS_RESOURCE, component: lazy(() => import('./OverlapNotice.js')) }];

export const calendarMarks: CalendarMarks[] = [
  { resource: EVENTS_RESOURCE, marks: (period) => import('./overlaps.js').then((m) => m.calendarMarks(period)) },
];
