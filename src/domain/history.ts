// The change history of one record, from its audit rows (admin.log): what the panel
// 'Ver histórico de Edições' lists, newest first. Pure logic, no I/O.

export type AuditOperation = 'INSERT' | 'UPDATE' | 'DELETE';

/** One audit row as GET /api/<resource>/<id>/history answers it. */
export interface AuditEntry {
  id: number | string;
  operacao: AuditOperation | string;
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
  /** When it happened (ISO timestamp). */
  data: string;
  /** usuarioId of the author; null for system work. */
  id_usuario: number | string | null;
  /** The author's name (or e-mail), when the server tells it. */
  usuario?: string | null;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export type HistoryAction = 'created' | 'edited' | 'deleted';

export interface HistoryItem {
  id: number | string;
  action: HistoryAction;
  at: string;
  userId: number | string | null;
  /** The author's name (or e-mail), when known. */
  userName: string | null;
  /** For edits: the fields whose value changed, in the order of `fields` when given. */
  changes: FieldChange[];
}

export const HISTORY_TITLE = 'Ver histórico de Edições';
export const HISTORY_ACTION_TEXT: Record<HistoryAction, string> = {
  created: 'criou o item',
  edited: 'editou o item',
  deleted: 'excluiu o item',
};

/** Bookkeeping columns that change on their own and say nothing to the reader. */
/** Who did it, as the panel writes it: the name, else 'Usuário #id', else 'Sistema'. */
export const authorText = (item: Pick<HistoryItem, 'userId' | 'userName'>) =>
  item.userName ? item.userName : item.userId === null || item.userId === undefined ? 'Sistema' : `Usuário #${item.userId}`;

export const DEFAULT_IGNORED = ['id', 'created_at', 'updated_at'];

/** Deep equality of JSON values, indifferent to key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameValue(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const k of keys) if (!sameValue(ao[k], bo[k])) return false;
  return true;
}

/**
 * Fields whose value differs between two versions of a record. With `fields`, only those are
 * compared, in that order; otherwise every key of either version (minus `ignore`), sorted.
 */
export function diffRecords(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  options: { fields?: readonly string[]; ignore?: readonly string[] } = {},
): FieldChange[] {
  const b = before ?? {};
  const a = after ?? {};
  const ignore = new Set(options.ignore ?? DEFAULT_IGNORED);
  const fields = options.fields ?? [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  const out: FieldChange[] = [];
  for (const field of fields) {
    if (ignore.has(field)) continue;
    if (!sameValue(b[field], a[field])) out.push({ field, before: b[field] ?? null, after: a[field] ?? null });
  }
  return out;
}

const ACTION_OF: Record<string, HistoryAction> = { INSERT: 'created', UPDATE: 'edited', DELETE: 'deleted' };

/** The audit rows as panel items, newest first (by time, then by id for entries of the same instant). */
export function describeHistory(
  entries: readonly AuditEntry[],
  options: { fields?: readonly string[]; ignore?: readonly string[] } = {},
): HistoryItem[] {
  const time = (e: AuditEntry) => {
    const t = Date.parse(e.data);
    return Number.isNaN(t) ? 0 : t;
  };
  const byNewest = [...entries].sort((x, y) => time(y) - time(x) || compareIds(y.id, x.id));
  return byNewest
    .filter((e) => ACTION_OF[String(e.operacao).toUpperCase()])
    .map((e) => {
      const action = ACTION_OF[String(e.operacao).toUpperCase()];
      return {
        id: e.id,
        action,
        at: e.data,
        userId: e.id_usuario ?? null,
        userName: e.usuario ?? null,
        changes: action === 'edited' ? diffRecords(e.old_data, e.new_data, options) : [],
      };
    });
}

function compareIds(a: number | string, b: number | string) {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return String(a).localeCompare(String(b));
}
