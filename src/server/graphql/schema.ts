// A GraphQL schema generated from the entity schemas, named as Hasura names things (the spec's
// response names: rh_departamento, insert_onboarding_onboarding.returning, ...). Every resolver goes
// through the resource service: the same validation, provider scope and audit as REST. Subscriptions
// are live queries: the same answers, sent again when a change of the table alters them.
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLError,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
  Kind,
  validate,
  valueFromASTUntyped,
} from 'graphql';
import { MSG } from '../../domain/messages.js';
import { databaseUnavailable, HttpError, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors.js';
import { ValidationError } from '../schemas/validation.js';
import { apiWriteRefusal, baseType, type PropertySchema, type ResourceDef } from '../schemas/registry.js';
import type { ChangeEvent, EventBus } from '../events.js';
import type { Actor, ListParams, ResourceService } from '../resources/service.js';
import type { Operation } from '../schemas/registry.js';

export interface GqlContext {
  actorOf: (def: ResourceDef, operation: Operation) => Actor;
  /**
   * Over the websocket: checks the connection's token again (a live query re-reads with it, so a
   * user signed out, disabled or whose token expired stops receiving; the client reconnects).
   */
  reauthenticate?: () => Promise<void>;
  /** Set by mercurius: reply over HTTP, app over the websocket (used to log unexpected faults). */
  reply?: { log: { error: (obj: unknown, msg?: string) => void } };
  app?: { log: { error: (obj: unknown, msg?: string) => void } };
}

const JSONScalar = new GraphQLScalarType({
  name: 'jsonb',
  description: 'Valor JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

const OrderBy = new GraphQLEnumType({ name: 'order_by', values: { asc: { value: 'ASC' }, desc: { value: 'DESC' } } });

function scalarOf(p: PropertySchema): GraphQLOutputType & GraphQLInputType {
  const t = baseType(p);
  if (t === 'integer') return GraphQLInt;
  if (t === 'number') return GraphQLFloat;
  if (t === 'boolean') return GraphQLBoolean;
  if (t === 'string') return GraphQLString;
  if (t === 'array' && p.items) {
    const item = scalarOf(p.items as PropertySchema);
    return item === JSONScalar ? JSONScalar : (new GraphQLList(item) as any);
  }
  return JSONScalar;
}

const comparisons = new Map<string, GraphQLInputObjectType>();
function comparisonOf(type: GraphQLInputType): GraphQLInputObjectType {
  const name = `${String(type).replace(/[^A-Za-z]/g, '')}_comparison_exp`;
  let c = comparisons.get(name);
  if (!c) {
    c = new GraphQLInputObjectType({
      name,
      fields: {
        _eq: { type },
        _neq: { type },
        _gt: { type },
        _gte: { type },
        _lt: { type },
        _lte: { type },
        _in: { type: new GraphQLList(new GraphQLNonNull(type)) },
        _is_null: { type: GraphQLBoolean },
      },
    });
    comparisons.set(name, c);
  }
  return c;
}

/** Lists (array columns): _eq a value the list contains, _in any of the values, _neq none of them. */
const listComparisons = new Map<string, GraphQLInputObjectType>();
function listComparisonOf(item: GraphQLInputType): GraphQLInputObjectType {
  const name = `${String(item).replace(/[^A-Za-z]/g, '')}_list_comparison_exp`;
  let c = listComparisons.get(name);
  if (!c) {
    c = new GraphQLInputObjectType({
      name,
      description: 'Filtro de um campo lista',
      fields: {
        _eq: { type: item, description: 'a lista contém o valor' },
        _in: { type: new GraphQLList(new GraphQLNonNull(item)), description: 'a lista contém algum dos valores' },
        _neq: { type: item, description: 'a lista não contém o valor' },
        _is_null: { type: GraphQLBoolean },
      },
    });
    listComparisons.set(name, c);
  }
  return c;
}

const badArgument = (argument: string, errors?: Record<string, string>) => new HttpError(400, MSG.badQuery(argument), errors);

const LIMIT_DESCRIPTION = (max: number) =>
  `Máximo de linhas da resposta. Sem limit, todas as linhas; mas uma lista responde no máximo ${max} linhas (LIST_MAX_ROWS): ` +
  `se a consulta responderia mais (sem limit, ou com limit maior), a resposta é um erro pedindo limit e offset para paginar.`;

/**
 * Hasura-style where -> the REST filter object, so both share one query builder. Every condition of
 * a field must hold: _eq with _in keeps the values in both, _neq already excludes null.
 */
export function whereToFilter(where: Record<string, any> | null | undefined, listFields: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [field, exp] of Object.entries(where ?? {})) {
    if (field === '_q') {
      if (exp !== null && exp !== undefined) filter.q = exp;
      continue;
    }
    if (exp === null || exp === undefined) continue;
    // On a list, _eq (contains) and _in (contains any) are two conditions the REST filter cannot join.
    if (listFields.has(field) && exp._eq != null && exp._in != null) throw badArgument('where', { [field]: MSG.invalid });
    let equal: unknown[] | undefined;
    for (const [op, value] of Object.entries(exp)) {
      if (value === undefined) continue;
      if (op === '_is_null') {
        if (value === null) throw badArgument('where', { [field]: MSG.invalid });
        if (value) equal = intersect(equal, [null]);
        else if (!(`${field}_neq` in filter)) filter[`${field}_neq`] = null;
        continue;
      }
      // Hasura refuses null comparisons too: "field = null" would never match.
      if (value === null) throw badArgument('where', { [field]: MSG.invalid });
      if (op === '_eq') equal = intersect(equal, [value]);
      else if (op === '_in') equal = intersect(equal, value as unknown[]);
      else if (op === '_neq') filter[`${field}_neq`] = value;
      else filter[`${field}${op}`] = value;
    }
    if (equal) filter[field] = equal.length === 1 ? equal[0] : equal;
  }
  return filter;
}

function intersect(current: unknown[] | undefined, values: unknown[]) {
  return current ? current.filter((v) => values.includes(v)) : [...values];
}

/** Errors as GraphQL errors with the same pt-BR texts and field errors as REST. */
export function toGraphQLError(e: unknown, ctx?: GqlContext): never {
  if (e instanceof GraphQLError) throw e;
  if (e instanceof ValidationError) {
    throw new GraphQLError(e.message, { extensions: { code: 'BAD_USER_INPUT', errors: e.errors, statusCode: 400 } });
  }
  if (isDatabaseUnavailable(e)) e = databaseUnavailable();
  if (e instanceof HttpError && e.statusCode === 503) {
    throw new GraphQLError(e.message, { extensions: { code: 'SERVICE_UNAVAILABLE', statusCode: 503, retryAfter: RETRY_AFTER_SECONDS } });
  }
  if (e instanceof HttpError) {
    const code =
      e.statusCode === 404 ? 'NOT_FOUND' : e.statusCode === 403 || e.statusCode === 401 ? 'FORBIDDEN' : e.statusCode === 409 ? 'CONFLICT' : 'BAD_USER_INPUT';
    throw new GraphQLError(e.message, { extensions: { code, statusCode: e.statusCode, ...(e.errors ? { errors: e.errors } : {}) } });
  }
  // A fault of ours: logged in full, answered without internals.
  (ctx?.reply?.log ?? ctx?.app?.log)?.error({ err: e }, 'graphql resolver failed');
  throw new GraphQLError(MSG.internal, { originalError: e as Error, extensions: { code: 'INTERNAL_SERVER_ERROR', statusCode: 500 } });
}

const guard = async <T>(ctx: GqlContext, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    return toGraphQLError(e, ctx);
  }
};

/** limit/offset/order_by -> the service's range and sort. No limit means every row, as in Hasura (up to the cap, see list). */
function toParams(args: { where?: any; order_by?: any; limit?: number | null; offset?: number | null }, listFields?: ReadonlySet<string>): ListParams {
  const orders = ((args.order_by ?? []) as Record<string, string>[]).flatMap((o) => Object.entries(o ?? {}).filter(([, d]) => d != null));
  // The service sorts by one column (with id as tiebreak).
  if (orders.length > 1) throw badArgument('order_by');
  const offset = args.offset ?? 0;
  if (!Number.isSafeInteger(offset) || offset < 0) throw badArgument('offset');
  const limit = args.limit ?? null;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) throw badArgument('limit');
  const [field, dir] = orders[0] ?? [];
  return {
    filter: whereToFilter(args.where, listFields),
    sort: field ? { field, order: dir } : undefined,
    range: [offset, limit === null ? offset - 1 : offset + limit - 1],
  };
}

export function buildGraphQLSchema(service: ResourceService, events: EventBus): GraphQLSchema {
  const query: GraphQLFieldConfigMap<unknown, GqlContext> = {};
  const mutation: GraphQLFieldConfigMap<unknown, GqlContext> = {};
  const subscription: GraphQLFieldConfigMap<unknown, GqlContext> = {};

  for (const def of service.registry.resources) {
    const N = def.gqlName;
    const idType = scalarOf(def.columnByName.get('id')!.property);
    const outFields: GraphQLFieldConfigMap<unknown, unknown> = {};
    const inFields: GraphQLInputFieldConfigMap = {};
    const whereFields: GraphQLInputFieldConfigMap = def.block.search.length
      ? { _q: { type: GraphQLString, description: `Busca sem acento em: ${def.block.search.join(', ')}` } }
      : {};
    const orderFields: GraphQLInputFieldConfigMap = {};
    const listFields = new Set<string>();
    for (const col of def.columns) {
      const t = scalarOf(col.property);
      const required = def.schema.required.includes(col.name) || col.name === 'id';
      // Input fields stay nullable so that a missing required field answers the pt-BR field error.
      if (!col.readOnly) inFields[col.name] = { type: t, description: col.property.title };
      // Write-only fields (secrets) are never answered nor searchable.
      if (col.property.writeOnly) continue;
      outFields[col.name] = { type: required ? new GraphQLNonNull(t) : t, description: col.property.title };
      if (!(t instanceof GraphQLList) && t !== JSONScalar) {
        whereFields[col.name] = { type: comparisonOf(t) };
        orderFields[col.name] = { type: OrderBy };
      } else if (t instanceof GraphQLList && col.sqlTypes[0].startsWith('_')) {
        whereFields[col.name] = { type: listComparisonOf(t.ofType as GraphQLInputType) };
        listFields.add(col.name);
      }
    }
    const Type = new GraphQLObjectType({ name: N, description: def.schema.title, fields: outFields });
    const Where = new GraphQLInputObjectType({ name: `${N}_bool_exp`, fields: whereFields });
    const Order = new GraphQLInputObjectType({ name: `${N}_order_by`, fields: orderFields });
    const Insert = new GraphQLInputObjectType({ name: `${N}_insert_input`, fields: inFields });
    const SetInput = new GraphQLInputObjectType({ name: `${N}_set_input`, fields: inFields });
    const Pk = new GraphQLInputObjectType({ name: `${N}_pk_columns_input`, fields: { id: { type: new GraphQLNonNull(idType) } } });
    const Response = new GraphQLObjectType({
      name: `${N}_mutation_response`,
      fields: { affected_rows: { type: new GraphQLNonNull(GraphQLInt) }, returning: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Type))) } },
    });
    const listType = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Type)));
    const listArgs = {
      where: { type: Where },
      order_by: { type: new GraphQLList(new GraphQLNonNull(Order)) },
      limit: { type: GraphQLInt, description: LIMIT_DESCRIPTION(service.maxAllRows) },
      offset: { type: GraphQLInt },
    };

    /**
     * The rows, at most LIST_MAX_ROWS: a list that would answer more (no limit, or a larger one) is an
     * error rather than silently cut, so a client never takes a partial answer for the whole.
     */
    const list = (args: any, ctx: GqlContext) =>
      guard(ctx, async () => {
        const params = toParams(args, listFields);
        if (args.limit === 0) return [];
        const actor = ctx.actorOf(def, 'list');
        const result = await service.list(def, params, actor);
        const max = service.maxAllRows;
        if (result.rows.length === max && (args.limit ?? Infinity) > max) {
          const next = params.range![0] + max;
          // A full page came with its total; an estimated one is checked by reading the next row.
          const more = result.estimated ? (await service.list(def, { ...params, range: [next, next] }, actor)).rows.length > 0 : result.total > next;
          if (more) throw new HttpError(400, MSG.tooManyRows(max), { limit: MSG.tooManyRows(max) });
        }
        return result.rows;
      });
    /** The count of the rows where selects (then cut by offset and limit, as Hasura counts). */
    const count = (args: any, ctx: GqlContext) =>
      guard(ctx, async () => {
        const params = toParams(args, listFields);
        const r = await service.list(def, { filter: params.filter, range: [0, 0] }, ctx.actorOf(def, 'list'));
        const afterOffset = Math.max(r.total - (args.offset ?? 0), 0);
        return args.limit === null || args.limit === undefined ? afterOffset : Math.min(afterOffset, args.limit);
      });
    const byPk = (args: any, ctx: GqlContext) =>
      guard(ctx, async () => {
        try {
          return await service.getOne(def, args.id, ctx.actorOf(def, 'get'));
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 404) return null;
          throw e;
        }
      });
    // Hasura's shape: { aggregate { count } nodes { ... } }. The query answers functions, which the
    // default resolvers call, so each part runs only when selected.
    const Aggregate = new GraphQLObjectType({
      name: `${N}_aggregate`,
      fields: {
        aggregate: {
          type: new GraphQLObjectType({ name: `${N}_aggregate_fields`, fields: { count: { type: new GraphQLNonNull(GraphQLInt) } } }),
        },
        nodes: { type: listType },
      },
    });
    const aggregate = (args: any, ctx: GqlContext) =>
      guard(ctx, async () => {
        toParams(args, listFields); // a bad argument is an error of this field, not of a nested one
        return { aggregate: { count: () => count(args, ctx) }, nodes: () => list(args, ctx) };
      });

    query[N] = { type: listType, args: listArgs, resolve: (_r, args, ctx) => list(args, ctx) };
    query[`${N}_by_pk`] = { type: Type, args: { id: { type: new GraphQLNonNull(idType) } }, resolve: (_r, args, ctx) => byPk(args, ctx) };
    query[`${N}_aggregate`] = { type: new GraphQLNonNull(Aggregate), args: listArgs, resolve: (_r, args, ctx) => aggregate(args, ctx) };

    // Only the writes the generic API offers (apiWriteRefusal): an internal table has no insert,
    // update or delete; a schema whose every field is read-only (the outbox) no insert or update.
    const offers = (operation: 'create' | 'update' | 'delete') => !apiWriteRefusal(def, operation);
    if (offers('create')) mutation[`insert_${N}`] = {
      type: Response,
      args: { objects: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(Insert))) } },
      resolve: (_r, args: any, ctx) =>
        guard(ctx, async () => {
          // One transaction: one invalid object and nothing is written.
          const returning = await service.createMany(def, args.objects.map((o: object) => ({ ...o })), ctx.actorOf(def, 'create'));
          return { affected_rows: returning.length, returning };
        }),
    };
    if (offers('create')) mutation[`insert_${N}_one`] = {
      type: Type,
      args: { object: { type: new GraphQLNonNull(Insert) } },
      resolve: (_r, args: any, ctx) => guard(ctx, () => service.create(def, { ...args.object }, ctx.actorOf(def, 'create'))),
    };
    if (offers('update')) mutation[`update_${N}_by_pk`] = {
      type: Type,
      args: { pk_columns: { type: new GraphQLNonNull(Pk) }, _set: { type: SetInput } },
      resolve: (_r, args: any, ctx) => guard(ctx, () => service.update(def, args.pk_columns.id, { ...(args._set ?? {}) }, ctx.actorOf(def, 'update'))),
    };
    if (offers('delete')) mutation[`delete_${N}_by_pk`] = {
      type: Type,
      args: { id: { type: new GraphQLNonNull(idType) } },
      resolve: (_r, args: any, ctx) => guard(ctx, () => service.delete(def, args.id, ctx.actorOf(def, 'delete'))),
    };

    // Live queries: the answer at subscription, then again whenever a change of the table alters it.
    const table = def.block.table;
    subscription[N] = {
      type: listType,
      args: listArgs,
      subscribe: (_r, args, ctx, info) => liveQuery(events, table, info, async () => (await ctx.reauthenticate?.(), list(args, ctx))),
      resolve: (payload) => payload,
    };
    subscription[`${N}_by_pk`] = {
      type: Type,
      args: { id: { type: new GraphQLNonNull(idType) } },
      subscribe: (_r, args, ctx, info) =>
        liveQuery(events, table, info, async () => (await ctx.reauthenticate?.(), byPk(args, ctx)), (e) => String(e.id) === String(args.id)),
      resolve: (payload) => payload,
    };
    subscription[`${N}_aggregate`] = {
      type: new GraphQLNonNull(Aggregate),
      args: listArgs,
      subscribe: (_r, args, ctx, info) => {
        const parts = selectedFields(info);
        return liveQuery(events, table, info, async () => {
          await ctx.reauthenticate?.();
          // Read here, not by the field resolvers, so that each change is compared and sent once.
          await aggregate(args, ctx);
          const [n, nodes] = await Promise.all([
            parts.has('aggregate') ? count(args, ctx) : null,
            parts.has('nodes') ? list(args, ctx) : null,
          ]);
          return { aggregate: { count: n }, nodes };
        });
      },
      resolve: (payload) => payload,
    };
  }

  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'query_root', fields: query }),
    mutation: new GraphQLObjectType({ name: 'mutation_root', fields: mutation }),
    subscription: new GraphQLObjectType({ name: 'subscription_root', fields: subscription }),
  });
}

/** Names selected directly under the field (through fragments too). */
function selectedFields(info: GraphQLResolveInfo) {
  const names = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.FIELD) names.add(sel.name.value);
      else if (sel.kind === Kind.INLINE_FRAGMENT) visit(sel.selectionSet);
      else visit(info.fragments[sel.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return names;
}

/**
 * mercurius executes subscriptions without validating them (graphql-js subscribe() does not either),
 * so the document is validated here, once, as a query or mutation would be.
 */
function validateSubscription(info: GraphQLResolveInfo) {
  const errors = validate(info.schema, { kind: Kind.DOCUMENT, definitions: [info.operation, ...Object.values(info.fragments)] });
  if (errors.length) throw errors[0];
}

async function liveQuery<T>(
  events: EventBus,
  table: string,
  info: GraphQLResolveInfo,
  run: () => Promise<T>,
  matches: (e: ChangeEvent) => boolean = () => true,
): Promise<AsyncIterableIterator<T>> {
  validateSubscription(info);
  const live = new LiveQuery(events, table, run, matches);
  try {
    // The first answer is read now, so that a bad argument fails the subscription itself.
    await live.prime();
  } catch (e) {
    await live.return();
    throw e;
  }
  return live;
}

/**
 * The answer of run(), first at once, then again after changes of the table; answers equal to the
 * previous one are not sent (as Hasura's live queries). Changes arriving while a read runs are
 * coalesced into one more read. return() ends it at once, even while it waits for a change.
 */
export class LiveQuery<T> implements AsyncIterableIterator<T> {
  private dirty = false;
  private done = false;
  private primed: { value: T } | null = null;
  private last: string | undefined;
  private wake: (() => void) | null = null;
  private offChange: () => void;
  private offResync: () => void;

  constructor(
    events: EventBus,
    table: string,
    private run: () => Promise<T>,
    matches: (e: ChangeEvent) => boolean,
  ) {
    this.offChange = events.on((e) => {
      if (e.table === table && matches(e)) this.touch();
    });
    this.offResync = events.onResync(() => this.touch());
  }

  private touch() {
    this.dirty = true;
    this.wake?.();
  }

  async prime() {
    const value = await this.run();
    this.last = JSON.stringify(value);
    this.primed = { value };
  }

  async next(): Promise<IteratorResult<T>> {
    if (this.primed && !this.done) {
      const { value } = this.primed;
      this.primed = null;
      return { value, done: false };
    }
    while (!this.done) {
      if (!this.dirty) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      this.dirty = false;
      let value: T;
      try {
        value = await this.run();
      } catch (e) {
        this.close();
        throw e;
      }
      if (this.done) break;
      const key = JSON.stringify(value);
      if (key === this.last) continue;
      this.last = key;
      return { value, done: false };
    }
    return { value: undefined, done: true };
  }

  async return(): Promise<IteratorResult<T>> {
    this.close();
    return { value: undefined, done: true };
  }

  private close() {
    if (this.done) return;
    this.done = true;
    this.offChange();
    this.offResync();
    this.wake?.();
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
