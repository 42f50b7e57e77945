// Property test built from the schemas: for every resource of the registry, bodies generated from each
// property's type, format, enum and bounds (valid values, boundaries, wrong types, unknown and
// read-only fields) and query strings on its real fields (sort, range, filters with every suffix,
// malformed JSON), through list, get, create, update, delete, history and GraphQL, as the superadmin
// and as a user of the resource's module acting with a role header (held, not held or malformed).
// No request may get a 500, and every 4xx answers a pt-BR message. Valid bodies must also succeed:
// for every resource the superadmin may create, generated valid records (real references, unique
// values, the rules of hooks kept: tests/helpers/records.ts) are created, updated and deleted, so the
// database write path of each is fuzzed too.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { baseType, loadRegistry, type PropertySchema, type ResourceDef } from '../../src/server/schemas/registry.js';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { HOOK_FIELDS, recordMaker, sampleValue } from '../helpers/records.js';
import { SYSTEM } from '../../src/server/resources/service.js';

const registry = loadRegistry(SCHEMAS_DIR);
const RESOURCES = registry.resources.map((r) => r.name);

let t: TestApp;
/** A user holding the manager role of every module (acting with one through the role header). */
let managerToken: string;
/** An employee with the plain user role. */
let employeeToken: string;
/** Ids answered by successful creates, per resource, so that updates and deletes hit real rows. */
const created = new Map<string, number[]>();
/** The callers' own user rows are never the target (a disabled superadmin would end the test); this one is. */
const protectedUsers = new Set<string>();
let targetUser = 0;
let provider = 0;
let make: ReturnType<typeof recordMaker>;
/** Per resource, its columns under a unique index (or constraint), read from the catalog. */
const uniqueColumns = new Map<string, Set<string>>();

beforeAll(async () => {
  t = await testApp();
  const p = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json();
  provider = p.id;
  make = recordMaker(t);
  for (const def of registry.resources) {
    const { rows } = await t.db.query<{ attname: string }>(
      `SELECT DISTINCT a.attname FROM pg_index i
         JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = i.indexrelid AND d.refobjid = i.indrelid AND d.refobjsubid > 0
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = d.refobjsubid
        WHERE i.indisunique AND NOT i.indisprimary AND i.indrelid = $1::regclass`,
      [def.sqlTable],
    );
    uniqueColumns.set(def.name, new Set(rows.map((r) => r.attname)));
  }
  const dep = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Técnico', id_empresa: p.id } })).json();
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: 'Campo', id_departamento: dep.id } })).json();
  await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: 'Técnico de campo', id_setor: sector.id } });
  await t.inject({ method: 'POST', url: '/api/trails', payload: { nome: 'Boas-vindas' } });
  await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'História', resumo: 'Resumo', texto: '<p>Texto</p>' } });
  const modules = [...new Set(registry.resources.flatMap((r) => [r.block.module, ...(r.block.alsoModules ?? [])]))];
  managerToken = await t.userToken({ papeis: modules.map((m) => `${m}:gestor`), id_empresas: [p.id], funcionario: true });
  employeeToken = await t.userToken({ papeis: ['user'], id_empresas: [p.id], funcionario: true });
  const users = (await t.inject({ url: '/api/users?range=[0,99]' })).json() as { id: number }[];
  users.forEach((u) => protectedUsers.add(String(u.id)));
  targetUser = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'alvo@bitcom.com.br', nome: 'Alvo', id_empresas: [p.id] } })).json().id;
});
afterAll(() => t?.close());

// ---- pt-BR messages ----

const KNOWN = new Set<string>();
const PATTERNS: RegExp[] = [];
for (const source of [MSG, AUTH_MSG] as Record<string, unknown>[]) {
  for (const value of Object.values(source)) {
    if (typeof value === 'string') KNOWN.add(value);
    if (typeof value === 'function') {
      const sample = String((value as (a: string) => string)('\u0001'));
      PATTERNS.push(new RegExp(`^${sample.split('\u0001').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`));
    }
  }
}
const ENGLISH = /\b(the|must|should|have|has|not|is|are|body|querystring|params|expected|unexpected|error|invalid|unsupported|cannot|failed|property|required)\b/i;
const PORTUGUESE = /[áéíóúâêôãõç]|\b(de|do|da|não|para|um|uma|o|os|a|as|é|campo|valor|dados|filtro|registro|parâmetro)\b/i;

/** A message a person reads: one of the spec's texts, or Portuguese text with no English in it. */
function isPtBr(message: unknown): boolean {
  if (typeof message !== 'string' || !message.trim()) return false;
  if (KNOWN.has(message) || PATTERNS.some((p) => p.test(message))) return true;
  return PORTUGUESE.test(message) && !ENGLISH.test(message);
}

// ---- values from the schema ----

const WRONG_TYPES = fc.constantFrom<unknown>(null, 0, 1.5, -1, '', 'texto', true, false, [], [1], {}, { a: 1 });

const VALID_FORMAT: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof(fc.constant('fulano@bitcom.com.br'), fc.emailAddress()),
  uri: fc.oneof(fc.constant('https://www.linkedin.com/in/fulano'), fc.webUrl()),
  url: fc.webUrl(),
  cnpj: fc.constantFrom('11.222.333/0001-81', '11222333000181'),
  cpf: fc.constantFrom('529.982.247-25', '52998224725'),
  cep: fc.constantFrom('60000-000', '01310-100'),
  date: fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  'month-day': fc.constantFrom('01-01', '02-29', '12-25', '04-21'),
  time: fc.constantFrom('00:00', '12:30', '23:59:59'),
  color: fc.constantFrom('#fff', '#1976d2'),
  uuid: fc.uuid(),
  file: fc.uuid(),
  // Each keeps some text once sanitised: a lone '<img src="javascript:...">' is nothing (a required field refuses it: rich-text.test.ts).
  html: fc.constantFrom('<p>Olá</p>', '<h1>Título</h1><script>alert(1)</script>', '<p>Foto</p><img src="javascript:alert(1)">'),
  phone: fc.constantFrom('(85) 99999-9999', '(11) 93333-4444'),
  password: fc.constant('Senha#Forte2026'),
};

const BAD_FORMAT: Record<string, string[]> = {
  email: ['fulano@', '@bitcom.com.br', 'fulano bitcom.com.br'],
  uri: ['não é um link', 'javascript:alert(1)', 'ftp://x'],
  url: ['não é um link'],
  cnpj: ['11.222.333/0001-82', '00.000.000/0000-00', '123'],
  cpf: ['111.111.111-11', '123'],
  cep: ['123', 'abcde-fgh'],
  date: ['2026-02-30', '0000-01-01', '10000-01-01', '2026-13-01', 'ontem', '2026-01-01T10:00:00Z'],
  'date-time': ['2026-01-01T25:00:00Z', '2026-01-01 24:00', '2026-01-01T23:59:60Z', '2026-02-30T10:00:00Z', 'infinity', '0001-01-01T00:00:00+14:00'],
  'month-day': ['02-30', '13-01', '1-1'],
  time: ['24:00', '12:60', 'meio-dia'],
  color: ['red', '#ggg'],
  uuid: ['não-é-uuid', '00000000-0000-0000-0000-00000000000g'],
  file: ['não-é-uuid', '00000000-0000-4000-8000-000000000000'],
  phone: ['123'],
  password: ['fraca'],
};

function stringValues(p: PropertySchema, valid: boolean): fc.Arbitrary<unknown> {
  const min = p.minLength ?? 0;
  const max = Math.min(p.maxLength ?? 200, 300);
  if (p.enum) return valid ? fc.constantFrom(...p.enum) : fc.constantFrom('NOPE', '', 'a'.repeat(300));
  if (valid) {
    if (p.format && VALID_FORMAT[p.format]) return VALID_FORMAT[p.format];
    if (typeof p.pattern === 'string') return fc.stringMatching(new RegExp(p.pattern as string)).filter((s) => s.length <= max);
    return fc.string({ minLength: Math.max(min, 2), maxLength: Math.max(max, 2) }).filter((s) => s.trim().length >= Math.max(min, 1));
  }
  const boundaries = ['', ' ', 'a'.repeat(Math.max(min - 1, 0)), 'a'.repeat((p.maxLength ?? 0) + 1), 'nul\u0000l', '\u{1F600}'.repeat(3), "'; DROP TABLE x; --"];
  return fc.oneof(fc.constantFrom(...boundaries, ...(p.format ? (BAD_FORMAT[p.format] ?? []) : [])), fc.string({ unit: 'binary', maxLength: 40 }));
}

function numberValues(p: PropertySchema, integer: boolean, valid: boolean): fc.Arbitrary<unknown> {
  if (valid) {
    const min = p.minimum ?? (integer ? 1 : 0);
    const max = p.maximum ?? (integer ? 5 : 1000);
    if (integer) return fc.integer({ min, max: Math.min(max, min + 10_000) });
    // Money holds reais with at most two decimals: a whole number of cents.
    if (p.format === 'money') return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(Math.min(max, 1e9) * 100) }).map((c) => c / 100);
    return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  }
  const edges = [p.minimum, p.maximum].filter((n): n is number => n !== undefined).flatMap((n) => [n, n - 1, n + 1]);
  return fc.constantFrom(...edges, 0, -1, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e308, -1e-308, 1.5, '1', '1e3');
}

/** A value of property p: valid (for the type, format, enum and bounds) or a boundary or wrong one. */
function valueOf(p: PropertySchema, valid: boolean, reference = false): fc.Arbitrary<unknown> {
  // A valid reference names a row of the fixtures (ids 1 and 2 exist in most tables).
  if (valid && reference) return baseType(p) === 'array' ? fc.uniqueArray(fc.constantFrom(1, 2), { maxLength: 2 }) : fc.constantFrom(1, 1, 2);
  const t = baseType(p);
  if (t === 'string') return stringValues(p, valid);
  if (t === 'integer' || t === 'number') return numberValues(p, t === 'integer', valid);
  if (t === 'boolean') return valid ? fc.boolean() : fc.constantFrom('true', 0, 1, 'sim');
  if (t === 'array') {
    const item = (p.items ?? {}) as PropertySchema;
    if (valid) return fc.uniqueArray(valueOf(item, true), { maxLength: Math.min((p.maxItems as number | undefined) ?? 4, 4) });
    return fc.oneof(fc.array(valueOf(item, false), { maxLength: 3 }), fc.constantFrom([1, 1], ['a', 'a'], 'não é lista', [null], [[1]]));
  }
  if (t === 'object') return valid ? fc.record({ modulo: fc.constantFrom('rh', 'incidentes'), msg: fc.string({ minLength: 1, maxLength: 50 }) }) : fc.jsonValue();
  return fc.jsonValue();
}

/**
 * Bodies for create and update: mostly valid records (the sample record of records.ts, with real
 * references, varied by the free fields' generators: see freeFields), some with a few bad fields,
 * some junk.
 */
function bodyOf(def: ResourceDef, sample: Record<string, unknown>): fc.Arbitrary<unknown> {
  const writable = def.columns.filter((c) => !c.readOnly);
  const references = new Set([...Object.keys(def.block.references ?? {}), ...(typeof def.block.provider === 'string' ? [def.block.provider] : [])]);
  const valid = Object.fromEntries(writable.map((c) => [c.name, valueOf(c.property, true, references.has(c.name) || /^id_/.test(c.name))]));
  const validRecord = freeFields(def).map((extra) => ({ ...sample, ...extra }));
  const mutated = fc
    .tuple(
      fc.record(valid, { requiredKeys: [] }),
      fc.array(fc.constantFrom(...def.columns.map((c) => c.name)), { minLength: 1, maxLength: 3 }),
      fc.array(fc.oneof(WRONG_TYPES, fc.jsonValue()), { minLength: 3, maxLength: 3 }),
      fc.boolean(),
    )
    .chain(([record, fields, wrong, unknown]) =>
      fc
        .tuple(...fields.map((f, i) => fc.oneof(valueOf(def.columnByName.get(f)!.property, false), fc.constant(wrong[i]))))
        .map((values) => ({ ...record, ...Object.fromEntries(fields.map((f, i) => [f, values[i]])), ...(unknown ? { campo_desconhecido: wrong[0], __proto__x: 1 } : {}) })),
    );
  const junk = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()), fc.constant([]), fc.constant('texto'));
  return fc.oneof({ weight: 4, arbitrary: validRecord }, { weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: junk });
}

// ---- valid records, written: the database write path of every resource ----

let uniqueSerial = 0;
/** A valid value made unique (a value of a unique column no other row holds), when its type allows. */
function uniqueValue(p: PropertySchema, value: unknown): unknown {
  if (p.format && ['email', 'cpf', 'cnpj'].includes(p.format)) return sampleValue(p);
  // A choice or a shaped text cannot take a suffix: another column of the key tells the rows apart.
  if (typeof value !== 'string' || p.enum || p.format || p.pattern) return value;
  const tag = ` ${++uniqueSerial}`;
  return `${value.slice(0, Math.max((p.maxLength ?? 200) - tag.length, 1)).trim() || 'x'}${tag}`;
}

/**
 * The fields of a resource a valid record may vary freely, with their generators: every writable
 * field but references, the provider and owner columns (a valid record's come from records.ts, made
 * in the test's provider) and those a hook ties to other fields (HOOK_FIELDS); on a unique column a
 * value no other row holds.
 */
function freeFields(def: ResourceDef): fc.Arbitrary<Record<string, unknown>> {
  const fixed = new Set([...Object.keys(def.block.references ?? {}), ...(HOOK_FIELDS[def.name] ?? [])]);
  const p = def.block.provider;
  if (p) fixed.add(typeof p === 'string' ? p : p.column);
  if (def.block.owner) fixed.add(def.block.owner);
  const unique = uniqueColumns.get(def.name) ?? new Set();
  const free = def.columns.filter((c) => !c.readOnly && !fixed.has(c.name) && !/^id_/.test(c.name));
  const fields = Object.fromEntries(
    free.map((c) => [c.name, unique.has(c.name) ? valueOf(c.property, true).map((v) => uniqueValue(c.property, v)) : valueOf(c.property, true)]),
  );
  // Unique fields always come generated, so no two runs reuse the sample record's value.
  return fc.record(fields, { requiredKeys: free.filter((c) => unique.has(c.name)).map((c) => c.name) });
}

const VALID_RUNS = 6;

/**
 * A write of a valid-record run on an internal table, which the generic API does not write (405):
 * through the resource service, as its feature writes it, answered in the shape of an HTTP reply.
 */
async function serviceWrite(schema: ResourceDef, request: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }) {
  const def = t.app.registry.get(schema.name)!;
  const id = request.url.split('/')[3];
  try {
    const row =
      request.method === 'POST'
        ? await t.app.resources.create(def, request.payload, SYSTEM)
        : request.method === 'PUT'
          ? await t.app.resources.update(def, id, request.payload, SYSTEM)
          : await t.app.resources.delete(def, id, SYSTEM);
    const body = JSON.stringify(row);
    return { statusCode: request.method === 'POST' ? 201 : 200, body, json: () => JSON.parse(body) };
  } catch (e) {
    const body = JSON.stringify({ message: (e as Error).message, errors: (e as { errors?: unknown }).errors });
    return { statusCode: (e as { statusCode?: number }).statusCode ?? 500, body, json: () => JSON.parse(body) };
  }
}

describe('valid records are written: every resource the superadmin may create, through create, update and delete', () => {
  // A schema whose every field is read-only (the outbox: the server writes it) has no create or update.
  const creatable = registry.resources.filter((d) => d.writable.length > 0).map((d) => d.name);

  it('covers every resource with a writable field, among them those no random body reached (internal tables through the service)', () => {
    expect(creatable).toEqual(expect.arrayContaining(['employee-profiles', 'onboarding-progress', 'onboarding-trails', 'trail-contents', 'users', 'contents', 'holidays']));
    expect(creatable).not.toContain('outbox');
  });

  /** Registers whose rows the database never deletes (their feature's audit trail). */
  const KEPT_FOR_AUDIT = ['roulette-entries', 'roulette-draws'];

  it.each(creatable)('%s: generated valid records are created, updated and deleted', async (name) => {
    const def = registry.get(name)!;
    const base = `/api/${name}`;
    const values = await make.values(name, provider);
    const fields = freeFields(def);
    const write = (request: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }) =>
      def.block.internal ? serviceWrite(def, request) : t.inject(request);
    await fc.assert(
      fc.asyncProperty(fields, fields, async (extra, change) => {
        const body = { ...values, ...extra };
        const created = await write({ method: 'POST', url: base, payload: body });
        expect(created.statusCode, `POST ${base} ${JSON.stringify(body)} -> ${created.body}`).toBe(201);
        const id = created.json().id;
        try {
          const updated = await write({ method: 'PUT', url: `${base}/${id}`, payload: change });
          expect(updated.statusCode, `PUT ${base}/${id} ${JSON.stringify(change)} -> ${updated.body}`).toBe(200);
          expect((await t.inject(`${base}/${id}`)).json()).toEqual(updated.json());
        } finally {
          const deleted = await write({ method: 'DELETE', url: `${base}/${id}` });
          // A roulette's spins and draws are its audit trail: the database keeps them (409).
          if (KEPT_FOR_AUDIT.includes(name)) expect([deleted.statusCode, deleted.json()], `DELETE ${base}/${id} -> ${deleted.body}`).toEqual([409, { message: MSG.keptForAudit }]);
          else expect(deleted.statusCode, `DELETE ${base}/${id} -> ${deleted.body}`).toBe(200);
        }
        if (!KEPT_FOR_AUDIT.includes(name)) expect((await t.inject(`${base}/${id}`)).statusCode).toBe(404);
      }),
      // A kept row stays, so its unique numbers (a spin's seq, a drawn participant) are spent: one run.
      { numRuns: KEPT_FOR_AUDIT.includes(name) ? 1 : VALID_RUNS },
    );
  });

  it('outbox: written by the server (an e-mail sent), deleted by the superadmin; create and update answer 405', async () => {
    const user = await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'caixa.de.saida@bitcom.com.br', nome: 'Caixa', id_empresas: [provider] } });
    expect(user.statusCode, user.body).toBe(201);
    const mails = (await t.inject(`/api/outbox?${new URLSearchParams({ filter: JSON.stringify({ para: 'caixa.de.saida@bitcom.com.br' }) })}`)).json();
    expect(mails).toHaveLength(1);
    const id = mails[0].id;
    for (const r of [
      await t.inject({ method: 'POST', url: '/api/outbox', payload: {} }),
      await t.inject({ method: 'PUT', url: `/api/outbox/${id}`, payload: {} }),
    ]) {
      expect(r.statusCode).toBe(405);
      expect(r.json().message).toBe(MSG.systemWritten);
    }
    const deleted = await t.inject({ method: 'DELETE', url: `/api/outbox/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id, para: 'caixa.de.saida@bitcom.com.br' });
    expect((await t.inject(`/api/outbox/${id}`)).statusCode).toBe(404);
  });
});

const SUFFIXES = ['', '', '_gte', '_lte', '_gt', '_lt', '_neq'];

/** List query strings on the resource's own fields, with malformed ones mixed in. */
function queryOf(def: ResourceDef): fc.Arbitrary<Record<string, string>> {
  const fields = def.columns.map((c) => c.name);
  const filterEntry = fc
    .tuple(fc.constantFrom(...fields), fc.constantFrom(...SUFFIXES), fc.boolean(), fc.boolean())
    .chain(([field, suffix, valid, list]) => {
      const value = valueOf(def.columnByName.get(field)!.property, valid);
      return (list ? fc.array(value, { maxLength: 3 }) : value).map((v) => [`${field}${suffix}`, v] as const);
    });
  const filter = fc.oneof(
    fc.array(filterEntry, { maxLength: 3 }).map((entries) => JSON.stringify(Object.fromEntries(entries))),
    fc.string().map((q) => JSON.stringify({ q })),
    fc.constantFrom('{', '{"q":', 'null', '[]', '"x"', '{"q":{"a":1}}', '{"nao_existe":1}'),
  );
  const sort = fc.oneof(
    fc.tuple(fc.constantFrom(...fields), fc.constantFrom('ASC', 'DESC', 'asc', 'SIDEWAYS')).map((s) => JSON.stringify(s)),
    fc.constantFrom('["id"]', '[', 'id', '["nao_existe","ASC"]', '[1,2]'),
  );
  const bound = fc.oneof(fc.integer({ min: -2, max: 100 }), fc.constantFrom(2 ** 31, Number.MAX_SAFE_INTEGER, 1e21, 1.5));
  const range = fc.oneof(fc.tuple(bound, bound).map((r) => JSON.stringify(r)), fc.constantFrom('[0]', '[', '"0-19"', '[0,"19"]'));
  return fc.record({ filter, sort, range }, { requiredKeys: [] });
}

// ---- callers and checks ----

type Caller = 'superadmin' | 'manager' | 'employee';
/** Mostly a role the caller holds for the module (or none), sometimes one not held or malformed. */
const roleHeader = (def: ResourceDef, caller: Caller) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<string | undefined>(undefined, caller === 'superadmin' ? 'users:superadmin' : caller === 'manager' ? `${def.block.module}:gestor` : 'user') },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>(`${def.block.module}:leitor`, `${def.block.module}:gestor`, 'users:superadmin', 'vendas:gestor', 'x', '', 'rh:*') },
  );

function headersOf(caller: Caller, role: string | undefined): Record<string, string> {
  if (caller === 'superadmin') return role === undefined ? {} : { 'x-intranet-role': role };
  return bearer(caller === 'manager' ? managerToken : employeeToken, role);
}

function inject(caller: Caller, options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> }) {
  const headers = { ...headersOf(caller, options.headers?.['x-intranet-role']), ...options.headers };
  if (headers['x-intranet-role'] === undefined) delete headers['x-intranet-role'];
  const payload = options.payload === undefined ? undefined : typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
  const o = { method: options.method ?? 'GET', url: options.url, payload, headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } };
  return caller === 'superadmin' ? t.inject(o) : t.app.inject(o);
}

function check(r: { statusCode: number; body: string }, what: string) {
  expect(r.statusCode, `${what} -> ${r.body.slice(0, 300)}`).toBeLessThan(500);
  if (r.statusCode >= 400) {
    let message: unknown;
    try {
      message = JSON.parse(r.body).message;
    } catch {
      message = undefined;
    }
    expect(isPtBr(message), `${what} -> ${r.statusCode} ${r.body.slice(0, 300)}`).toBe(true);
  }
}

const idOf = (def: ResourceDef) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant('pool') },
    { weight: 2, arbitrary: fc.constantFrom('1', '2', '0', '-1', '2147483647', '2147483648', 'abc', '1e3', '00000000-0000-4000-8000-000000000000') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  ).map((id) => {
    const pool = created.get(def.name) ?? [];
    const chosen = id === 'pool' ? String(pool[pool.length - 1] ?? 1) : id;
    return def.name === 'users' && protectedUsers.has(chosen) ? String(targetUser) : chosen;
  });

const OPS = ['list', 'get', 'create', 'update', 'delete', 'history', 'graphql'] as const;
const RUNS = 12;

describe.each(RESOURCES)('every resource: %s', (name) => {
  const def = registry.get(name)!;
  const callers: Caller[] = ['superadmin', 'manager', 'employee'];

  it.each(OPS)('%s: no 500, every 4xx in pt-BR', async (op) => {
    const sample = def.writable.length ? await make.values(name, provider) : {};
    const arbitrary = fc
      .constantFrom(...callers)
      .chain((caller) => fc.record({ caller: fc.constant(caller), role: roleHeader(def, caller), id: idOf(def), body: bodyOf(def, sample), query: queryOf(def), raw: fc.boolean() }));
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ caller, role, id, body, query, raw }) => {
        const headers: Record<string, string> = role === undefined ? {} : { 'x-intranet-role': role };
        const base = `/api/${name}`;
        const url = `${base}/${encodeURIComponent(id)}`;
        switch (op) {
          case 'list': {
            const r = await inject(caller, { url: `${base}?${new URLSearchParams(query)}`, headers });
            check(r, `${caller} GET ${base}?${JSON.stringify(query)}`);
            if (r.statusCode === 200) expect(r.headers['content-range']).toMatch(new RegExp(`^${name} (\\d+-\\d+|\\*)/\\d+$`));
            return;
          }
          case 'get':
            return check(await inject(caller, { url, headers }), `${caller} GET ${url}`);
          case 'create': {
            // A few bodies go as malformed JSON text.
            const payload = raw && typeof body === 'object' && Object.keys(body ?? {}).length > 8 ? JSON.stringify(body).slice(0, -1) : body;
            const r = await inject(caller, { method: 'POST', url: base, payload, headers });
            check(r, `${caller} POST ${base} ${JSON.stringify(payload).slice(0, 300)}`);
            if (r.statusCode === 201) created.set(name, [...(created.get(name) ?? []), r.json().id]);
            return;
          }
          case 'update':
            return check(await inject(caller, { method: 'PUT', url, payload: body, headers }), `${caller} PUT ${url} ${JSON.stringify(body).slice(0, 300)}`);
          case 'delete':
            return check(await inject(caller, { method: 'DELETE', url, headers }), `${caller} DELETE ${url}`);
          case 'history': {
            check(await inject(caller, { url: `${url}/history?limit=${raw ? 'x' : '5'}`, headers }), `${caller} history ${url}`);
            const payload = { tabelas: raw ? def.gqlName : def.block.table, id_item: id, limit: raw ? 1000 : 10 };
            return check(await inject(caller, { method: 'POST', url: '/v1/admin/log/history', payload, headers }), `${caller} v1 history ${JSON.stringify(payload)}`);
          }
          case 'graphql': {
            // GraphQL answers its own protocol errors (in graphql-js's words): only the 500 is checked.
            const N = def.gqlName;
            const writable = def.columns.some((c) => !c.readOnly);
            const document = writable && raw
              ? `mutation ($o: ${N}_insert_input!) { insert_${N}_one(object: $o) { id } }`
              : `query ($l: Int, $o: Int) { ${N}(limit: $l, offset: $o) { id } ${N}_aggregate { aggregate { count } } }`;
            const variables = writable && raw ? { o: body } : { l: Number(query.range?.length ?? 0) % 3 === 0 ? -1 : 5, o: Number(id) || 0 };
            const r = await inject(caller, { method: 'POST', url: '/v1/graphql', payload: { query: document, variables }, headers });
            expect(r.statusCode, `${caller} graphql ${document} ${JSON.stringify(variables).slice(0, 300)} -> ${r.body.slice(0, 300)}`).toBeLessThan(500);
            const errors = (JSON.parse(r.body).errors ?? []) as { extensions?: { code?: string } }[];
            expect(errors.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'), r.body.slice(0, 300)).toBe(false);
            return;
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('malformed requests outside the schemas', () => {
  it('the pt-BR check itself tells English from Portuguese', () => {
    expect(isPtBr('body must be object')).toBe(false);
    expect(isPtBr("querystring must have required property 'id'")).toBe(false);
    expect(isPtBr('Internal Server Error')).toBe(false);
    expect(isPtBr('')).toBe(false);
    expect(isPtBr('Filtro desconhecido: nome_gtx')).toBe(true);
    expect(isPtBr('Campo não permitido')).toBe(true);
    expect(isPtBr('Utilize no mínimo 2 caracteres.')).toBe(true);
  });

  it('ids, history and GraphQL documents', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (id, doc) => {
        for (const url of [`/api/departments/${encodeURIComponent(id)}`, `/api/departments/${encodeURIComponent(id)}/history?limit=${encodeURIComponent(doc)}`]) {
          check(await t.inject({ url }), url);
        }
        const g = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: doc } });
        expect(g.statusCode).toBeLessThan(500);
        check(await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: doc, id_item: id } }), `history ${doc}`);
      }),
      { numRuns: 100 },
    );
  });

  it('content types and bodies that are not JSON objects', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RESOURCES),
        fc.constantFrom('POST', 'PUT', 'DELETE') as fc.Arbitrary<'POST' | 'PUT' | 'DELETE'>,
        fc.oneof(fc.string(), fc.jsonValue().map((v) => JSON.stringify(v))),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data'),
        async (res, method, payload, contentType) => {
          // A row that does not exist: the body is what is fuzzed here, not the fixtures.
          const url = method === 'POST' ? `/api/${res}` : `/api/${res}/999999`;
          const r = await t.inject({ method, url, payload, headers: { 'content-type': contentType } });
          check(r, `${method} ${url} ${contentType} ${payload.slice(0, 100)}`);
        },
      ),
      { numRuns: 150 },
    );
  });
});
