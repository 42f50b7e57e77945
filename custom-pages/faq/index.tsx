// The FAQ (issue 18): /faq/list and /faq/search/{search}, public (the foundation's public routes), in
// the signed-in layout for users. The register (/faq/register, /faq/edit/{id}) and its categories
// (/faq-categories/...) are the generated screens of schemas/conteudo/ (a row of every provider,
// an empty Provedor, is the superadmin's: the generated form asks anyone else for the provider). Kept tiny: the page loads on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

const Faq = lazy(() => import('./FaqPage.js'));

export const pages: CustomPage[] = [
  { path: '/faq/list', component: Faq, noLayout: true },
  { path: '/faq/search/:search', component: Faq, noLayout: true },
];
