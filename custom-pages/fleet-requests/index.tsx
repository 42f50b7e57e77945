// Fleet requests (/requests: home; vehicle register, edit/{id}; incidents-vehicle and
// maintenance-vehicle list, register, edit/{id}). The registers are generated from
// schemas/frota/vehicle-requests.json, vehicle-incident-requests.json and
// vehicle-maintenance-requests.json; this folder adds the home (the viewer's requests of the three
// kinds, pending first) and the vehicle select plain employees can fill (they hold no frota role,
// so it reads GET v1/solicitacoes/veiculos instead of the vehicles' register).
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';

const inputs = () => import('./Inputs.js');
const vehicleInput = lazy(() => inputs().then((m) => ({ default: m.VehicleInput })));

export const pages: CustomPage[] = [{ path: '/requests/home', component: lazy(() => import('./Home.js')), access: { staff: true }, title: 'Solicitações' }];

export const fieldInputs: FieldInput[] = [
  { resource: 'vehicle-incident-requests', field: 'id_veiculo', component: vehicleInput },
  { resource: 'vehicle-maintenance-requests', field: 'id_veiculo', component: vehicleInput },
];
