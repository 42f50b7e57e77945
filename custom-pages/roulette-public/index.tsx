// The public roulette pages (no sign-in): the wheel a campaign's link opens and its audit. Kept tiny:
// this file is in the first bundle; the pages load on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  { path: '/roleta/:slug', component: lazy(() => import('./WheelPage.js')), noLayout: true },
  { path: '/roleta/:slug/auditoria', component: lazy(() => import('./AuditPage.js')), noLayout: true },
];
