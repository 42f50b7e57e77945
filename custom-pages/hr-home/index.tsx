import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/customPages.js';

export const pages: CustomPage[] = [
  { path: '/human-resources/home', component: lazy(() => import('./HrHome.js')), access: { modules: ['rh', 'onboarding'] }, title: 'Recursos Humanos' },
];
