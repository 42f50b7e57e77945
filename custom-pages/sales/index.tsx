// The sales area's own screens (foundation document, section 2): the homes of the two mirrored
// trees (/sales/internal, /sales/external), the reports' "not available yet" page, the field form of
// external leads (/leads/external/register/{cpf?}/{cep?}), and the lead table's blocklist marker.
// The lead lists, the blocklist and the campaigns and channels are generated from schemas/vendas.
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { CustomPage, FieldView } from '../../src/admin/pages.js';

const homes = () => import('./SalesHome.js');
const ReportNotAvailable = lazy(() => import('./ReportNotAvailable.js'));

// The sales homes and reports: any role of the vendas area (the cards inside follow each screen's rights).
const SALES = { modules: ['vendas'] };

const ToInternalHome = () => <Navigate to="/sales/internal/home" replace />;
const ToExternalHome = () => <Navigate to="/sales/external/home" replace />;

export const pages: CustomPage[] = [
  { path: '/sales', component: ToInternalHome, access: SALES, title: 'Vendas' },
  { path: '/sales/internal', component: ToInternalHome, access: SALES, title: 'Vendas internas' },
  { path: '/sales/external', component: ToExternalHome, access: SALES, title: 'Vendas externas' },
  { path: '/sales/internal/home', component: lazy(() => homes().then((m) => ({ default: m.InternalSalesHome }))), access: SALES, title: 'Vendas internas' },
  { path: '/sales/external/home', component: lazy(() => homes().then((m) => ({ default: m.ExternalSalesHome }))), access: SALES, title: 'Vendas externas' },
  { path: '/sales/internal/reports/*', component: ReportNotAvailable, access: SALES, title: 'Relatórios' },
  { path: '/sales/external/reports/*', component: ReportNotAvailable, access: SALES, title: 'Relatórios' },
  {
    path: '/leads/external/register/:cpf?/:cep?',
    component: lazy(() => import('./ExternalLeadForm.js')),
    access: { resource: 'leads', operation: 'create' },
    title: 'Cadastrar lead externo',
  },
];

// A clean lead's cell stays empty rather than 'Não informado': the column is a marker.
export const fieldViews: FieldView[] = [{ resource: 'leads', field: 'blacklist', component: lazy(() => import('./BlocklistMarker.js')), showEmpty: true }];
