// /financial/home (foundation route map: public): the group's customers find each provider's
// channels and how to get a second copy of a bill or negotiate a debt, without signing in. Kept
// tiny: this file is in the first bundle; the page loads on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [{ path: '/financial/home', component: lazy(() => import('./Home.js')), noLayout: true }];
