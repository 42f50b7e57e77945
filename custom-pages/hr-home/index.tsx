import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  // The talent bank's roles too: the 'Trabalhe Conosco' section is theirs.
  { path: '/human-resources/home', component: lazy(() => import('./HrHome.js')), access: { modules: ['rh', 'onboarding', 'banco_talentos'] }, title: 'Recursos Humanos' },
];
