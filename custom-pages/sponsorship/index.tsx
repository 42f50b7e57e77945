// Sponsorship requests (issue 17): the public form (/patrocinios, /patrocinios/{provedor}, a
// provider's slug or id) and its thank-you page, no sign-in; and, on the staff's generated screens
// of sponsorship-requests, the attachments as download buttons (the field's view, and a notice on
// the edit form, which draws no read-only field). Kept tiny: this file is in the first bundle; the
// pages and the buttons load on demand.
import { lazy } from 'react';
import type { CustomPage, FieldView, FormNotice } from '../../src/admin/pages.js';

const RequestPage = lazy(() => import('./RequestPage.js'));
const links = () => import('./AttachmentLinks.js');

export const pages: CustomPage[] = [
  { path: '/patrocinios', component: RequestPage, noLayout: true },
  { path: '/patrocinios/sucesso', component: lazy(() => import('./SuccessPage.js')), noLayout: true },
  { path: '/patrocinios/:provedor', component: RequestPage, noLayout: true },
];

export const fieldViews: FieldView[] = [
  { resource: 'sponsorship-requests', field: 'anexos', component: lazy(() => links().then((m) => ({ default: m.AttachmentLinks }))) },
];

export const formNotices: FormNotice[] = [
  { resource: 'sponsorship-requests', component: lazy(() => links().then((m) => ({ default: m.AttachmentsNotice }))) },
];
