// The FAQ (issue 18): /faq/list and /faq/search/{search}, public (the foundation's public routes), in
// the signed-in layout for users. The register (/faq/register, /faq/edit/{id}) and its categories
// (/faq-categories/...) are the generated screens of schemas/conteudo/. Kept tiny: the page loads on demand.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/customPages.js';
import type { FormValidator } from '../../src/admin/generator/extensions.js';
import { getSession } from '../../src/admin/session.js';
import { MSG } from '../../src/domain/messages.js';
import { isSuperadmin } from '../../src/domain/roles.js';

const Faq = lazy(() => import('./FaqPage.js'));

export const pages: CustomPage[] = [
  { path: '/faq/list', component: Faq, noLayout: true },
  { path: '/faq/search/:search', component: Faq, noLayout: true },
];

/**
 * A row without a provider is every provider's (x-intranet.providerShared): only the superadmin writes
 * one, so the forms of the questions and of the handbook's sections ask anyone else for the provider
 * before the server would refuse the save.
 */
const providerNeeded = (resource: string): FormValidator => ({
  resource,
  validate: (values) => (values.id_empresa != null || isSuperadmin(getSession()?.roles ?? []) ? {} : { errors: { id_empresa: MSG.sharedProviderNeeded } }),
});

export const formValidators: FormValidator[] = [providerNeeded('faq'), providerNeeded('employee-handbook')];
