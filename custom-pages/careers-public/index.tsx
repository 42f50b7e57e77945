// The careers site (issue 17): the public list of open vacancies (also /home/vacancy, the public
// home) and each vacancy's page, where one applies; and, signed in, the candidate's data and
// applications (/applicants/register: the sign-up for a visitor, the data form once signed in).
// Kept tiny: this file is in the first bundle; the pages load on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

const List = lazy(() => import('./ListPage.js'));
const Role = lazy(() => import('./RolePage.js'));

export const pages: CustomPage[] = [
  { path: '/home/vacancy', component: List, noLayout: true },
  { path: '/careers/list', component: List, noLayout: true },
  { path: '/careers/list/:company', component: List, noLayout: true },
  { path: '/careers/role/:id', component: Role, noLayout: true },
  { path: '/careers/role/:id/:role', component: Role, noLayout: true },
  // Any signed-in user: a candidate, or an employee who applies too. A visitor of the candidate's
  // data form meets the sign-up, which leads there.
  {
    path: '/applicants/register',
    component: lazy(() => import('./ApplicantRegister.js')),
    visitor: lazy(() => import('./ApplicantRegister.js').then((m) => ({ default: m.ApplicantSignUp }))),
    access: { resource: 'applicant-profiles', operation: 'create' },
    title: 'Dados do candidato',
  },
  { path: '/applicants/info', component: lazy(() => import('./ApplicantInfo.js')), title: 'Meus dados' },
  { path: '/applications/list', component: lazy(() => import('./ApplicationsPage.js')), title: 'Minhas candidaturas' },
];
