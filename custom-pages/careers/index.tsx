// The recruiters' side of the careers site (issue 17): the pipeline of a vacancy's applications
// (/careers/admin/applicants/{id}, the vacancies' row action 'Candidatos') and the generated
// vacancies list of one provider (/careers/admin/list/{company}). The vacancies' list, register and
// edit are the generated screens of schemas/rh/vacancies.json; the candidates' pages are
// custom-pages/careers-public. Screens load on demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/customPages.js';
import { APPLICANTS_PATH, APPLICATIONS, COMPANY_LIST_PATH, TITLES, VACANCIES } from './routes.js';

export const pages: CustomPage[] = [
  // Who may list the applications (leitor and up in banco_talentos or rh); saving needs their update right.
  { path: APPLICANTS_PATH, component: lazy(() => import('./ApplicantsPage.js')), access: { resource: APPLICATIONS, operation: 'list' }, title: TITLES.applicants },
  { path: COMPANY_LIST_PATH, component: lazy(() => import('./CompanyVacancies.js')), access: { resource: VACANCIES, operation: 'list' }, title: TITLES.companyList },
];
