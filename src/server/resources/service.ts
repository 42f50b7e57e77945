// The generic resource service: list, one, create, update, delete and history of any schema's table.
// REST, GraphQL and the documented v1 calls all go through it, so validation, provider scope and
// audit are the same everywhere.
import { AUTH_MSG, MSG } from '../../domain/messages.js';
import { rightsIn, type AccessRule } from '../../domain/roles.js';
import { jsonTimestamp, type Database, type Queryable } from '../db/index.js';
import { HttpError, notFound, toHttpError, withConstraintColumn, withParameterColumn, withUniqueRule } from '../errors.js';
import { baseType, quoteIdent, type Registry, type ResourceDef } from '../schemas/registry.js';
import { validateRecord } from '../schemas/validation.js';
import { filterConditions, orderClause, Params, scopeCondition, sharedWriteCondition, whereClause, type Scope } from './query.js';
import { assertFileReferences, assertProviderFlagChoices, assertReferencesInScope, assertSameProvider } from './references.js';

export interface Actor extends Scope {
  /** usuarioId of the acting user, written to the audit log (null for system work). */
  userId: number | null;
  /**
   * The address a signed-in user's HTTP request reached the server at (`https://intranet.example`),
   * for links in the e-mails their call sends when PUBLIC_URL is not set; absent for anonymous
   * callers, the system and websocket calls.
   */
  origin?: string;
  /** The role a signed-in user's call acts with (the role header, else their effective role of the area). */
  role?: string;
  /**
   * Whether the caller holds a right in the area the call acts in (set by authorize): the fields of
   * x-intranet.fieldAccess ask it. System work, which has none, may do everything.
   */
  may?: (rule: AccessRule) => boolean;
}

export const SYSTEM: Actor = { userId: null, providerIds: null };

export interface ListParams {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: string };
  /** Inclusive [start, end]; end < start means every row from start (page size 0, "Todos"). */
  range?: [number, number];
  /**
   * Sort a reference field by the referenced record's label, and accept paths through references
   * (REST, whose tables show labels); GraphQL orders by the column itself, as Hasura does.
   */
  sortByLabel?: boolean;
}

export interface ListResult<T = Record<string, unknown>> {
  rows: T[];
  start: number;
  total: number;
  /** True when total is the planner's estimate (large tables, see README "Totais"). */
  estimated: boolean;
}

export interface CountOptions {
  /** Tables estimated above this many rows get a planner estimate instead of count(*). */
  exactThreshold: number;
  /** Upper bound of a page size 0 ("Todos"). */
  maxAllRows: number;
}

export const DEFAULT_PAGE = 20;

/** Rules of a resource that no schema can say, run inside the write's transaction. */
export interface ResourceHooks {
  /**
   * Slow work a create needs before its transaction opens (reading an uploaded file: the lead
   * imports), so that no connection waits on it; its answer reaches beforeWrite and afterWrite as
   * ctx.prepared.
   */
  prepare?(ctx: { def: ResourceDef; actor: Actor; values: Record<string, unknown> }): Promise<unknown>;
  beforeWrite?(ctx: HookContext & { values: Record<string, unknown> | null }): Promise<void>;
  afterWrite?(ctx: HookContext & { row: Record<string, any> }): Promise<void>;
  /**
   * Long work a create does after its transaction, in steps that are transactions of their own (a lead
   * import's rows: the embedded PGlite runs one transaction at a time, so one long transaction would
   * hold every other request). It may change the answered row. When it fails it undoes what the
   * create wrote (it owns that), and its error is the create's. In a createMany each row's runs after
   * the one transaction: a failure leaves the rows before it done, each whole.
   */
  afterCommit?(ctx: { def: ResourceDef; actor: Actor; row: Record<string, any>; prepared?: unknown }): Promise<void>;
  /** A database refusal of the row's insert or update told in the resource's own words (a CHECK constraint's field and text), or null. */
  databaseError?(error: unknown): Error | null;
}

/** Two hook sets as one (the one registered before runs first): another module may hook the same resource
 * (the fleet's fines: the vehicle requests fill the driver, the fleet checks its provider). */
export function composeHooks(first: ResourceHooks | undefined, second: ResourceHooks): ResourceHooks {
  if (!first) return second;
  return {
    ...first,
    ...second,
    beforeWrite: async (ctx) => {
      await first.beforeWrite?.(ctx);
      await second.beforeWrite?.(ctx);
    },
    afterWrite: async (ctx) => {
      await first.afterWrite?.(ctx);
      await second.afterWrite?.(ctx);
    },
    databaseError: (e) => second.databaseError?.(e) ?? first.databaseError?.(e) ?? null,
  };
}

export interface HookContext {
  tx: Queryable;
  def: ResourceDef;
  actor: Actor;
  operation: 'create' | 'update' | 'delete';
  existing: Record<string, any> | null;
  /** What the hooks' prepare answered (creates only). */
  prepared?: unknown;
}

/** How long a planner estimate (or a big table's count) of a list total is reused, and how many are kept (see count()). */
const ESTIMATE_TTL_MS = 5_000;
const ESTIMATE_CACHE_SIZE = 500;

export class ResourceService {
  private tableSizes = new Map<string, { rows: Promise<number>; at: number }>();
  private estimates = new Map<string, { rows: Promise<number>; at: number }>();
  readonly hooks = new Map<string, ResourceHooks>();

  constructor(
    private db: Database,
    readonly registry: Registry,
    private options: CountOptions = { exactThreshold: 50_000, maxAllRows: 10_000 },
  ) {}

  /** Most rows one list answers (LIST_MAX_ROWS). */
  get maxAllRows() {
    return this.options.maxAllRows;
  }

  get(name: string): ResourceDef {
    const def = this.registry.get(name);
    if (!def) throw notFound();
    return def;
  }

  /** Validates an id from a URL against the schema's id type; a malformed id finds nothing. */
  parseId(def: ResourceDef, raw: unknown): number | string {
    const idProp = def.columnByName.get('id')!.property;
    if (baseType(idProp) === 'integer') {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n > 2_147_483_647) throw notFound();
      return n;
    }
    if (typeof raw !== 'string' || !/^[0-9a-f-]{36}$/i.test(raw)) throw notFound();
    return raw;
  }

  async list(def: ResourceDef, params: ListParams, actor: Actor): Promise<ListResult> {
    const p = new Params();
    const conditions = [...filterConditions(def, params.filter ?? {}, p), scopeCondition(this.registry, def, actor, p)];
    const where = whereClause(conditions);
    const countParams = [...p.values];
    const sort = params.sort ?? def.block.list.sort;
    const order = orderClause(def, sort, params.sortByLabel ? { registry: this.registry, scope: actor, params: p } : undefined);
    const [start, end] = params.range ?? [0, DEFAULT_PAGE - 1];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0) throw new HttpError(400, MSG.badQuery('range'));
    const limit = end < start ? this.options.maxAllRows : Math.min(end - start + 1, this.options.maxAllRows);
    const sql = `SELECT ${selectList(def)} FROM ${def.readSql} ${where} ${order} LIMIT ${p.add(limit)} OFFSET ${p.add(start)}`;
    const { rows } = await this.db.query(sql, p.values);
    // A partial page tells the exact total for free.
    if (rows.length > 0 && rows.length < limit) return { rows, start, total: start + rows.length, estimated: false };
    if (start === 0 && rows.length === 0) return { rows, start, total: 0, estimated: false };
    const { total, estimated } = await this.count(def, where, countParams);
    return { rows, start, total, estimated };
  }

  /**
   * The total of a list page, cheap on big tables (README "Totais"):
   * - countStrategy 'exact', or a table the planner sizes at most exactThreshold rows: count(*),
   *   read on every call;
   * - otherwise the planner's estimate of the matching rows (EXPLAIN, as PostgREST's
   *   count=estimated), answered with estimated: true (header X-Total-Estimated) when it is above
   *   exactThreshold or the strategy is 'estimated';
   * - a narrow filter on a big table (estimate at or below the threshold) gets an exact count(*),
   *   which may still scan the whole table (a q search has no index), so on a big table that exact
   *   count is reused like an estimate.
   * Estimates and big tables' counts are reused for ESTIMATE_TTL_MS per (table, WHERE, parameters):
   * paging through a big list costs the page query alone, not a second round trip per page (which
   * halved the throughput of `npm run bench:api`). Concurrent calls share one query in flight.
   * Small tables' exact counts are never cached.
   */
  private async count(def: ResourceDef, where: string, values: unknown[]): Promise<{ total: number; estimated: boolean }> {
    const strategy = def.block.countStrategy ?? 'auto';
    const exact = () => this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${def.readSql} ${where}`, values).then((r) => r.rows[0].total);
    if (strategy === 'exact') return { total: await exact(), estimated: false };
    if (strategy === 'auto' && (await this.tableSize(def)) <= this.options.exactThreshold) return { total: await exact(), estimated: false };
    const key = `${def.readSql} ${where} ${JSON.stringify(values)}`;
    const estimate = await this.cached(`e ${key}`, () => this.planRows(`SELECT 1 FROM ${def.readSql} ${where}`, values));
    if (estimate > this.options.exactThreshold || strategy === 'estimated') return { total: estimate, estimated: true };
    return { total: await this.cached(`c ${key}`, exact), estimated: false };
  }

  /** A short-lived shared answer (see count()); a failure is not remembered. */
  private cached(key: string, read: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.estimates.get(key);
    if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
    const rows = read();
    rows.catch(() => this.estimates.get(key)?.rows === rows && this.estimates.delete(key));
    // Insertion order is age order: re-inserting a refreshed key moves it last, the oldest goes first.
    this.estimates.delete(key);
    if (this.estimates.size >= ESTIMATE_CACHE_SIZE) this.estimates.delete(this.estimates.keys().next().value!);
    this.estimates.set(key, { rows, at: now });
    return rows;
  }

  /** The planner's row estimate of a query. */
  private async planRows(sql: string, values: unknown[] = []): Promise<number> {
    const plan = await this.db.query<{ 'QUERY PLAN': any }>(`EXPLAIN (FORMAT JSON) ${sql}`, values);
    const raw = plan.rows[0]['QUERY PLAN'];
    return Math.max(0, Math.round((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan['Plan Rows']));
  }

  /**
   * The table's size as the planner sees it, refreshed once a minute. The planner scales the
   * statistics (pg_class.reltuples) by the table's current pages, so the size follows growth between
   * ANALYZEs; a table never analysed gets a size from its pages alone. Statistics are what make the
   * filtered estimates sane, so a big table without them is analysed here: once when it never was
   * (PostgreSQL's autovacuum may not have come yet) and, on PGlite, which runs no autovacuum, again
   * whenever they are far from the table's size.
   */
  private tableSize(def: ResourceDef): Promise<number> {
    const cached = this.tableSizes.get(def.block.table);
    if (cached && Date.now() - cached.at < 60_000) return cached.rows;
    const rows = (async () => {
      const size = await this.planRows(`SELECT 1 FROM ${def.sqlTable}`);
      if (size <= this.options.exactThreshold) return size;
      const stats = await this.db.query<{ rows: number }>(
        `SELECT c.reltuples::float8 AS rows FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
        [def.dbSchema, def.dbTable],
      );
      const reltuples = stats.rows[0]?.rows ?? -1;
      if (reltuples < 0) {
        await this.db.exec(`ANALYZE ${def.sqlTable}`);
        return this.planRows(`SELECT 1 FROM ${def.sqlTable}`);
      }
      if (this.db.kind === 'pglite' && (reltuples < size / 2 || reltuples > size * 2)) {
        this.db.exec(`ANALYZE ${def.sqlTable}`).catch(() => {});
      }
      return size;
    })();
    rows.catch(() => this.tableSizes.get(def.block.table)?.rows === rows && this.tableSizes.delete(def.block.table));
    this.tableSizes.set(def.block.table, { rows, at: Date.now() });
    return rows;
  }

  async getOne(def: ResourceDef, rawId: unknown, actor: Actor, q: Queryable = this.db) {
    return hideWriteOnly(def, await this.readRow(def, rawId, actor, q, false));
  }

  /**
   * The row as stored (write-only fields too: a PUT validates the merged record), if the caller may
   * see it. `lock` (FOR UPDATE, inside a write's transaction): a concurrent
   * write of the same row waits until this transaction ends and then reads the row as stored, so the
   * merged record a PUT validates is the one its UPDATE changes.
   */
  private async readRow(def: ResourceDef, rawId: unknown, actor: Actor, q: Queryable, lock: boolean) {
    const id = this.parseId(def, rawId);
    const p = new Params();
    const where = whereClause([`"id" = ${p.add(id)}`, scopeCondition(this.registry, def, actor, p)]);
    // A locked read (a write's) takes the table's row; others read through `readFrom` when it is set.
    const { rows } = await q.query(`SELECT * FROM ${lock ? def.sqlTable : def.readSql} ${where}${lock ? ' FOR UPDATE' : ''}`, p.values);
    if (!rows.length) throw notFound();
    return rows[0];
  }

  /** A written row as reads answer it: through the `readFrom` view (its computed fields), in the same transaction. */
  private async readBack(tx: Queryable, def: ResourceDef, row: Record<string, unknown>) {
    if (!def.block.readFrom || row?.id === undefined) return row;
    const { rows } = await tx.query(`SELECT * FROM ${def.readSql} WHERE "id" = $1`, [row.id]);
    return rows[0] ?? row;
  }

  /**
   * Runs fn in a transaction whose audit entries name the actor. A database refusal becomes a 4xx
   * (errors.ts: a unique rule's own text, a CHECK on its field, ...); `explain` may first tell it in
   * better words (a delete refused by a foreign key names what uses the row).
   */
  async write<T>(
    actor: Actor,
    fn: (tx: Queryable) => Promise<T>,
    operation: 'write' | 'delete' = 'write',
    explain?: (e: unknown) => Promise<Error | null>,
  ): Promise<T> {
    try {
      return await this.db.transaction(async (tx) => {
        await setAuditUser(tx, actor.userId);
        return fn(tx);
      });
    } catch (e) {
      const explained = explain ? await explain(e) : null;
      if (explained) throw explained;
      throw toHttpError(await this.databaseRefusal(e), operation) ?? e;
    }
  }

  /** A database error with what errors.ts needs to tell it: a CHECK's column, a unique rule's text. */
  async databaseRefusal(e: unknown): Promise<unknown> {
    return withUniqueRule(this.db, this.registry, await withConstraintColumn(this.db, e));
  }

  /** After a write, the row must still be inside the actor's providers, or the transaction is undone. */
  private async assertInScope(tx: Queryable, def: ResourceDef, id: unknown, actor: Actor) {
    const p = new Params();
    const cond = scopeCondition(this.registry, def, actor, p, '', 'write');
    if (!cond) return;
    const { rows } = await tx.query(`SELECT 1 FROM ${def.sqlTable} WHERE "id" = ${p.add(id)} AND ${cond}`, p.values);
    if (!rows.length) throw new HttpError(403, 'Este usuário não tem autorização para realizar esta operação.');
  }

  /**
   * Authorization before anything that could tell what exists (a unique rule's 409, a hook's own
   * check): the row as the caller would leave it, with the provider (or owner) they name, must be
   * inside their write scope (403), and the references they newly name inside their providers (400,
   * as a reference to no row). The same scope is checked again after the write, when hooks have filled
   * what the caller left out. A write that names no provider is left to that check.
   */
  private async assertAuthorizedWrite(tx: Queryable, def: ResourceDef, values: Record<string, unknown>, existing: Record<string, unknown> | null, actor: Actor) {
    const placement = placementColumn(def);
    // Only when the caller names the provider the row goes to: one a hook fills from another field
    // (an incident's, from its category) is checked after the write.
    if (placement && values[placement] !== null && values[placement] !== undefined) {
      const columns = [placement, def.block.owner, ...(def.block.sharedWith ?? []).map((rule) => rule.column)].filter((f): f is string => Boolean(f));
      const p = new Params();
      const cond = scopeCondition(this.registry, def, actor, p, 'r', 'write');
      if (cond) {
        const candidate = Object.fromEntries(columns.map((f) => [f, f in values ? values[f] : (existing?.[f] ?? null)]));
        const { rows } = await tx.query(`SELECT 1 FROM jsonb_populate_record(NULL::${def.sqlTable}, ${p.add(JSON.stringify(candidate))}::jsonb) r WHERE ${cond}`, p.values);
        // Placed by its owner (one's own rows), the refusal is the plain one; by a provider, it says so.
        if (!rows.length) throw new HttpError(403, actor.ownerId != null && def.block.owner ? AUTH_MSG.notAuthorized : MSG.outsideProviders);
      }
    }
    await assertReferencesInScope(tx, this.registry, def, values, existing, actor);
    for (const [field, rule] of Object.entries(def.block.fieldAccess ?? {})) {
      if (!(field in values) || actor.may?.(rule) !== false) continue;
      const before = existing ? existing[field] : (def.columnByName.get(field)?.property.default ?? null);
      if (JSON.stringify(values[field] ?? null) === JSON.stringify(before ?? null)) continue;
      const title = def.columnByName.get(field)?.property.title ?? field;
      throw new HttpError(403, `${AUTH_MSG.notAuthorized} ${MSG.fieldRight(title, rightsIn(rule))}`);
    }
    await this.assertManagedFields(tx, def, values, existing, actor);
  }

  /**
   * x-intranet.managedFields: a field only the record's managers fill (an incident's status and
   * solution) is refused (403) to a caller who sets or changes it holding neither its right nor a
   * place in a writing sharedWith rule of the record as they would leave it (the gestores of the
   * incident's category). Sending the value unchanged (the default on a create) is fine.
   */
  private async assertManagedFields(tx: Queryable, def: ResourceDef, values: Record<string, unknown>, existing: Record<string, unknown> | null, actor: Actor) {
    const touched = Object.entries(def.block.managedFields ?? {}).filter(([field, rule]) => {
      if (!(field in values) || actor.may?.(rule) !== false) return false;
      const before = existing ? existing[field] : (def.columnByName.get(field)?.property.default ?? null);
      return JSON.stringify(values[field] ?? null) !== JSON.stringify(before ?? null);
    });
    if (!touched.length) return;
    if (actor.userId !== null) {
      const p = new Params();
      const cond = sharedWriteCondition(this.registry, def, actor.userId, p, 'r');
      if (cond) {
        const columns = (def.block.sharedWith ?? []).map((rule) => rule.column);
        const candidate = Object.fromEntries(columns.map((f) => [f, f in values ? values[f] : (existing?.[f] ?? null)]));
        const { rows } = await tx.query(`SELECT 1 FROM jsonb_populate_record(NULL::${def.sqlTable}, ${p.add(JSON.stringify(candidate))}::jsonb) r WHERE ${cond}`, p.values);
        if (rows.length) return;
      }
    }
    const [field, rule] = touched[0];
    const title = def.columnByName.get(field)?.property.title ?? field;
    throw new HttpError(403, `${AUTH_MSG.notAuthorized} ${MSG.fieldRight(title, rightsIn(rule))}`);
  }

  private async insertChecked(tx: Queryable, def: ResourceDef, values: Record<string, unknown>, actor: Actor, prepared?: unknown) {
    // A new owned row belongs to its author, unless a manager names another owner.
    if (def.block.owner && actor.userId !== null && (actor.ownerId != null || values[def.block.owner] == null)) {
      values = { ...values, [def.block.owner]: actor.userId };
    }
    const hooks = this.hooks.get(def.name);
    const ctx = { tx, def, actor, operation: 'create' as const, existing: null, prepared };
    await this.assertAuthorizedWrite(tx, def, values, null, actor);
    // Before the hooks, which may read the files' stored types (a news cover's format).
    await assertFileReferences(tx, def, values, null, actor);
    const given = { ...values };
    // Before the hooks, whose own checks (and what they fill in) come after the declared rule.
    await assertSameProvider(tx, this.registry, def, values, null);
    await hooks?.beforeWrite?.({ ...ctx, values });
    // References a hook filled in are checked too (those the caller gave were, above).
    await assertReferencesInScope(tx, this.registry, def, values, given, actor);
    await assertProviderFlagChoices(tx, this.registry, def, values, null);
    const row = await insertRow(tx, def, values).catch((e) => {
      throw hooks?.databaseError?.(e) ?? e;
    });
    await this.assertInScope(tx, def, row.id, actor);
    await hooks?.afterWrite?.({ ...ctx, row });
    return this.readBack(tx, def, row);
  }

  async create(def: ResourceDef, body: unknown, actor: Actor) {
    const values = validateRecord(def, body, 'create');
    const prepared = await this.hooks.get(def.name)?.prepare?.({ def, actor, values });
    const row = await this.write(actor, (tx) => this.insertChecked(tx, def, values, actor, prepared));
    await this.afterCommit(def, actor, row, prepared);
    return hideWriteOnly(def, row);
  }

  /** The hooks' afterCommit of a created row; a database refusal in it is told as the write's would be. */
  private async afterCommit(def: ResourceDef, actor: Actor, row: Record<string, any>, prepared: unknown) {
    const after = this.hooks.get(def.name)?.afterCommit;
    if (!after) return;
    try {
      await after({ def, actor, row, prepared });
    } catch (e) {
      throw toHttpError(await this.databaseRefusal(e), 'write') ?? e;
    }
  }

  /**
   * Several records in one transaction: all are written, or none. `fixed` holds values the server
   * sets itself (read-only fields such as a message's group id), applied after validation.
   */
  async createMany(def: ResourceDef, bodies: unknown[], actor: Actor, fixed: Record<string, unknown> = {}) {
    const values = bodies.map((b) => ({ ...validateRecord(def, b, 'create'), ...fixed }));
    const prepare = this.hooks.get(def.name)?.prepare;
    const prepared: unknown[] = [];
    for (const v of values) prepared.push(prepare ? await prepare({ def, actor, values: v }) : undefined);
    const rows = await this.write(actor, async (tx) => {
      const rows = [];
      for (const [i, v] of values.entries()) rows.push(await this.insertChecked(tx, def, v, actor, prepared[i]));
      return rows;
    });
    for (const [i, row] of rows.entries()) await this.afterCommit(def, actor, row, prepared[i]);
    return rows.map((row) => hideWriteOnly(def, row));
  }

  async update(def: ResourceDef, rawId: unknown, body: unknown, actor: Actor) {
    return this.write(actor, (tx) => this.updateIn(tx, def, rawId, body, actor));
  }

  /**
   * A create inside a transaction a feature already holds (service.write): validated, scoped, hooked
   * and audited as create() is, with several registers written together (a roulette's prizes). The
   * hooks' prepare does not run.
   */
  async createIn(tx: Queryable, def: ResourceDef, body: unknown, actor: Actor) {
    return hideWriteOnly(def, await this.insertChecked(tx, def, validateRecord(def, body, 'create'), actor));
  }

  /** An update inside a transaction a feature already holds, as update() does it. */
  async updateIn(tx: Queryable, def: ResourceDef, rawId: unknown, body: unknown, actor: Actor) {
    const id = this.parseId(def, rawId);
    const existing = await this.readRow(def, id, actor, tx, true);
    const values = validateRecord(def, body, 'update', existing);
    const hooks = this.hooks.get(def.name);
    const ctx = { tx, def, actor, operation: 'update' as const, existing };
    await this.assertAuthorizedWrite(tx, def, values, existing, actor);
    await assertFileReferences(tx, def, values, existing, actor);
    const given = { ...values };
    await assertSameProvider(tx, this.registry, def, values, existing);
    await hooks?.beforeWrite?.({ ...ctx, values });
    // References a hook filled in are checked too (those the caller gave were, above).
    await assertReferencesInScope(tx, this.registry, def, values, { ...existing, ...given }, actor);
    await assertProviderFlagChoices(tx, this.registry, def, values, existing);
    const row = Object.keys(values).length
      ? await updateRow(tx, def, id, values).catch((e) => {
          throw hooks?.databaseError?.(e) ?? e;
        })
      : existing;
    await this.assertInScope(tx, def, id, actor);
    await hooks?.afterWrite?.({ ...ctx, row });
    return hideWriteOnly(def, await this.readBack(tx, def, row));
  }

  async delete(def: ResourceDef, rawId: unknown, actor: Actor) {
    const id = this.parseId(def, rawId);
    return this.write(actor, (tx) => this.deleteIn(tx, def, id, actor), 'delete', (e) => this.refusedDelete(def, id, actor, e));
  }

  /** A delete inside a transaction a feature already holds, as delete() does it. */
  async deleteIn(tx: Queryable, def: ResourceDef, rawId: unknown, actor: Actor) {
    const id = this.parseId(def, rawId);
    const existing = await this.readRow(def, id, actor, tx, true);
    // A row every provider shares is deleted by the superadmin only (its update is refused after the write).
    if (def.block.providerShared) await this.assertInScope(tx, def, id, actor);
    const hooks = this.hooks.get(def.name);
    const ctx = { tx, def, actor, operation: 'delete' as const, existing };
    await hooks?.beforeWrite?.({ ...ctx, values: null });
    const { rows } = await tx.query(`DELETE FROM ${def.sqlTable} WHERE "id" = $1 RETURNING *`, [id]);
    await hooks?.afterWrite?.({ ...ctx, row: rows[0] });
    return hideWriteOnly(def, rows[0]);
  }

  /**
   * A delete refused by a foreign key (23503, raised on the referencing table): the refusal names
   * what uses the row when that table is a schema's (inUse); otherwise the generic text stays.
   */
  private async refusedDelete(def: ResourceDef, id: number | string, actor: Actor, e: unknown): Promise<HttpError | null> {
    const err = e as { code?: unknown; schema?: string; table?: string } | null;
    if (err?.code !== '23503' || !err.schema || !err.table) return null;
    const referencing = this.registry.byTable.get(`${err.schema}.${err.table}`);
    return referencing ? this.inUse(this.db, def, id, actor, [referencing]) : null;
  }

  /**
   * Why a row cannot be deleted, told by the registers using it: 409 'Não é possível excluir: em uso
   * em Onboardings (Integração, Comercial e mais 2).', or null when none of `referencing` holds it.
   * Each resource of `referencing` whose (single-record) references point at def and hold the row
   * is named by its plural label, with its records' labels (the label other schemas show it by);
   * an internal link table (x-intranet.internal with two references: onboarding-trails,
   * trail-contents) is looked through to the register on its other side (a trail is used by
   * onboardings, a content by trails). At most IN_USE_NAMES records are named, and only those the
   * actor may see (provider scope, and own rows of an owned register): the others are counted
   * ('e mais N', or 'N registros' when none can be named). `q` may be the delete's transaction.
   */
  async inUse(q: Queryable, def: ResourceDef, id: unknown, actor: Actor, referencing: ResourceDef[]): Promise<HttpError | null> {
    const parts: string[] = [];
    for (const source of referencing) {
      const refs = Object.entries(source.block.references ?? {}).filter(
        ([field]) => baseType(source.columnByName.get(field)!.property) !== 'array',
      );
      const fields = refs.filter(([, ref]) => ref.resource === def.name).map(([field]) => field);
      if (!fields.length) continue;
      const p = new Params();
      const holds = fields.map((f) => `x.${quoteIdent(f)} = ${p.add(id)}`).join(' OR ');
      const far = source.block.internal && refs.length === 2 ? refs.find(([field]) => !fields.includes(field)) : undefined;
      const target = far ? this.registry.get(far[1].resource)! : source;
      const label = far ? far[1].label : labelFieldOf(this.registry, source);
      // Read through each register's readFrom view (when it has one): its label may be a computed field.
      const rows = far
        ? `SELECT f.* FROM ${target.readSql} f WHERE f."id" IN (SELECT x.${quoteIdent(far[0])} FROM ${source.sqlTable} x WHERE ${holds})`
        : `SELECT x.* FROM ${source.readSql} x WHERE ${holds}`;
      const scope = scopeCondition(this.registry, target, { providerIds: actor.providerIds, ownerId: target.block.owner && actor.providerIds !== null ? actor.userId : null }, p, 'u');
      const visible = scope ?? 'true';
      const name = label ? `COALESCE(u.${quoteIdent(label)}::text, '#' || u."id")` : `'#' || u."id"`;
      const { rows: found } = await q.query<{ total: number; names: string[] | null }>(
        `SELECT count(*)::int AS total,
                (array_agg(${name} ORDER BY ${label ? `u.${quoteIdent(label)}, ` : ''}u."id") FILTER (WHERE ${visible}))[1:${IN_USE_NAMES}] AS names
           FROM (${rows}) u`,
        p.values,
      );
      const { total } = found[0];
      if (!total) continue;
      parts.push(`${target.block.labels.plural} (${namesWithRest(found[0].names ?? [], total)})`);
    }
    if (!parts.length) return null;
    const uses = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', em ')} e em ${parts[parts.length - 1]}`;
    return new HttpError(409, MSG.inUseBy(uses));
  }

  /**
   * The audit entries of one row, newest first, at most 100 a call: for who may read the row, or,
   * once it is deleted, for who could read it then (its last state, the DELETE entry's old_data,
   * checked against the same provider and owner scope; the superadmin always).
   */
  async history(def: ResourceDef, rawId: unknown, actor: Actor, options: { limit?: number; offset?: number } = {}) {
    const id = this.parseId(def, rawId);
    try {
      await this.getOne(def, id, actor);
    } catch (e) {
      if (!(e instanceof HttpError && e.statusCode === 404) || !(await this.couldReadDeleted(def, id, actor))) throw e;
    }
    return readHistory(this.db, def, String(id), options);
  }

  private async couldReadDeleted(def: ResourceDef, id: number | string, actor: Actor) {
    const p = new Params();
    const scope = scopeCondition(this.registry, def, actor, p, 'r');
    const { rows } = await this.db.query(
      `SELECT 1 FROM admin.log l CROSS JOIN LATERAL jsonb_populate_record(NULL::${def.sqlTable}, l.old_data) r
        WHERE l.tabelas = ${p.add(def.block.table)} AND l.id_item = ${p.add(String(id))} AND l.operacao = 'DELETE'
          AND NOT EXISTS (SELECT 1 FROM ${def.sqlTable} x WHERE x."id" = ${p.add(id)})${scope ? ` AND ${scope}` : ''}
        ORDER BY l.data DESC, l.id DESC LIMIT 1`,
      p.values,
    );
    return rows.length > 0;
  }
}

/** The column that places a row in a provider: the provider column itself, or the reference it is reached through. */
function placementColumn(def: ResourceDef): string | undefined {
  const p = def.block.provider;
  return typeof p === 'string' ? p : p?.column;
}

/** Most records an in-use refusal names (ResourceService.inUse); the rest are counted. */
const IN_USE_NAMES = 3;

/** 'A, B e C'; 'A, B, C e mais 2'; '2 registros' when none can be named. */
function namesWithRest(names: string[], total: number) {
  const rest = total - names.length;
  if (!names.length) return `${total} ${total === 1 ? 'registro' : 'registros'}`;
  if (rest > 0) return `${names.join(', ')} e mais ${rest}`;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`;
}

/**
 * The field a record of def is known by: the label other schemas' references show it by, else the
 * first plain text field of its list (no date, time or id), else none (the record is '#id').
 */
function labelFieldOf(registry: Registry, def: ResourceDef): string | null {
  for (const other of registry.resources) {
    for (const ref of Object.values(other.block.references ?? {})) if (ref.resource === def.name) return ref.label;
  }
  const plain = (c: string) => {
    const p = def.columnByName.get(c)?.property;
    return p !== undefined && !p.writeOnly && baseType(p) === 'string' && !['date', 'date-time', 'time', 'month-day', 'uuid', 'file'].includes(p.format ?? '');
  };
  return def.block.list.columns.find((c) => !c.includes('.') && !def.block.references?.[c] && plain(c)) ?? null;
}

/** Names the acting user of the transaction's audit entries (admin.log.id_usuario); null: the system. */
export async function setAuditUser(tx: Queryable, userId: number | null) {
  await tx.query(`SELECT set_config('intranet.user_id', $1, true)`, [userId === null ? '' : String(userId)]);
}

export async function insertRow(q: Queryable, def: ResourceDef, values: Record<string, unknown>) {
  const p = new Params();
  const cols = Object.keys(values);
  const sql = cols.length
    ? `INSERT INTO ${def.sqlTable} (${cols.map(quoteIdent).join(', ')}) VALUES (${cols.map((c) => p.add(toSql(def, c, values[c]))).join(', ')}) RETURNING *`
    : `INSERT INTO ${def.sqlTable} DEFAULT VALUES RETURNING *`;
  const { rows } = await q.query(sql, p.values).catch((e) => {
    throw withParameterColumn(e, cols);
  });
  return rows[0];
}

export async function updateRow(q: Queryable, def: ResourceDef, id: unknown, values: Record<string, unknown>) {
  const p = new Params();
  const cols = Object.keys(values);
  const sets = cols.map((c) => `${quoteIdent(c)} = ${p.add(toSql(def, c, values[c]))}`);
  const { rows } = await q.query(`UPDATE ${def.sqlTable} SET ${sets.join(', ')} WHERE "id" = ${p.add(id)} RETURNING *`, p.values).catch((e) => {
    throw withParameterColumn(e, cols);
  });
  if (!rows.length) throw notFound();
  return rows[0];
}

/** jsonb columns take JSON text; everything else goes as is. */
function toSql(def: ResourceDef, column: string, value: unknown) {
  const col = def.columnByName.get(column)!;
  return col.sqlTypes[0] === 'jsonb' && value !== null ? JSON.stringify(value) : value;
}

/**
 * A record's audit entries as the API answers them: old_data and new_data without write-only fields,
 * their timestamps in the ISO form REST and GraphQL answer.
 */
export async function readHistory(q: Queryable, def: ResourceDef, idItem: string, options: { limit?: number; offset?: number }) {
  const limit = Math.min(Math.max(Math.trunc(Number(options.limit ?? 100)) || 100, 1), 100);
  const offset = Math.max(Math.trunc(Number(options.offset ?? 0)) || 0, 0);
  const { rows } = await q.query(
    `SELECT l.id, l.tabelas, l.operacao, l.id_item, l.old_data, l.new_data, l.data, l.id_usuario,
            COALESCE(u.nome, u.email) AS usuario
       FROM admin.log l LEFT JOIN auth.usuario u ON u.id = l.id_usuario
      WHERE l.tabelas = $1 AND l.id_item = $2
      ORDER BY l.data DESC, l.id DESC LIMIT $3 OFFSET $4`,
    [def.block.table, idItem, limit, offset],
  );
  return rows.map((entry) => ({ ...entry, old_data: auditData(def, entry.old_data), new_data: auditData(def, entry.new_data) }));
}

function auditData(def: ResourceDef, data: Record<string, unknown> | null) {
  if (!data) return data;
  const out: Record<string, unknown> = { ...hideWriteOnly(def, data) };
  for (const col of def.columns) {
    if (col.sqlTypes[0] === 'timestamptz' && typeof out[col.name] === 'string') out[col.name] = jsonTimestamp(out[col.name] as string);
  }
  return out;
}

/** Names of the schema's write-only fields (secrets: stored, never answered). */
const writeOnlyFields = new WeakMap<ResourceDef, string[]>();
function writeOnlyOf(def: ResourceDef) {
  let names = writeOnlyFields.get(def);
  if (!names) writeOnlyFields.set(def, (names = def.columns.filter((c) => c.property.writeOnly).map((c) => c.name)));
  return names;
}

/** A row (or audit data) without the write-only fields; the row itself when the schema has none. */
export function hideWriteOnly<T extends Record<string, any> | null | undefined>(def: ResourceDef, row: T): T {
  const hidden = writeOnlyOf(def);
  if (!hidden.length || !row) return row;
  const out: Record<string, any> = { ...row };
  for (const name of hidden) delete out[name];
  return out as T;
}

/** The columns a list answers: every one but the write-only fields. */
function selectList(def: ResourceDef) {
  return writeOnlyOf(def).length ? def.columns.filter((c) => !c.property.writeOnly).map((c) => quoteIdent(c.name)).join(', ') : '*';
}
