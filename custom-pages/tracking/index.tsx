// Tracking links (marketing document, sections 2 to 9, "Tracking link"). The list is the generated
// one of schemas/vendas/tracking-links.json (columns, Copiar Link, Estatísticas, QR Code, Editar)
// under the spec's banner; the register and edit are made to measure (generating the link is the
// save: Gerar Link / Atualizar Link, then Adicionar returns); the statistics page shows the clicks.
// Screens load on demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';
import { EDIT_PATH, LINKS, LIST_PATH, REGISTER_PATH, STATS_PATH, TITLES } from './routes.js';

export const pages: CustomPage[] = [
  { path: LIST_PATH, component: lazy(() => import('./LinkList.js')), access: { resource: LINKS, operation: 'list' }, title: TITLES.list },
  { path: REGISTER_PATH, component: lazy(() => import('./LinkForm.js')), access: { resource: LINKS, operation: 'create' }, title: TITLES.register },
  {
    path: EDIT_PATH,
    component: lazy(() => import('./LinkForm.js').then((m) => ({ default: m.LinkEdit }))),
    access: { resource: LINKS, operation: 'update' },
    title: TITLES.edit,
  },
  { path: STATS_PATH, component: lazy(() => import('./LinkStats.js')), access: { resource: LINKS, operation: 'get' }, title: TITLES.stats },
];
