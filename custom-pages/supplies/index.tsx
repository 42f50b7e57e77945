// Supplies and squads (/supplies, /squads; issue 34). The registers are generated from
// schemas/suprimentos/*.json (products and values, receipts, dispatches, installations, devolutions,
// returns, removals, repairs, recycling, squads); this folder adds the area's home, its dashboard,
// "where is it now" (a unit's place and its ledger), the units list (the internal register
// supply-items, drawn read-only here, each row leading to its lookup) and the squads' values. Every page
// reads the suprimentos calls (leitor and up) of src/server/v1/suppliesRead.ts.
import { lazy } from 'react';
import TravelExplore from '@mui/icons-material/TravelExplore';
import type { CustomPage, RowLink } from '../../src/admin/pages.js';

const SUPPLIES = { modules: ['suprimentos'] };

const Lookup = lazy(() => import('./Lookup.js'));

export const pages: CustomPage[] = [
  { path: '/supplies/home', component: lazy(() => import('./Home.js')), access: SUPPLIES, title: 'Suprimentos' },
  { path: '/supplies/dashboard', component: lazy(() => import('./Dashboard.js')), access: SUPPLIES, title: 'Painel de suprimentos' },
  { path: '/supplies/lookup', component: Lookup, access: SUPPLIES, title: 'Onde está o equipamento?' },
  { path: '/supplies/lookup/:codigo', component: Lookup, access: SUPPLIES, title: 'Onde está o equipamento?' },
  { path: '/supplies/items', component: lazy(() => import('./Items.js')), access: SUPPLIES, title: 'Equipamentos' },
  { path: '/squads/values', component: lazy(() => import('./SquadValues.js')), access: SUPPLIES, title: 'Valores das equipes' },
];

// The units list's rows lead to the unit's place and history.
export const rowLinks: RowLink[] = [
  {
    resource: 'supply-items',
    label: 'Onde está?',
    icon: TravelExplore,
    to: (record) => `/supplies/lookup/${encodeURIComponent(String(record.patrimonio ?? record.serial ?? ''))}`,
    right: 'list',
  },
];
