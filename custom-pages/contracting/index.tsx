// /contracting (foundation route map: authenticated): the entry to the contracting companies'
// register (/contracting/companies, generated from schemas/rh/contracting-companies.json), for who
// may list it. Kept tiny: the page loads on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  { path: '/contracting', component: lazy(() => import('./Home.js')), access: { resource: 'contracting-companies', operation: 'list' }, title: 'Empresas contratantes' },
];
