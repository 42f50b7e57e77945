// Onboarding screens (HR document, sections 2 to 9). The trails' and contents' list, register and
// edit screens come from their schemas (generator); only the trail's contents order is bespoke.
import { lazy } from 'react';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import type { CustomPage } from '../../src/admin/customPages.js';
import type { RowLink } from '../../src/admin/generator/extensions.js';

const form = () => import('./OnboardingForm.js');

export const pages: CustomPage[] = [
  { path: '/human-resources/onboarding/list', component: lazy(() => import('./OnboardingList.js')) },
  { path: '/human-resources/onboarding/register', component: lazy(() => form().then((m) => ({ default: m.OnboardingRegister }))) },
  { path: '/human-resources/onboarding/edit/:id', component: lazy(() => form().then((m) => ({ default: m.OnboardingEdit }))) },
  { path: '/human-resources/onboarding/sync-trail/:id', component: lazy(() => import('./SyncTrail.js')) },
  { path: '/human-resources/onboarding/report', component: lazy(() => import('./Report.js')) },
  { path: '/human-resources/onboarding/employee', component: lazy(() => import('./Employee.js')) },
  { path: '/human-resources/onboarding/employee/content', component: lazy(() => import('./EmployeeContent.js')) },
  { path: '/human-resources/onboarding/employee/content/congratulations', component: lazy(() => import('./Congratulations.js')) },
  { path: '/human-resources/vacancy/report', component: lazy(() => import('./VacancyReport.js')) },
  { path: '/human-resources/trail/sync/:id', component: lazy(() => import('./TrailSync.js')) },
];

/** The generated trail list leads to the trail's contents order (sync/{id}). */
export const rowLinks: RowLink[] = [
  { resource: 'trails', label: 'Conteúdos da trilha', icon: PlaylistAdd, to: (record) => `/human-resources/trail/sync/${record.id}`, right: 'update' },
];
