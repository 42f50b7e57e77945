// The employee handbook's reading view (issue 18): /employee-handbook/view, for the staff of the
// providers (employees and anyone with a module role: the server's rule in GET /v1/manual). Its
// sections and categories are generated registers (/employee-handbook/list, /employee-handbook/categories/list).
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  { path: '/employee-handbook/view', component: lazy(() => import('./HandbookPage.js')), access: { staff: true }, title: 'Manual do colaborador' },
];
