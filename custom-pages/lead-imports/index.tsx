// Lead imports (marketing document, sections 2 to 9, "Lead imports"). Generated from schemas/vendas:
//   /marketing/imports-leads/list       the imports (lead-imports.json: Ver Leads, Baixar Arquivo)
//   /marketing/imports-leads/register   a new import: provider, channel and campaign by the provider's
//                                       flag, the file (.csv, .xlsx, .xls); the server reads it on create
//   /marketing/imports-leads/edit?import_id=&lead_id=  an imported row (lead-import-participants.json)
// Here: the file list of an import (FileList.tsx: its rows and their marks, the selection, the
// creation and undoing of the leads, the report) and the register's file input with the template
// button. Screens load on demand: this entry is in the first bundle.
import { lazy } from 'react';
import type { CustomPage, FieldInput } from '../../src/admin/pages.js';
import { FILE_LIST_PATH, FILE_LIST_TITLE, IMPORTS, PARTICIPANTS } from './texts.js';

export const pages: CustomPage[] = [
  {
    path: FILE_LIST_PATH,
    component: lazy(() => import('./FileList.js')),
    access: { resource: PARTICIPANTS, operation: 'list' },
    title: FILE_LIST_TITLE,
  },
];

export const fieldInputs: FieldInput[] = [{ resource: IMPORTS, field: 'id_file', component: lazy(() => import('./TemplateFileInput.js')) }];
