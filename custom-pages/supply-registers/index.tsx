// The supplies' movement registers (schemas/suprimentos/supply-*.json), drawn in place of generated
// inputs: the unit or the quantity, as the chosen product's control asks (the other field hidden:
// UnitInputs.tsx), and the customer of installations, devolutions and removals, chosen with the
// product's customer lookup (custom-pages/sales/CustomerLookup.tsx: POST /v1/relacionamento/clientes).
// The server checks both again and fills the customer's system and name (src/server/supplies/service.ts).
import { lazy } from 'react';
import type { FieldInput } from '../../src/admin/pages.js';

const CustomerCodeInput = lazy(() => import('./CustomerCodeInput.js'));
const UnitInput = lazy(() => import('./UnitInputs.js').then((m) => ({ default: m.UnitInput })));
const QuantityInput = lazy(() => import('./UnitInputs.js').then((m) => ({ default: m.QuantityInput })));

const REGISTERS = ['supply-receipts', 'supply-dispatches', 'supply-installations', 'supply-devolutions', 'supply-returns', 'supply-removals', 'supply-maintenance', 'supply-recycling'];

export const fieldInputs: FieldInput[] = [
  ...['supply-installations', 'supply-devolutions', 'supply-removals'].map((resource) => ({ resource, field: 'cliente_codigo', component: CustomerCodeInput })),
  ...REGISTERS.flatMap((resource) => [
    { resource, field: 'patrimonio', component: UnitInput },
    { resource, field: 'quantidade', component: QuantityInput },
  ]),
  { resource: 'supply-receipts', field: 'serial', component: UnitInput },
];
