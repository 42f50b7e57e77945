// The campaign results report (marketing spec, section 2 "Results report"): the marketing home's
// card 'Resultado de Campanha'. The page (and its charts and spreadsheet export, loaded later still)
// loads on demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';
import { REPORT_PATH, REPORT_TITLE } from './texts.js';

export const pages: CustomPage[] = [
  {
    path: REPORT_PATH,
    component: lazy(() => import('./ReportPage.js')),
    // Any role (leitor and up) of marketing or vendas: the report calls' rights.
    access: { modules: ['marketing', 'vendas'] },
    title: REPORT_TITLE,
  },
];
