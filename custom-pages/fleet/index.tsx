// Fleet (/fleet: home, and the registers generated from schemas/frota/*.json: vehicle,
// maintenance-vehicle, driver, rentals, rental-companies, fines, incidents-vehicle). This folder adds
// the fleet home (cards and the figures a fleet manager opens it for) and the fine responsibility term
// (fines/term/{id}/{idDriver}/{vehiclePlate}), a page styled for printing with its PDF.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  // Every employee: the menu's Frota leads here (their requests and rides); the figures are the frota readers'.
  { path: '/fleet/home', component: lazy(() => import('./Home.js')), access: { staff: true }, title: 'Frota' },
  {
    path: '/fleet/fines/term/:id/:idDriver/:vehiclePlate',
    component: lazy(() => import('./FineTerm.js')),
    access: { resource: 'fines', operation: 'get' },
    title: 'Termo de responsabilidade',
  },
];
