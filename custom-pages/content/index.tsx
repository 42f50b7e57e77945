// /content/home (issue 18): the content administration hub, for the HR area's roles.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [{ path: '/content/home', component: lazy(() => import('./ContentHome.js')), access: { modules: ['rh'] }, title: 'Conteúdos' }];
