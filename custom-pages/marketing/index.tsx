// The marketing area's own screens (marketing document): its home. The registers of the area
// (campaigns, channels, ...) are generated from their schemas.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  // Whoever has a role in one of the home's sections' modules (cards.ts).
  { path: '/marketing/home', component: lazy(() => import('./MarketingHome.js')), access: { modules: ['regua_comunicacao', 'vendas', 'marketing', 'roulette'] }, title: 'Marketing' },
];
