// The built-in CustomerDirectory: the customers in our own tables (relacionamento.dados_pessoas,
// filled by `npm run import:customers` and the demo seed). Every value is a parameter; each lookup is
// one of the indexes of migration 0062 (codes per system, document and phone digits, month-day of a
// date, trigram name search), so it stays cheap at 1,000,000 customers.
import { isMonthDay, onlyDigits } from '../../domain/validators.js';
import type { Queryable } from '../db/index.js';
import { Params } from '../resources/query.js';
import { phoneDigits } from '../spreadsheets/cells.js';
import type { Customer, CustomerDirectory, CustomerQuery, DateField, DirectoryScope, OverdueCity, OverduePage, OverdueQuery } from './directory.js';

/** The columns of a customer record (all but its id) with their SQL types: the directory's reads, the import's staging and the seed's writes. */
export const CUSTOMER_COLUMN_TYPES = [
  ['sistema', 'text'],
  ['id_empresa', 'int'],
  ['cod_cliente', 'text'],
  ['codpessoa', 'text'],
  ['nome_razaosocial', 'text'],
  ['cpf', 'text'],
  ['cnpj', 'text'],
  ['data_nascimento', 'date'],
  ['data_ativacao', 'date'],
  ['data_contratacao', 'date'],
  ['telefone', 'text'],
  ['celular', 'text'],
  ['email', 'text'],
  ['cep', 'text'],
  ['rua', 'text'],
  ['numero', 'text'],
  ['bairro', 'text'],
  ['cidade', 'text'],
  ['uf', 'text'],
  ['plano', 'text'],
  ['situacao', 'text'],
  ['dias_atraso', 'int'],
] as const satisfies readonly (readonly [Exclude<keyof Customer, 'id'>, string])[];

/** The columns a Customer is made of, in the interface's order. */
export const CUSTOMER_COLUMNS = ['id', ...CUSTOMER_COLUMN_TYPES.map(([c]) => c)] as const;

const SELECT = `SELECT ${CUSTOMER_COLUMNS.map((c) => `c.${c}`).join(', ')} FROM relacionamento.dados_pessoas c`;
export const DATE_FIELDS: readonly DateField[] = ['data_nascimento', 'data_ativacao', 'data_contratacao'];

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 10_000;

/** Text the database can compare: trimmed, bounded, without control characters (PostgreSQL refuses NUL). */
function text(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const v = String(value).trim();
  if (!v || v.length > 200 || /[\u0000-\u001f]/.test(v)) return null;
  return v;
}

export { phoneDigits };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The condition for a system: its name (case-insensitive), its provider's name (accent- and
 * case-insensitive: 'RazãoInfo', as the screens send the provider) or, all digits, its provider's id.
 */
function systemCondition(sistema: string, p: Params): string {
  if (/^\d{1,9}$/.test(sistema)) return `c.id_empresa = ${p.add(Number(sistema))}::int`;
  const v = p.add(sistema);
  return `c.sistema IN (SELECT s.nome FROM relacionamento.sistema s JOIN rh.empresa e ON e.id = s.id_empresa
    WHERE upper(s.nome) = upper(${v}) OR public.f_unaccent(e.nome) = public.f_unaccent(${v}))`;
}

/** CPF or CNPJ digits: a CPF search with 14 digits looks in the CNPJs (companies are customers too). */
function documentCondition(value: string, column: 'cpf' | 'cnpj', p: Params): string | null {
  const digits = onlyDigits(value);
  if (digits.length !== 11 && digits.length !== 14) return null;
  const col = digits.length === 14 ? 'cnpj' : column === 'cnpj' ? null : 'cpf';
  if (!col) return null;
  return `relacionamento.digits(c.${col}) = ${p.add(digits)}`;
}

function phoneCondition(value: string, p: Params): string | null {
  const digits = phoneDigits(value);
  if (digits.length < 10 || digits.length > 11) return null;
  const v = p.add(digits);
  return `(relacionamento.digits(c.telefone) = ${v} OR relacionamento.digits(c.celular) = ${v})`;
}

const clampLimit = (limit: number | undefined, fallback: number) =>
  Number.isSafeInteger(limit) && (limit as number) > 0 ? Math.min(limit as number, MAX_LIMIT) : fallback;
const clampOffset = (offset: number | undefined) => (Number.isSafeInteger(offset) && (offset as number) > 0 ? (offset as number) : 0);

/**
 * The WHERE conditions of a query, or null when a given filter can match nothing (an empty or
 * malformed value never widens a search to every customer).
 */
function conditionsOf(query: CustomerQuery, p: Params): string[] | null {
  const out: string[] = [];
  const sistema = text(query.sistema);
  if (sistema === null) return null;
  if (sistema !== undefined) out.push(systemCondition(sistema, p));
  if (query.id_empresa !== undefined) {
    if (!Number.isSafeInteger(query.id_empresa)) return null;
    out.push(`c.id_empresa = ${p.add(query.id_empresa)}::int`);
  }
  for (const field of ['codpessoa', 'cod_cliente'] as const) {
    const v = text(query[field]);
    if (v === null) return null;
    if (v !== undefined) out.push(`c.${field} = ${p.add(v)}`);
  }
  for (const field of ['cpf', 'cnpj'] as const) {
    if (query[field] === undefined) continue;
    const cond = documentCondition(String(query[field]), field, p);
    if (!cond) return null;
    out.push(cond);
  }
  if (query.telefone !== undefined) {
    const cond = phoneCondition(String(query.telefone), p);
    if (!cond) return null;
    out.push(cond);
  }
  const nome = text(query.nome);
  if (nome === null) return null;
  if (nome !== undefined) out.push(`public.f_unaccent(c.nome_razaosocial) LIKE public.f_unaccent(${p.add(`%${escapeLike(nome)}%`)})`);
  return out;
}

function scopeCondition(scope: DirectoryScope, p: Params): string | null {
  if (scope.providerIds === null) return null;
  return `c.id_empresa = ANY(${p.add(scope.providerIds)}::int[])`;
}

const where = (conditions: (string | null)[]) => {
  const list = conditions.filter((c): c is string => Boolean(c));
  return list.length ? `WHERE ${list.join(' AND ')}` : '';
};

/** The exception texts of one kind that can match something: trimmed, bounded, without control characters. */
function exceptionValues(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).map((v) => text(String(v))).filter((v): v is string => typeof v === 'string'))];
}

/**
 * The conditions of the blocking simulation (overdue, overdueByCity): the provider, the threshold
 * (index dados_pessoas_empresa_atraso_idx), never a cancelled customer, and none an exception spares.
 * Null when the query can match nothing.
 */
function overdueConditions(query: OverdueQuery, p: Params): string[] | null {
  if (!Number.isSafeInteger(query.id_empresa) || !Number.isSafeInteger(query.minDays) || query.minDays > 2_147_483_647) return null;
  const out = [`c.id_empresa = ${p.add(query.id_empresa)}::int`, `c.dias_atraso >= ${p.add(Math.max(query.minDays, 0))}::int`, `c.situacao <> 'cancelado'`];
  const except = query.exceptions ?? {};
  // Plan, neighbourhood and city: as the q filter compares texts (public.f_unaccent: lower case, no accents), trimmed.
  for (const field of ['plano', 'bairro', 'cidade'] as const) {
    const values = exceptionValues(except[field]);
    if (!values.length) continue;
    // The values are normalised once (an uncorrelated ARRAY(...) is an InitPlan); a customer without
    // the field is never spared by it (NULL <> ALL is NULL, hence the coalesce).
    out.push(
      `coalesce(public.f_unaccent(btrim(c.${field})) <> ALL(ARRAY(SELECT public.f_unaccent(btrim(v)) FROM unnest(${p.add(values)}::text[]) v)), true)`,
    );
  }
  const codes = exceptionValues(except.cliente);
  if (codes.length) out.push(`c.cod_cliente <> ALL(${p.add(codes)}::text[])`);
  const situations = exceptionValues(except.situacao);
  if (situations.length) out.push(`c.situacao <> ALL(${p.add(situations)}::text[])`);
  return out;
}

export class BuiltinCustomerDirectory implements CustomerDirectory {
  constructor(private readonly db: Queryable) {}

  async find(query: CustomerQuery, scope: DirectoryScope, db: Queryable = this.db): Promise<Customer[]> {
    if (scope.providerIds !== null && scope.providerIds.length === 0) return [];
    const p = new Params();
    const conditions = conditionsOf(query, p);
    if (!conditions) return [];
    const limit = p.add(clampLimit(query.limit, DEFAULT_LIMIT));
    const offset = p.add(clampOffset(query.offset));
    const filtered = `${SELECT} ${where([...conditions, scopeCondition(scope, p)])}`;
    const order = `ORDER BY c.nome_razaosocial, c.id LIMIT ${limit} OFFSET ${offset}`;
    // A name search gathers its matches (trigram index) before ordering them: otherwise the planner,
    // which cannot tell how many names a substring matches, may walk the whole name index looking
    // for the first few (half a second at 200,000 rows instead of milliseconds).
    const sql = query.nome !== undefined ? `WITH c AS MATERIALIZED (${filtered}) SELECT * FROM c ${order}` : `${filtered} ${order}`;
    return (await db.query<Customer>(sql, p.values)).rows;
  }

  async isCustomer(by: { cpf?: string; telefone?: string; id_empresa?: number }, db: Queryable = this.db): Promise<Customer | null> {
    const p = new Params();
    const either: string[] = [];
    if (by.cpf !== undefined && by.cpf !== null) {
      const cond = documentCondition(String(by.cpf), 'cpf', p);
      if (cond) either.push(`(${cond})`);
    }
    if (by.telefone !== undefined && by.telefone !== null) {
      const cond = phoneCondition(String(by.telefone), p);
      if (cond) either.push(cond);
    }
    if (!either.length) return null;
    const conditions = [either.length > 1 ? `(${either.join(' OR ')})` : either[0]];
    if (by.id_empresa !== undefined && by.id_empresa !== null) {
      if (!Number.isSafeInteger(by.id_empresa)) return null;
      conditions.push(`c.id_empresa = ${p.add(by.id_empresa)}::int`);
    }
    // An active contract answers first: "is a customer" is about the person, whichever contract says it.
    const sql = `${SELECT} ${where(conditions)} ORDER BY (c.situacao = 'ativo') DESC, c.id LIMIT 1`;
    return (await db.query<Customer>(sql, p.values)).rows[0] ?? null;
  }

  async byMonthDay(
    field: DateField,
    monthDay: string,
    query: Pick<CustomerQuery, 'sistema' | 'id_empresa' | 'limit' | 'offset'> = {},
    db: Queryable = this.db,
  ): Promise<Customer[]> {
    if (!DATE_FIELDS.includes(field)) throw new RangeError(`campo de data desconhecido: ${field}`);
    if (typeof monthDay !== 'string' || !isMonthDay(monthDay)) throw new RangeError(`dia do ano inválido (MM-DD): ${monthDay}`);
    const p = new Params();
    const conditions = conditionsOf({ sistema: query.sistema, id_empresa: query.id_empresa }, p);
    if (!conditions) return [];
    const [month, day] = monthDay.split('-').map(Number);
    // The expression of the month-day indexes of migration 0062.
    conditions.push(`relacionamento.month_day(c.${field}) = ${p.add(month * 100 + day)}::int`);
    const limit = p.add(clampLimit(query.limit, 1000));
    const offset = p.add(clampOffset(query.offset));
    const sql = `${SELECT} ${where(conditions)} ORDER BY c.id LIMIT ${limit} OFFSET ${offset}`;
    return (await db.query<Customer>(sql, p.values)).rows;
  }

  async overdue(query: OverdueQuery, page: OverduePage = {}, db: Queryable = this.db): Promise<Customer[]> {
    const p = new Params();
    const conditions = overdueConditions(query, p);
    if (!conditions) return [];
    const after = page.after;
    if (after) {
      // Keyset: the rows after the given one in (dias_atraso DESC, nome_razaosocial, id) order.
      const d = p.add(after.dias_atraso);
      conditions.push(`(c.dias_atraso < ${d}::int OR (c.dias_atraso = ${d}::int AND (c.nome_razaosocial, c.id) > (${p.add(after.nome_razaosocial)}::text, ${p.add(after.id)}::int)))`);
    }
    const limit = p.add(clampLimit(page.limit, DEFAULT_LIMIT));
    const offset = p.add(after ? 0 : clampOffset(page.offset));
    const sql = `${SELECT} ${where(conditions)} ORDER BY c.dias_atraso DESC, c.nome_razaosocial, c.id LIMIT ${limit} OFFSET ${offset}`;
    return (await db.query<Customer>(sql, p.values)).rows;
  }

  async overdueByCity(query: OverdueQuery, db: Queryable = this.db): Promise<OverdueCity[]> {
    const p = new Params();
    const conditions = overdueConditions(query, p);
    if (!conditions) return [];
    const sql = `SELECT c.cidade, c.uf, count(*)::int AS total FROM relacionamento.dados_pessoas c ${where(conditions)}
      GROUP BY c.cidade, c.uf ORDER BY total DESC, c.cidade NULLS LAST, c.uf NULLS LAST`;
    return (await db.query<OverdueCity>(sql, p.values)).rows;
  }
}
