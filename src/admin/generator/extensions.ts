// What bespoke pages add to the generated screens: a custom-pages/<feature>/index.tsx may export
// `rowLinks`, extra actions of a resource's table rows leading to its pages (a provider's cities,
// ...), `fieldInputs`, inputs drawn in place of a generated one (a holiday's cities dual list, ...),
// `fieldViews`, how a field's value is shown (city names for IBGE codes, ...), and
// `formValidators`, checks of the whole record a generated form runs on submit (a communication
// rule's fields that depend on each other, ...), `formNotices`, notices drawn in a generated form
// from its values that do not stop the submit (an event meeting another in the same city), and
// `calendarMarks`, marks of the records of a calendar view (list.calendar: the overlapping events).
// All are read here, so the generator needs no edit to take them.
import type { ComponentType } from 'react';
import type { Operation, ResourceConfig } from '../core/schemas.js';
import type { Validator } from './validation.js';

export interface RowLink {
  resource: string;
  /** Text of the button (and its tooltip). */
  label: string;
  icon?: ComponentType<{ fontSize?: 'small' }>;
  to: (record: Record<string, any>) => string;
  /** The right the link needs (default: update). */
  right?: Operation;
}

export interface FieldInputProps {
  config: ResourceConfig;
  field: string;
  label: string;
  required: boolean;
  /** The schema's validators of the field. */
  validate: Validator[];
}

export interface FieldInput {
  resource: string;
  field: string;
  /** Usually React.lazy(() => import('./SomeInput.js')): it is drawn inside Suspense. */
  component: ComponentType<FieldInputProps>;
  /**
   * Form values the input keeps that are not fields of the record (a restriction's 'search by'
   * choice): left out of what the form saves.
   */
  formOnly?: string[];
}

/** What a record-level check answers: messages under fields, and the toast of a refused submit. */
export interface FormCheck {
  /** Field -> message, shown under the field's input (and refusing the submit). */
  errors?: Record<string, string>;
  /** The toast of a refused submit (instead of the generic one); alone, it refuses the submit too. */
  message?: string;
}

/**
 * A check of the whole record a generated form of `resource` runs with its fields' own (the
 * schema's): its errors show under their fields, and its message is the toast of the refused submit.
 */
export interface FormValidator {
  resource: string;
  validate: (values: Record<string, unknown>) => FormCheck;
}

export interface FieldView {
  resource: string;
  field: string;
  /** How the value shows in tables, cards and expanded rows (React.lazy is fine: drawn inside Suspense). */
  component: ComponentType<{ config: ResourceConfig; field: string; value: unknown }>;
  /** Draw the component for an empty value too (a marker column shows nothing, not 'Não informado'). */
  showEmpty?: boolean;
}

/** A notice a generated form of `resource` draws under its sections, reading the form's values; it never stops the submit. */
export interface FormNotice {
  resource: string;
  /** Usually React.lazy(() => import('./SomeNotice.js')): it is drawn inside Suspense, in the form's context. */
  component: ComponentType<{ config: ResourceConfig; mode: 'create' | 'edit' }>;
}

/**
 * Marks of the records a calendar view (x-intranet.list.calendar) shows for a period (first and last
 * day, YYYY-MM-DD): record id -> the mark's text (its tooltip and accessible name).
 */
export interface CalendarMarks {
  resource: string;
  marks: (period: { start: string; end: string }) => Promise<Record<string, string>>;
}

interface ExtensionModule {
  rowLinks?: RowLink[];
  fieldInputs?: FieldInput[];
  fieldViews?: FieldView[];
  formValidators?: FormValidator[];
  formNotices?: FormNotice[];
  calendarMarks?: CalendarMarks[];
}

const modules = import.meta.glob<ExtensionModule>('/custom-pages/*/index.tsx', { eager: true });

export const rowLinks: RowLink[] = Object.values(modules).flatMap((m) => m.rowLinks ?? []);
export const fieldInputs: FieldInput[] = Object.values(modules).flatMap((m) => m.fieldInputs ?? []);

export const fieldViews: FieldView[] = Object.values(modules).flatMap((m) => m.fieldViews ?? []);
export const formValidators: FormValidator[] = Object.values(modules).flatMap((m) => m.formValidators ?? []);
export const formNotices: FormNotice[] = Object.values(modules).flatMap((m) => m.formNotices ?? []);
export const calendarMarks: CalendarMarks[] = Object.values(modules).flatMap((m) => m.calendarMarks ?? []);

export const fieldViewOf = (resource: string, field: string) => fieldViews.find((f) => f.resource === resource && f.field === field);
export const rowLinksOf = (resource: string) => rowLinks.filter((l) => l.resource === resource);
export const fieldInputOf = (resource: string, field: string) => fieldInputs.find((f) => f.resource === resource && f.field === field);
export const formValidatorsOf = (resource: string) => formValidators.filter((v) => v.resource === resource);
export const formNoticesOf = (resource: string) => formNotices.filter((n) => n.resource === resource);
export const calendarMarksOf = (resource: string) => calendarMarks.find((m) => m.resource === resource);
/** The form-only values of a resource's bespoke inputs (FieldInput.formOnly). */
export const formOnlyFieldsOf = (resource: string) => fieldInputs.filter((f) => f.resource === resource).flatMap((f) => f.formOnly ?? []);
