// The employee's calendar (foundation spec, section 2: /calendar): the month's holidays and the
// colleagues' birthdays. Data: GET v1/calendario (src/server/v1/people.ts).
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

// Employees and staff (v1/calendario refuses candidates and guests).
export const pages: CustomPage[] = [{ path: '/calendar', component: lazy(() => import('./Calendar.js')), access: { staff: true }, title: 'Calendário' }];
