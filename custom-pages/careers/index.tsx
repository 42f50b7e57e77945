// The recruiters' side of the careers site (issue 17): the pipeline of a vacancy's applications
// (/careers/admin/applicants/{id}, the vacancies' row action 'Candidatos'), the keyword search over its
// applicants' resumes (/careers/admin/keywords/...), the generated vacancies list of one provider
// (/careers/admin/list/{company}), the resume database (/ResumeDatabase/list) and the careers dashboard
// (/dashboards/careers). The vacancies' list, register and edit are the generated screens of
// schemas/rh/vacancies.json; the candidates' pages are custom-pages/careers-public. Screens load on
// demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';
import { APPLICANTS_PATH, APPLICATIONS, COMPANY_LIST_PATH, DASHBOARD_PATH, KEYWORDS_PATH, RESUME_DATABASE_PATH, TALENT_AREAS, TITLES, VACANCIES } from './routes.js';

export const pages: CustomPage[] = [
  // Who may list the applications (leitor and up in banco_talentos or rh); saving needs their update right.
  { path: APPLICANTS_PATH, component: lazy(() => import('./ApplicantsPage.js')), access: { resource: APPLICATIONS, operation: 'list' }, title: TITLES.applicants },
  { path: KEYWORDS_PATH, component: lazy(() => import('./KeywordsPage.js')), access: { resource: APPLICATIONS, operation: 'list' }, title: TITLES.keywords },
  { path: COMPANY_LIST_PATH, component: lazy(() => import('./CompanyVacancies.js')), access: { resource: VACANCIES, operation: 'list' }, title: TITLES.companyList },
  // The server's rules: resumes for solicitante and up of banco_talentos or rh; the figures for their readers too.
  { path: RESUME_DATABASE_PATH, component: lazy(() => import('./ResumeDatabasePage.js')), access: { modules: TALENT_AREAS, right: 'edit' }, title: TITLES.resumeDatabase },
  { path: DASHBOARD_PATH, component: lazy(() => import('./DashboardPage.js')), access: { modules: TALENT_AREAS, right: 'read' }, title: TITLES.dashboard },
];
