// Authorization is decided before uniqueness: a write naming another provider's data is refused as
// such (403, or 400 'O registro relacionado não foi encontrado.' for a reference), never with a unique
// rule's 409, which would tell the caller that the other provider's record exists. Walked over every
// schema with a unique rule and a provider (x-intranet.unique, x-intranet.provider), through REST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { loadRegistry, type ResourceDef } from '../../src/server/schemas/registry.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { recordMaker } from '../helpers/records.js';

let t: TestApp;
let make: ReturnType<typeof recordMaker>;
let A: number;
let B: number;

beforeAll(async () => {
  t = await testApp();
  make = recordMaker(t);
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
});
afterAll(() => t?.close());

const registry = loadRegistry(SCHEMAS_DIR);
/** Registers whose unique rule can meet a row of another provider, written by a manager of one. */
const scoped = registry.resources.filter((def) => def.block.unique?.length && def.block.provider && !def.block.internal && !def.block.owner);

/** The writable fields of a stored row: what a caller repeating it would send. */
function writable(def: ResourceDef, row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).filter(([field]) => {
    const column = def.columnByName.get(field);
    return column && !column.readOnly && field !== 'id';
  }));
}

const managerOf = async (def: ResourceDef, provider: number) => {
  const role = `${def.block.module}:gestor`;
  return bearer(await t.userToken({ papeis: [role], id_empresas: [provider] }), role);
};

describe('a unique rule never answers for another provider\'s row', () => {
  it('covers the registers with a unique rule and a provider', () => {
    expect(scoped.map((d) => d.name)).toEqual(expect.arrayContaining(['family', 'contracting-companies', 'vehicles', 'communication-restrictions']));
  });

  it.each(scoped.map((d) => [d.name]))('%s: creating a copy of another provider\'s row is refused as out of scope, not as a duplicate', async (name) => {
    const def = t.app.registry.get(name)!;
    const theirs = await make(name, B);
    const row = (await t.inject(`/api/${name}/${theirs.id}`)).json();
    const headers = await managerOf(def, A);
    const r = await t.app.inject({ method: 'POST', url: `/api/${name}`, headers, payload: writable(def, row) });
    expect(r.statusCode, r.body).not.toBe(409);
    expect([400, 403, 404], r.body).toContain(r.statusCode);
    for (const rule of def.block.unique!) expect(r.body).not.toContain(rule.message);
  });

  it.each(scoped.map((d) => [d.name]))('%s: moving one\'s own row onto another provider\'s is refused as out of scope, not as a duplicate', async (name) => {
    const def = t.app.registry.get(name)!;
    const theirs = (await t.inject(`/api/${name}/${(await make(name, B)).id}`)).json();
    const mine = await make(name, A);
    const headers = await managerOf(def, A);
    const fields = new Set(def.block.unique!.flatMap((rule) => rule.fields));
    const provider = def.block.provider!;
    fields.add(typeof provider === 'string' ? provider : provider.column);
    const payload = Object.fromEntries([...fields].filter((f) => f !== 'id' && !def.columnByName.get(f)?.readOnly).map((f) => [f, theirs[f]]));
    const r = await t.app.inject({ method: 'PUT', url: `/api/${name}/${mine.id}`, headers, payload });
    expect(r.statusCode, r.body).not.toBe(409);
    expect([400, 403, 404], r.body).toContain(r.statusCode);
    for (const rule of def.block.unique!) expect(r.body).not.toContain(rule.message);
  });

  it('the family of another provider\'s employee: 403, whether or not it is registered', async () => {
    const theirs = await make('family', B);
    const family = (await t.inject(`/api/family/${theirs.id}`)).json();
    const headers = await managerOf(t.app.registry.get('family')!, A);
    const repeated = await t.app.inject({ method: 'POST', url: '/api/family', headers, payload: writable(t.app.registry.get('family')!, family) });
    expect(repeated.statusCode, repeated.body).toBe(403);
    expect(repeated.json().message).toBe('Este usuário não tem autorização para realizar esta operação. Você só pode gravar dados dos provedores aos quais está vinculado.');
  });
});
