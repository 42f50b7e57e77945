// Squads (/squads: the register generated from schemas/suprimentos/squads.json). This folder adds a
// squad's inventory count, /squads/inventory/{id} (id: the squad): open a count from what the system
// says the squad holds, tell what it has, validate (foundation document, sections 2, 3 and 8), and the
// list of every squad's counts, /squads/inventories/list (the internal register squad-inventories).
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const SQUAD_INVENTORY_PATH = '/squads/inventory/:id';
export const INVENTORIES_LIST_PATH = '/squads/inventories/list';

export const pages: CustomPage[] = [
  { path: SQUAD_INVENTORY_PATH, component: lazy(() => import('./SquadInventory.js')), access: { modules: ['suprimentos'] }, title: 'Inventário da equipe' },
  {
    path: INVENTORIES_LIST_PATH,
    component: lazy(() => import('./InventoryList.js')),
    access: { resource: 'squad-inventories', operation: 'list' },
    title: 'Inventários das equipes',
  },
];
