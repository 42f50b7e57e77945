// The personnel department's screens beyond the generated registers (employees, dismissals,
// relatives, documents and their categories): the relatives' names input of the family form.
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';

export const pages: CustomPage[] = [];

export const fieldInputs: FieldInput[] = [{ resource: 'family', field: 'familiares', component: lazy(() => import('./FamilyNamesInput.js')) }];
