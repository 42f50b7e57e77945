// Incidents (/incidents: home, list, register, edit/{id}, dashboards; /incidents-categories) and
// compliments (/compliments: list, register, register/{id}, edit/{id}, listByUser/{id};
// /compliments-categories). The registers are generated from schemas/incidentes/*.json and
// schemas/rh/compliment*.json; this folder adds the incident home, the dashboard, the compliment
// pages of one colleague, and the selects plain employees can fill (department, colleague).
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';

const inputs = () => import('./Inputs.js');
const compliments = () => import('./Compliments.js');

export const pages: CustomPage[] = [
  { path: '/incidents/home', component: lazy(() => import('./Home.js')), access: { staff: true }, title: 'Incidentes' },
  { path: '/incidents/dashboards', component: lazy(() => import('./DashboardPage.js')), access: { resource: 'incidents', operation: 'list', staff: true }, title: 'Painel de incidentes' },
  {
    path: '/compliments/register/:id',
    component: lazy(() => compliments().then((m) => ({ default: m.ComplimentRegister }))),
    access: { resource: 'compliments', operation: 'create', staff: true },
    title: 'Elogios',
  },
  {
    path: '/compliments/listByUser/:id',
    component: lazy(() => compliments().then((m) => ({ default: m.ReceivedList }))),
    access: { resource: 'compliments', operation: 'list', staff: true },
    title: 'Elogios recebidos',
  },
];

export const fieldInputs: FieldInput[] = [
  { resource: 'incidents', field: 'id_departamento', component: lazy(() => inputs().then((m) => ({ default: m.DepartmentInput }))) },
  { resource: 'compliments', field: 'id_elogiado', component: lazy(() => inputs().then((m) => ({ default: m.ColleagueInput }))) },
];
