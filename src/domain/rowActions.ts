// The row actions a schema declares for its list (x-intranet.actions, toggle, deleteWhen) and the
// conditions on a record they carry: one test or a list of tests that must all hold. Pure, shared by
// the server's schema check and the admin, so the server may decide with the rule the screens show.
import type { Right } from './roles.js';

export type ConditionOp = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'empty' | 'notEmpty';

export interface ConditionTest {
  field: string;
  op: ConditionOp;
  value?: unknown;
}

export type RowCondition = ConditionTest | ConditionTest[];

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Numbers compare as numbers (a numeric column may come as text: '10' > '9'); anything else as text (ISO dates order so). */
function compare(a: unknown, b: unknown): number | null {
  if (isEmpty(a) || isEmpty(b)) return null;
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && Number.isFinite(x) && Number.isFinite(y) && String(a).trim() !== '' && String(b).trim() !== '') return x - y;
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

function equal(a: unknown, b: unknown): boolean {
  if (isEmpty(a) || b === null) return isEmpty(a) && (b === null || b === '');
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  return compare(a, b) === 0;
}

function holds(test: ConditionTest, record: Record<string, unknown>): boolean {
  const value = record[test.field];
  switch (test.op) {
    case 'empty':
      return isEmpty(value);
    case 'notEmpty':
      return !isEmpty(value);
    case 'eq':
      return equal(value, test.value);
    case 'ne':
      return !equal(value, test.value);
    default: {
      // An empty value is neither more nor less than anything.
      const c = compare(value, test.value);
      if (c === null) return false;
      return test.op === 'gt' ? c > 0 : test.op === 'gte' ? c >= 0 : test.op === 'lt' ? c < 0 : c <= 0;
    }
  }
}

/** Whether the record meets the condition (no condition: it does). */
export function meets(condition: RowCondition | undefined, record: Record<string, unknown> | null | undefined): boolean {
  if (!condition) return true;
  if (!record) return false;
  return (Array.isArray(condition) ? condition : [condition]).every((test) => holds(test, record));
}

/** The fields a condition reads (the schema check names them). */
export const conditionFields = (condition: RowCondition | undefined): string[] =>
  condition ? (Array.isArray(condition) ? condition : [condition]).map((t) => t.field) : [];

/** Who gets a row action: an operation of the resource (its access right) or a role right. */
export type ActionRight = 'list' | 'get' | 'create' | 'update' | 'delete' | Exclude<Right, 'public'>;

interface ActionBase {
  label: string;
  /** A name of src/admin/generator/iconNames.tsx; none: a text button. */
  icon?: string;
  /** Default get. */
  right?: ActionRight;
  when?: RowCondition;
  /** start (default): before Editar, Ativar/Desativar and Excluir; end: after them. */
  placement?: 'start' | 'end';
  /** Rows meeting it show the action disabled (Ver Leads of an import without rows). */
  disabledWhen?: RowCondition;
  /** The disabled action's label (its tooltip and name): 'Sem leads pra mostrar'; default `label`. */
  disabledLabel?: string;
}

/** A read-only dialog of some fields of the row. */
export interface DetailsAction extends ActionBase {
  kind: 'details';
  fields: string[];
}

/** The URL of a field, opened in a new tab; disabled when the field is empty. */
export interface ExternalAction extends ActionBase {
  kind: 'external';
  field: string;
}

/** A link to a screen; {field} placeholders are filled from the row. */
export interface PageAction extends ActionBase {
  kind: 'page';
  to: string;
}

/** A dialog listing the rows of another resource whose `field` holds this row's id, each shown by `show`. */
export interface RelatedAction extends ActionBase {
  kind: 'related';
  resource: string;
  field: string;
  show: string;
  sort?: string;
}

/** The stored file of a `file` field (GET /v1/files/{id}), saved under its name, then the toast `message`. */
export interface DownloadAction extends ActionBase {
  kind: 'download';
  field: string;
  message?: string;
}

/** Copies a text field of the row (a link) to the clipboard, then the toast `message`; disabled when the field is empty. */
export interface CopyAction extends ActionBase {
  kind: 'copy';
  field: string;
  message?: string;
}

/**
 * A v1 call on the row (`url` with {field} placeholders: DELETE /v1/history/{id}, the roulettes'
 * Resetar Campanha), after the confirmation `confirm` when given; then the toast `message` and the
 * list reloaded, or `errorMessage` (default the server's text).
 */
export interface CallAction extends ActionBase {
  kind: 'call';
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  confirm?: string;
  confirmText?: string;
  message: string;
  errorMessage?: string;
}

export type RowAction = DetailsAction | ExternalAction | PageAction | RelatedAction | DownloadAction | CopyAction | CallAction;

/** One direction of a toggle that asks first: the dialog's title and text, then the toast of what it did ({field} from the row). */
export interface ToggleConfirmStep {
  title: string;
  text?: string;
  message: string;
}

/**
 * A toggle (Ativar/Desativar, a switch column) that changes something for everyone (a register the
 * group shares): switching on and/or off asks in a dialog first, then says what it did.
 */
export interface ToggleConfirm {
  on?: ToggleConfirmStep;
  off?: ToggleConfirmStep;
}

/** The confirmation of switching a toggle to `next` (true: on), if it asks one. */
export const toggleStep = (confirm: ToggleConfirm | undefined, next: boolean): ToggleConfirmStep | undefined => (next ? confirm?.on : confirm?.off);

/** The Ativar/Desativar action (x-intranet.toggle); false: none. */
export interface ToggleRule {
  field?: string;
  on?: string;
  off?: string;
  when?: RowCondition;
  confirm?: ToggleConfirm;
}

export const TOGGLE_DEFAULTS = { field: 'ativo', on: 'Ativar', off: 'Desativar' } as const;

/** The fields an action's conditions read (its `when` and `disabledWhen`). */
export const actionConditionFields = (action: Pick<ActionBase, 'when' | 'disabledWhen'>): string[] => [...conditionFields(action.when), ...conditionFields(action.disabledWhen)];

/** The {field} placeholders of a page action's route. */
export const placeholders = (to: string): string[] => [...to.matchAll(/\{([a-z_][a-z0-9_]*)\}/gi)].map((m) => m[1]);

/**
 * A page action's route for a record, each placeholder replaced by the record's value (URL-encoded).
 * An empty value leaves its segment out ('/edit/{id}/{owner}' without an owner: '/edit/5').
 */
export const fillRoute = (to: string, record: Record<string, unknown>): string =>
  to
    .replace(/\{([a-z_][a-z0-9_]*)\}/gi, (_, field: string) => encodeURIComponent(String(record[field] ?? '')))
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/(?=$|[?#])/, '$1');
