// Settings (foundation document, section 2): /settings/home (module managers only: a cards menu of
// users, access profiles, companies and, for the superadmin, the e-mail outbox), the users screens
// under /settings (the users schema's alias: /settings/list, /settings/register,
// /settings/profile/edit/{id}), and the per-module permission editor of an employee
// (/settings/permission/edit/{id}) or of a partner (/settings/permission/partner/profile/{id}).
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import type { CustomPage, RowLink } from '../../src/admin/pages.js';
import { permissionPath } from './paths.js';

const ToHome = () => <Navigate to="/settings/home" replace />;

// Module managers only (spec section 2: "/settings/home is for module managers only").
const access = { manager: true };

export const pages: CustomPage[] = [
  { path: '/settings', component: ToHome, access, title: 'Configurações' },
  { path: '/settings/home', component: lazy(() => import('./SettingsHome.js')), access, title: 'Configurações' },
  {
    path: '/settings/permission/edit/:id',
    component: lazy(() => import('./PermissionEditor.js').then((m) => ({ default: m.EmployeePermissions }))),
    access,
    title: 'Permissões',
  },
  {
    path: '/settings/permission/partner/profile/:id',
    component: lazy(() => import('./PermissionEditor.js').then((m) => ({ default: m.PartnerPermissions }))),
    access,
    title: 'Permissões',
  },
];

export const rowLinks: RowLink[] = [{ resource: 'users', label: 'Permissões', icon: KeyIcon, to: permissionPath, right: 'update' }];
