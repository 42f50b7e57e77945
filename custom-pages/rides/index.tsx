// Rides (issue 33): the board /ride-employee (list, and search/{origem}/{destino}/{data}), public (the
// foundation's public routes): visitors read the offers without a person's name or phone; signed-in
// employees read, in the signed-in layout, who offers and a WhatsApp button. The offers themselves
// (/ride/list, /ride/register, /ride/edit/{id}) are the generated screens of schemas/frota/rides.json;
// this folder adds the form's provider select an employee can fill (they hold no role that lists the
// providers register), and the register's check of a date already past (the server's rule, told before
// sending: a new offer; an edit is left to the server, which refuses only moving it to the past).
// Kept tiny: the page loads on demand.
import { lazy } from 'react';
import type { CustomPage, FieldInput, FormValidator } from '../../src/admin/pages.js';
import { isPastRide, RIDE_MSG } from '../../src/domain/rides.js';

const Board = lazy(() => import('./BoardPage.js'));

export const pages: CustomPage[] = [
  { path: '/ride-employee', component: Board, noLayout: true },
  { path: '/ride-employee/list', component: Board, noLayout: true },
  { path: '/ride-employee/search/:origem/:destino/:data', component: Board, noLayout: true },
];

export const fieldInputs: FieldInput[] = [{ resource: 'rides', field: 'id_empresa', component: lazy(() => import('./ProviderInput.js')) }];

export const formValidators: FormValidator[] = [
  {
    resource: 'rides',
    validate: (values) => (values.id == null && isPastRide(values.data_hora) ? { errors: { data_hora: RIDE_MSG.pastDate }, message: RIDE_MSG.pastDate } : {}),
  },
];
