// The blocking rules' own screen: the simulation of a rule (/blocking-rules/simulation/{id}), which
// the rules' list opens from its row action 'Simular'. The rules and their exception criteria are
// generated from schemas/bloqueio.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [
  {
    path: '/blocking-rules/simulation/:id',
    component: lazy(() => import('./Simulation.js')),
    // The call's own right: reading the rule (a role of regua_comunicacao or vendas, leitor and up).
    access: { resource: 'blocking-rules', operation: 'get' },
    title: 'Simulação de bloqueio',
  },
];
