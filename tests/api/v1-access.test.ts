// The documented v1 calls in the authorization matrix (issue 29): every /api and /v1 route declares
// who may call it (config.public, or config.access checked by the one route hook of auth/access.ts),
// and each call is tried for every kind of role with a harmless request, against the same oracle as
// the schemas' matrix (tests/helpers/access.ts).
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERADMIN, type AccessRule } from '../../src/domain/roles.js';
import { buildApp } from '../../src/server/app.js';
import type { DeclaredRoute, RouteRight } from '../../src/server/auth/access.js';
import { NEWS_REACTION_KEYS } from '../../src/domain/news.js';
import { expectedAllowed, matrixRoles } from '../helpers/access.js';
import { bearer, freshDatabase, testApp, type TestApp } from '../helpers/app.js';

const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';

let t: TestApp;
let provider: number;
const tokens = new Map<string, string>();

/** A user holding exactly the role, an employee of the test provider (guest: a plain user acting as guest). */
async function tokenFor(role: string) {
  const held = role === 'guest' ? 'user' : role;
  if (!tokens.has(held)) tokens.set(held, await t.userToken({ papeis: [held], id_empresas: [provider], funcionario: true }));
  return tokens.get(held)!;
}

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Provedor da matriz v1' } })).json().id;
});
afterAll(() => t?.close());

describe('the acting role guest on the v1 calls', () => {
  // Missing ids: acting with their own role the user passes the rights and meets a 404.
  const calls: InjectOptions[] = [
    { method: 'GET', url: '/v1/careers/candidaturas' },
    { method: 'POST', url: '/v1/careers/vagas/999999/candidatura', payload: {} },
    { method: 'GET', url: '/v1/faq' },
    { method: 'GET', url: '/v1/manual' },
    { method: 'GET', url: '/v1/novidades' },
    { method: 'GET', url: '/v1/novidades/999999' },
    { method: 'POST', url: '/v1/novidades/999999/reacao', payload: { reacao: NEWS_REACTION_KEYS[0] } },
    { method: 'POST', url: '/v1/novidades/999999/leitura' },
    { method: 'GET', url: '/v1/incidente/departamentos' },
  ];

  it("refuse a user acting as guest, as the REST resources with the 'user' right do", async () => {
    const token = await tokenFor('guest');
    // The REST reference: a 'user' resource refuses the guest role.
    expect((await t.app.inject({ url: '/api/compliments', headers: bearer(token, 'guest') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/compliments', headers: bearer(token) })).statusCode).toBe(200);
    const answers: string[] = [];
    for (const call of calls) {
      const own = await t.app.inject({ ...call, headers: bearer(token, 'user') });
      expect([401, 403], `${call.method} ${call.url} como user: ${own.body}`).not.toContain(own.statusCode);
      const guest = await t.app.inject({ ...call, headers: bearer(token, 'guest') });
      answers.push(`${call.method} ${call.url} ${guest.statusCode} ${guest.statusCode === 403 ? guest.json().message : ''}`.trim());
    }
    expect(answers).toEqual(calls.map((c) => `${c.method} ${c.url} 403 ${NOT_ALLOWED}`));
    // The HEAD of a GET is the same route.
    expect((await t.app.inject({ method: 'HEAD', url: '/v1/faq', headers: bearer(token, 'guest') })).statusCode).toBe(403);
  });
});

/** The right of a declared route, for the oracle: the areas it names and the rules all of which it needs. */
function rightsOf(access: DeclaredRoute['access']): { areas: string[]; rules: { rule: AccessRule; areas: string[] }[] } | 'signedIn' {
  if (access === 'signedIn' || access === undefined) return 'signedIn';
  const list: readonly RouteRight[] = Array.isArray(access) ? access : [access as RouteRight];
  const rules = list.map((r) => {
    if ('resource' in r) {
      const def = t.app.registry.get(r.resource)!;
      return { rule: def.block.access[r.operation], areas: [def.block.module, ...(def.block.alsoModules ?? [])] };
    }
    return { rule: r.right, areas: typeof r.module === 'string' ? [r.module] : [...r.module] };
  });
  return { areas: [...new Set(rules.flatMap((r) => r.areas))], rules };
}

/** Path parameters and a body that make an allowed call answer 400 or 404 (or read), and change nothing. */
const PARAMS: Record<string, string> = { slug: 'nao-existe', cep: 'x', relatorio: 'nao-existe', company: 'nao-existe', isCustomer: 'true', ownerId: '0' };
const harmless = (route: DeclaredRoute): InjectOptions => {
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? '999999');
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return { method: route.method as 'GET', url, ...(withBody ? { payload: { campo_que_nao_existe: 1 } } : {}) };
};

/**
 * Calls whose handler adds a finer rule to the right they declare (the broadest that applies): for
 * them the matrix checks that every role the declaration refuses is refused; who of the others gets
 * through is their own tests' matter.
 */
const FINER: Record<string, string> = {
  'GET /v1/users/role/:userId': 'oneself, or any module manager about a user of their providers',
  'GET /v1/user/empresa/contratante/:userId': 'oneself, or any module manager about a user of their providers',
  'GET /v1/user/:userId': 'oneself, or a role of rh or onboarding, or users:gestor',
  'GET /v1/profile/:id': 'oneself, or a manager of rh or users',
  'PUT /v1/profile/:id': 'oneself, or a manager of rh or users',
  'POST /v1/admin/log/history': "the right of the body's resource",
};

describe('authorization matrix of the v1 calls: every declared route, every role of its areas', () => {
  let routes: DeclaredRoute[];
  beforeAll(() => {
    // The schemas' generic routes have their own matrix (access.test.ts).
    const resourceBases = t.app.registry.resources.map((def) => `/api/${def.name}`);
    routes = t.app.routeAccess.filter((r) => !r.public && !resourceBases.some((base) => r.url === base || r.url.startsWith(`${base}/`)));
  });

  it('walks the app\'s route table: every documented /v1 call but the public ones and GraphQL', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const walked = new Set(routes.map((r) => `${r.method} ${r.url}`));
    const publicOnes = new Set(t.app.routeAccess.filter((r) => r.public).map((r) => `${r.method} ${r.url}`));
    // GraphQL checks the schemas' rights per operation (access.test.ts).
    const missing = documented.filter((r) => /^\w+ \/(v1|api\/rest)\//.test(r) && !r.endsWith(' /v1/graphql') && !walked.has(r) && !publicOnes.has(r));
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(150);
    for (const route of Object.keys(FINER)) expect(walked, route).toContain(route);
  });

  const rolesOf = (rights: ReturnType<typeof rightsOf>) => (rights === 'signedIn' ? [SUPERADMIN, 'user', 'guest', 'vendas:gestor'] : matrixRoles(rights.areas));

  it('allows exactly the roles the declaration allows, with no 5xx, and an allowed call changes nothing', async () => {
    for (const route of routes) for (const role of rolesOf(rightsOf(route.access))) await tokenFor(role);
    const { rows: before } = await t.db.query<{ id: number | null }>('SELECT max(id)::int AS id FROM admin.log');
    const failures: string[] = [];
    const writesDone: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const rights = rightsOf(route.access);
      for (const role of rolesOf(rights)) {
        const expected = rights === 'signedIn' || rights.rules.every((r) => expectedAllowed(role, r.rule, r.areas));
        const r = await t.app.inject({ ...harmless(route), headers: bearer(await tokenFor(role), role) });
        checked++;
        if (r.statusCode >= 500) failures.push(`${name} como ${role}: ${r.statusCode} ${r.body}`);
        // Every body carries a field no call reads: no call with a body may have done anything.
        if (route.method !== 'GET' && r.statusCode < 300) writesDone.push(`${name} como ${role}: ${r.statusCode}`);
        const refused = r.statusCode === 401 || r.statusCode === 403;
        if (r.statusCode === 403 && r.json().message !== NOT_ALLOWED) failures.push(`${name} como ${role}: 403 ${r.body}`);
        if (refused === expected && !(refused && FINER[name])) {
          failures.push(`${name} como ${role}: ${r.statusCode} (esperado ${expected ? 'permitido' : 'recusado'}) ${r.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(writesDone).toEqual([]);
    expect(checked).toBe(routes.reduce((n, route) => n + rolesOf(rightsOf(route.access)).length, 0));
    // Nothing written (every register is audited: the outbox's mail and the dispatcher's sends included).
    const { rows: written } = await t.db.query('SELECT tabelas, operacao FROM admin.log WHERE id > $1', [before[0].id ?? 0]);
    expect(written).toEqual([]);
  });
});

describe('a route must say who may call it', () => {
  it('registering an API route with neither config.access nor config.public makes the app fail to start', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ db: database.db, config: { jwtSecret: undefined } });
    try {
      // As a v1 module registers its routes: inside a plugin of the app.
      void app.register(async (scope) => {
        scope.get('/v1/declarada', { config: { access: { module: 'rh', right: 'read' } } }, async () => ({}));
        scope.get('/v1/publica', { config: { public: true, throttle: { kind: 'teste', limit: 10, windowSeconds: 60 } } }, async () => ({}));
        scope.post('/v1/esquecida', async () => ({}));
      });
      await expect(app.ready()).rejects.toThrow('A rota POST /v1/esquecida não diz quem pode chamá-la');
    } finally {
      await app.close().catch(() => {});
      await database.drop();
    }
  });

  it('a declaration naming an unknown resource fails too, and routes outside the API need none', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ db: database.db, config: { jwtSecret: undefined } });
    try {
      // (A page outside the API is public: it declares its throttle, not its rights.)
      expect(() => app.get('/pagina-sem-regra', { config: { throttle: { kind: 'teste', limit: 10, windowSeconds: 60 } } }, async () => 'ok')).not.toThrow();
      expect(() => app.get('/v1/recurso-errado', { config: { access: { resource: 'nao-existe', operation: 'list' } } }, async () => ({}))).toThrow(
        'declara o recurso desconhecido nao-existe.list',
      );
      expect(() => app.get('/api/rest/v1/sem-regra', async () => ({}))).toThrow('não diz quem pode chamá-la');
    } finally {
      await app.close().catch(() => {});
      await database.drop();
    }
  });
});
