// Contacts (foundation spec, section 2): /contacts/list/{nome?}/{empresa?} and /contacts/profile/{id},
// the employee's header button. Data: GET v1/company/users (src/server/v1/people.ts).
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

const Contacts = lazy(() => import('./Contacts.js'));
const ContactProfile = lazy(() => import('./ContactProfile.js'));

// Employees and staff (v1/company/users refuses candidates and guests).
const access = { staff: true };
const title = 'Contatos';

export const pages: CustomPage[] = [
  { path: '/contacts/list', component: Contacts, access, title },
  { path: '/contacts/list/:nome', component: Contacts, access, title },
  { path: '/contacts/list/:nome/:empresa', component: Contacts, access, title },
  { path: '/contacts/profile/:id', component: ContactProfile, access, title },
];
