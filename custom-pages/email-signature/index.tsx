// The e-mail signature (/emailsignature/list, foundation route map): every employee's signature built
// from their profile, shown as a preview and copied as HTML that e-mail clients keep. Kept tiny: the
// page loads on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  { path: '/emailsignature/list', component: lazy(() => import('./SignaturePage.js')), access: { employee: true }, title: 'Assinatura de e-mail' },
];
