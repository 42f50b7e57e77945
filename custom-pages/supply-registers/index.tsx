// The customer of the supplies' movement registers (installations, devolutions, removals:
// schemas/suprimentos/supply-*.json) is chosen with the product's customer lookup
// (custom-pages/sales/CustomerLookup.tsx: POST /v1/relacionamento/clientes), drawn in place of the
// generated 'Código do cliente' input. The server checks the code again and fills the customer's
// system and name (src/server/supplies/service.ts).
import { lazy } from 'react';
import type { FieldInput } from '../../src/admin/pages.js';

const CustomerCodeInput = lazy(() => import('./CustomerCodeInput.js'));

export const fieldInputs: FieldInput[] = ['supply-installations', 'supply-devolutions', 'supply-removals'].map((resource) => ({
  resource,
  field: 'cliente_codigo',
  component: CustomerCodeInput,
}));
