// Public routes of the foundation spec (section 2): /home (leading to /home/vacancy, the careers
// list of custom-pages/careers-public/), login/enter, login/register and login/info-login; /intranet
// (admin login); /reset-password.
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import type { CustomPage } from '../../src/admin/pages.js';

const ToVacancy = () => <Navigate to="/home/vacancy" replace />;
const ToEnter = () => <Navigate to="/home/login/enter" replace />;

export const pages: CustomPage[] = [
  { path: '/home', component: ToVacancy, noLayout: true },
  { path: '/home/login', component: ToEnter, noLayout: true },
  { path: '/home/login/enter', component: lazy(() => import('./LoginPage.js').then((m) => ({ default: m.EnterPage }))), noLayout: true },
  { path: '/home/login/register', component: lazy(() => import('./Register.js')), noLayout: true },
  { path: '/home/login/info-login', component: lazy(() => import('./InfoPages.js').then((m) => ({ default: m.InfoLoginPage }))), noLayout: true },
  { path: '/intranet', component: lazy(() => import('./LoginPage.js').then((m) => ({ default: m.AdminLoginPage }))), noLayout: true },
  { path: '/reset-password', component: lazy(() => import('./ResetPassword.js')), noLayout: true },
];
