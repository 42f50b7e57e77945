// Prize roulettes (marketing document, sections 2 to 9 on roulettes). The list is the generated one of
// schemas/roleta/roulette-campaigns.json (NOVA ROLETA; Sortear Participantes, Relatórios, Editar,
// Pausar/Reativar or Excluir, Resetar Campanha); the wizard that registers and edits a campaign, the
// raffle and the participants' report are made to measure. The public wheel is custom-pages/roulette-public.
// Screens load on demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';
import { CAMPAIGNS, DRAWS, EDIT_PATH, ENTRIES, RAFFLE_PATH, REGISTER_PATH, REPORTS_PATH, TITLES } from './routes.js';

export const pages: CustomPage[] = [
  { path: REGISTER_PATH, component: lazy(() => import('./Wizard.js')), access: { resource: CAMPAIGNS, operation: 'create' }, title: TITLES.register },
  {
    path: EDIT_PATH,
    component: lazy(() => import('./Wizard.js').then((m) => ({ default: m.RouletteEdit }))),
    access: { resource: CAMPAIGNS, operation: 'update' },
    title: TITLES.edit,
  },
  { path: RAFFLE_PATH, component: lazy(() => import('./RafflePage.js')), access: { resource: DRAWS, operation: 'create' }, title: TITLES.raffle },
  { path: REPORTS_PATH, component: lazy(() => import('./ReportsPage.js')), access: { resource: ENTRIES, operation: 'list' }, title: TITLES.reports },
];
