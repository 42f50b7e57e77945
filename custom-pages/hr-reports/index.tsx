// The HR reports (issue 18; the HR home's Relatórios cards): /reports/home and one page per report,
// all drawn by ReportPage from the report call. Loaded on demand (charts and spreadsheets later still).
// /reports/read-confirm lists the must-read news items and /reports/read-confirm-list/{id} one item's
// readers; /reports/car-repair the fleet's workshop visits (schemas/frota/vehicle-maintenance.json).
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';
import { HR_REPORTS, REPORTS_ACCESS, REPORTS_HOME, REPORTS_HOME_TITLE } from './reports.js';

const ReportPage = lazy(() => import('./ReportPage.js'));

export const pages: CustomPage[] = [
  { path: REPORTS_HOME, component: lazy(() => import('./ReportsHome.js')), access: REPORTS_ACCESS, title: REPORTS_HOME_TITLE },
  ...HR_REPORTS.map((r) => ({ path: r.path, component: ReportPage, access: REPORTS_ACCESS, title: r.title })),
];
