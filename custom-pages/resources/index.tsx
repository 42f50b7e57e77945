// Resources and their bookings (issue 34): the registers are generated (schemas/rh/resources.json at
// /resources, schemas/rh/resource-bookings.json at /resources/bookings, with its calendar). This folder
// only gives the booking form the Provedor select an employee can fill: they hold no role that lists
// the providers register, so it lists the user's own active providers (the rides' input and call,
// GET /v1/caronas/provedores, taken by the same `user` right), the only one chosen already.
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [];

export const fieldInputs: FieldInput[] = [{ resource: 'resource-bookings', field: 'id_empresa', component: lazy(() => import('../rides/ProviderInput.js')) }];
