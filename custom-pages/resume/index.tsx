// Resume (Currículo): /resume/list (the user's own resume: education, experience, certificates) and
// /users/curriculum/{id} (an HR manager reads a user's resume). The entries' register and edit screens
// are the generated ones (schemas/resume/*.json, paths /resume/education, /resume/experience,
// /resume/certificate); this folder adds their date-order check, the situation labels and the pages.
import { lazy } from 'react';
import type { CustomPage } from '../../src/admin/customPages.js';
import type { FieldInput, FieldView } from '../../src/admin/generator/extensions.js';

const inputs = () => import('./ResumeInputs.js');

export const pages: CustomPage[] = [
  { path: '/resume/list', component: lazy(() => import('./ResumePage.js').then((m) => ({ default: m.OwnResumePage }))) },
  { path: '/users/curriculum/:id', component: lazy(() => import('./ResumePage.js').then((m) => ({ default: m.UserCurriculumPage }))) },
];

const EndDate = lazy(() => inputs().then((m) => ({ default: m.EndDateInput })));

export const fieldInputs: FieldInput[] = [
  { resource: 'resume-education', field: 'situacao', component: lazy(() => inputs().then((m) => ({ default: m.SituationInput }))) },
  { resource: 'resume-education', field: 'data_fim', component: EndDate },
  { resource: 'resume-experience', field: 'data_fim', component: EndDate },
  { resource: 'resume-certificates', field: 'data_validade', component: EndDate },
];

export const fieldViews: FieldView[] = [
  { resource: 'resume-education', field: 'situacao', component: lazy(() => inputs().then((m) => ({ default: m.SituationView }))) },
];
