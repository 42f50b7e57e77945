// Onboarding screens (HR document, sections 2 to 9). The onboardings' list (with its row actions by
// role, section 6) and the trails' and contents' list, register and edit screens come from their
// schemas (generator); the onboarding's register stepper and edit form, its trails and the trail's
// contents order are bespoke.
import { lazy } from 'react';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import type { CustomPage, RowLink } from '../../src/admin/pages.js';

const form = () => import('./OnboardingForm.js');

// Who may open each screen: the rights of the calls it makes (src/server/onboarding/access.ts: a role
// of the onboarding or the rh area; the vacancy report is an rh call); the employee's reading is for
// any signed-in user (who sees only the onboardings of their own position).
const ONBOARDING = { modules: ['onboarding', 'rh'] };

export const pages: CustomPage[] = [
  {
    path: '/human-resources/onboarding/register',
    component: lazy(() => form().then((m) => ({ default: m.OnboardingRegister }))),
    access: { resource: 'onboardings', operation: 'create' },
    title: 'Novo Onboarding',
  },
  {
    path: '/human-resources/onboarding/edit/:id',
    component: lazy(() => form().then((m) => ({ default: m.OnboardingEdit }))),
    access: { resource: 'onboardings', operation: 'update' },
    title: 'Editar Onboarding',
  },
  // Readers view the linked trails there; linking and unlinking need the edit right (the page hides them).
  { path: '/human-resources/onboarding/sync-trail/:id', component: lazy(() => import('./SyncTrail.js')), access: ONBOARDING, title: 'Trilhas do onboarding' },
  { path: '/human-resources/onboarding/report', component: lazy(() => import('./Report.js')), access: ONBOARDING, title: 'Relatório de onboarding' },
  { path: '/human-resources/onboarding/employee', component: lazy(() => import('./Employee.js')) },
  { path: '/human-resources/onboarding/employee/content', component: lazy(() => import('./EmployeeContent.js')) },
  { path: '/human-resources/onboarding/employee/content/congratulations', component: lazy(() => import('./Congratulations.js')) },
  { path: '/human-resources/vacancy/report', component: lazy(() => import('./VacancyReport.js')), access: { modules: ['rh'] }, title: 'Vagas' },
  { path: '/human-resources/trail/sync/:id', component: lazy(() => import('./TrailSync.js')), access: { resource: 'trails', operation: 'update' }, title: 'Conteúdos da trilha' },
];

/** The generated trail list leads to the trail's contents order (sync/{id}). */
export const rowLinks: RowLink[] = [
  { resource: 'trails', label: 'Conteúdos da trilha', icon: PlaylistAdd, to: (record) => `/human-resources/trail/sync/${record.id}`, right: 'update' },
];
