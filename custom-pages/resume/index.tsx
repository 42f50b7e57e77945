// Resume (Currículo): /resume/list (the user's own resume: education, experience, certificates) and
// /users/curriculum/{id} (an HR manager reads a user's resume). The entries' register and edit screens
// are the generated ones (schemas/resume/*.json, paths /resume/education, /resume/experience,
// /resume/certificate); this folder adds their date-order check, the situation labels, the owner's
// name in HR's tables and the pages.
import { lazy } from 'react';
import { type CustomPage, type FieldInput, type FieldView, ownOr } from '../../src/admin/pages.js';

const inputs = () => import('./ResumeInputs.js');

export const pages: CustomPage[] = [
  { path: '/resume/list', component: lazy(() => import('./ResumePage.js').then((m) => ({ default: m.OwnResumePage }))) },
  {
    path: '/users/curriculum/:id',
    component: lazy(() => import('./ResumePage.js').then((m) => ({ default: m.UserCurriculumPage }))),
    // One's own resume, or anyone's as an HR manager.
    access: { when: ownOr({ modules: ['rh'], right: 'manage' }) },
    title: 'Currículo',
  },
];

const EndDate = lazy(() => inputs().then((m) => ({ default: m.EndDateInput })));

export const fieldInputs: FieldInput[] = [
  { resource: 'resume-education', field: 'situacao', component: lazy(() => inputs().then((m) => ({ default: m.SituationInput }))) },
  { resource: 'resume-education', field: 'data_fim', component: EndDate },
  { resource: 'resume-experience', field: 'data_fim', component: EndDate },
  { resource: 'resume-certificates', field: 'data_validade', component: EndDate },
];

const Owner = lazy(() => inputs().then((m) => ({ default: m.OwnerView })));

export const fieldViews: FieldView[] = [
  { resource: 'resume-education', field: 'situacao', component: lazy(() => inputs().then((m) => ({ default: m.SituationView }))) },
  { resource: 'resume-education', field: 'id_usuario', component: Owner },
  { resource: 'resume-experience', field: 'id_usuario', component: Owner },
  { resource: 'resume-certificates', field: 'id_usuario', component: Owner },
];
