// What a GraphQL request may cost (issue 11): the body size, tokens, nesting, depth, aliases, cost,
// repeated fields and fragments are refused with 400 (413 for the body) and a pt-BR message in the
// GraphQL errors shape, before the document is executed (most before it is even parsed or checked
// against the schema); introspection is for staff only; the text of a fault of ours never shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { GRAPHQL_LIMITS as L, GRAPHQL_MSG } from '../../src/server/graphql/limits.js';
import { MSG } from '../../src/domain/messages.js';

const logs: string[] = [];
let t: TestApp;
let candidate: string;
beforeAll(async () => {
  t = await testApp({ logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } });
  // As the careers site registers one: role user, not an employee.
  candidate = await t.userToken({ papeis: ['user'] });
});
afterAll(() => t?.close());

const post = (query: string, token = t.adminToken) =>
  t.app.inject({ method: 'POST', url: '/v1/graphql', headers: bearer(token), payload: { query } });

function refused(r: LightMyRequestResponse, message: string, status = 400, code = 'GRAPHQL_VALIDATION_FAILED') {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json()).toEqual({ data: null, errors: [{ message, extensions: { code } }] });
}

function answered(r: LightMyRequestResponse) {
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().errors, r.body).toBeUndefined();
  return r.json().data;
}

const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: rh_departamento(limit: 1) { id }`).join(' ')} }`;
/** __type, fields, type, then ofType down to `depth` levels of fields. */
const typeChain = (depth: number) => `{ __type(name: "rh_departamento") { fields { type { ${'ofType { '.repeat(depth - 4)}name${' }'.repeat(depth - 4)} } } } }`;

describe('refused before it costs', () => {
  it('a 1.7 MB query with 65,000 aliases from a candidate: 413 before the body is read, and /health answers', async () => {
    const query = aliases(65_000);
    expect(query.length).toBeGreaterThan(1.7 * 1024 * 1024);
    const [r, health] = await Promise.all([post(query, candidate), t.app.inject({ url: '/health' })]);
    refused(r, GRAPHQL_MSG.body, 413, 'PAYLOAD_TOO_LARGE');
    expect(health.statusCode).toBe(200);
  });

  it('the same attack within the body limit stops at the token limit, before parsing', async () => {
    const query = aliases(2_000);
    expect(query.length).toBeLessThan(L.bodyBytes);
    refused(await post(query, candidate), GRAPHQL_MSG.tokens);
    const ids = (n: number) => `{ rh_departamento(where: { id: { _in: [${Array.from({ length: n }, (_, i) => i).join(' ')}] } }) { id } }`;
    expect(answered(await post(ids(L.tokens - 20))).rh_departamento).toEqual([]);
    refused(await post(ids(L.tokens)), GRAPHQL_MSG.tokens);
  });

  it('aliases: at most 30', async () => {
    expect(Object.keys(answered(await post(aliases(L.aliases))))).toHaveLength(L.aliases);
    refused(await post(aliases(L.aliases + 1)), GRAPHQL_MSG.aliases);
    refused(await post(aliases(L.aliases + 1), candidate), GRAPHQL_MSG.aliases);
  });

  it('depth: at most 10 levels of fields', async () => {
    expect(answered(await post(typeChain(L.depth))).__type.fields.length).toBeGreaterThan(0);
    refused(await post(typeChain(L.depth + 1)), GRAPHQL_MSG.depth);
  });

  it('nesting that overflowed the parser is refused before parsing, without "Maximum call stack size exceeded"', async () => {
    const r = await post(`{ rh_departamento(where: { id: { _in: ${'['.repeat(3000)}${']'.repeat(3000)} } }) { id } }`, candidate);
    refused(r, GRAPHQL_MSG.nesting);
    expect(r.body).not.toMatch(/call stack/i);
  });

  it('cost: many fields in many lists', async () => {
    // The limits are checked before the fields are known to exist: a refused document costs little.
    const wide = (fields: number) => `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: x { ${Array.from({ length: fields }, (_, j) => `f${j}`).join(' ')} }`).join(' ')} }`;
    refused(await post(wide(25)), GRAPHQL_MSG.cost);
    const r = await post(wide(20));
    expect(r.statusCode).toBe(400);
    expect(r.json().errors[0].message).toMatch(/^Cannot query field/);
  });

  it('a field repeated in one selection set (directly or through inline fragments): at most 5 times', async () => {
    const list = 'rh_departamento(limit: 0) { id }';
    expect(answered(await post(`{ ${`${list} `.repeat(L.repeats)} }`)).rh_departamento).toEqual([]);
    refused(await post(`{ ${`${list} `.repeat(L.repeats + 1)} }`), GRAPHQL_MSG.repeats('rh_departamento'));
    refused(await post(`{ ${list} ${list} ${`... on query_root { ${list} } `.repeat(L.repeats - 1)} }`), GRAPHQL_MSG.repeats('rh_departamento'));
    refused(await post(`{ rh_departamento(limit: 0) { ${'id '.repeat(L.repeats + 1)} } }`), GRAPHQL_MSG.repeats('id'));
  });

  it('named fragments: at most 20', async () => {
    const fragments = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `...F${i}`).join(' ')} } ${Array.from({ length: n }, (_, i) => `fragment F${i} on query_root { f${i}: rh_departamento(limit: 0) { id } }`).join(' ')}`;
    expect(Object.keys(answered(await post(fragments(L.fragments))))).toHaveLength(L.fragments);
    refused(await post(fragments(L.fragments + 1)), GRAPHQL_MSG.fragments);
  });

  it('the same limits over GET', async () => {
    const r = await t.app.inject({ url: `/v1/graphql?query=${encodeURIComponent(aliases(L.aliases + 1))}`, headers: bearer(candidate) });
    refused(r, GRAPHQL_MSG.aliases);
  });

  it('requests refused whole by Fastify or mercurius answer in pt-BR too', async () => {
    const mutation = encodeURIComponent('mutation { delete_rh_departamento_by_pk(id: 1) { id } }');
    refused(await t.inject({ url: `/v1/graphql?query=${mutation}` }), GRAPHQL_MSG.getMutation, 405, 'METHOD_NOT_ALLOWED');
    refused(await t.inject({ method: 'POST', url: '/v1/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' }), MSG.badJson, 400, 'BAD_REQUEST');
  });
});

describe('introspection: staff only', () => {
  const schemaQuery = '{ __schema { queryType { name } } }';
  const forbidden = (r: LightMyRequestResponse) => refused(r, GRAPHQL_MSG.introspection, 403, 'FORBIDDEN');

  it('a candidate is refused __schema and __type, even through a fragment; __typename is not introspection', async () => {
    forbidden(await post(schemaQuery, candidate));
    forbidden(await post('{ __type(name: "rh_departamento") { name } }', candidate));
    forbidden(await post('{ ...F } fragment F on query_root { __schema { types { name } } }', candidate));
    forbidden(await t.app.inject({ url: `/v1/graphql?query=${encodeURIComponent(schemaQuery)}`, headers: bearer(candidate) }));
    expect(answered(await post('{ __typename }', candidate))).toEqual({ __typename: 'query_root' });
  });

  it('staff may: the superadmin, an employee without module roles, a module reader', async () => {
    const employee = await t.userToken({ papeis: ['user'], funcionario: true });
    const reader = await t.userToken({ papeis: ['user', 'rh:leitor'] });
    for (const token of [t.adminToken, employee, reader]) expect(answered(await post(schemaQuery, token)).__schema.queryType.name).toBe('query_root');
    // The document is cached once checked: the caller is still checked on every request.
    forbidden(await post(schemaQuery, candidate));
  });
});

describe('faults of ours', () => {
  it('a fault in a resolver answers the generic text and is logged', async () => {
    const list = t.app.resources.list;
    t.app.resources.list = async () => {
      throw new RangeError('Maximum call stack size exceeded');
    };
    try {
      const r = await post('{ rh_departamento { id } }');
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json().errors).toMatchObject([{ message: MSG.internal, extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
      expect(r.body).not.toMatch(/call stack/i);
    } finally {
      t.app.resources.list = list;
    }
    expect(logs.some((line) => line.includes('Maximum call stack size exceeded'))).toBe(true);
  });

  it('a fault outside the resolvers too', async () => {
    t.app.graphql.addHook('preExecution', async (_schema, _document, context) => {
      if (context.__currentQuery?.includes('falha_simulada')) throw new TypeError("Cannot read properties of undefined (reading 'falha_simulada')");
    });
    const r = await post('{ falha_simulada: __typename }');
    expect(r.statusCode).toBeLessThan(500);
    expect(r.json().errors).toEqual([{ message: MSG.internal, extensions: { code: 'INTERNAL_SERVER_ERROR' } }]);
    expect(logs.some((line) => line.includes("reading 'falha_simulada'"))).toBe(true);
  });

  it('a JSON syntax tree sent as the query (which mercurius would take unchecked) answers the syntax error', async () => {
    const r = await post(JSON.stringify({ kind: 'Document', definitions: [{ kind: 'OperationDefinition' }] }), candidate);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toMatchObject([{ message: expect.stringMatching(/^Syntax Error/) }]);
  });
});

describe('subscriptions over the websocket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  const nested = `subscription { rh_departamento(where: { id: { _in: ${'['.repeat(5000)}${']'.repeat(5000)} } }) { id } }`;
  const live = 'subscription { rh_departamento(limit: 1) { id } }';
  const refusal = (message: string, code = 'GRAPHQL_VALIDATION_FAILED') => [{ message, extensions: { code } }];

  it('get the same limits', async () => {
    const client = createClient({ url: `ws://127.0.0.1:${port}/v1/graphql`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: () => bearer(t.adminToken) });
    const firstAnswer = (query: string) =>
      new Promise<unknown>((resolve) => {
        const stop = client.subscribe({ query }, { next: (v) => (stop(), resolve(v)), error: resolve, complete: () => undefined });
      });
    try {
      const ids = (n: number) => `subscription { rh_departamento(limit: 1) { ${Array.from({ length: n }, (_, i) => `a${i}: id`).join(' ')} } }`;
      expect(await firstAnswer(ids(L.aliases))).toEqual({ data: { rh_departamento: [] } });
      expect(await firstAnswer(ids(L.aliases + 1))).toEqual(refusal(GRAPHQL_MSG.aliases));
      const tokens = `subscription { rh_departamento(where: { id: { _in: [${'1 '.repeat(L.tokens)}] } }) { id } }`;
      expect(await firstAnswer(tokens)).toEqual(refusal(GRAPHQL_MSG.tokens));
      expect(await firstAnswer(nested)).toEqual(refusal(GRAPHQL_MSG.nesting));
    } finally {
      await client.dispose();
    }
  });

  /** A connection in `protocol`, signed in as the superadmin, with what it receives as it arrives. */
  async function connect(protocol: 'graphql-transport-ws' | 'graphql-ws') {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/graphql`, protocol);
    const raw: string[] = [];
    let closed: { code: number; reason: string } | undefined;
    const waiting = new Set<() => void>();
    const until = <T>(found: () => T | undefined) =>
      new Promise<T>((resolve) => {
        const check = () => {
          const value = found();
          if (value !== undefined) waiting.delete(check), resolve(value);
        };
        waiting.add(check);
        check();
      });
    ws.on('message', (data) => (raw.push(data.toString()), waiting.forEach((check) => check())));
    ws.on('close', (code, reason) => ((closed = { code, reason: reason.toString() }), waiting.forEach((check) => check())));
    const received = (id?: string) => raw.map((m) => JSON.parse(m)).find((m) => (id === undefined ? m.type === 'connection_ack' : m.id === id));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: bearer(t.adminToken) }));
    await until(() => received());
    const start = protocol === 'graphql-ws' ? 'start' : 'subscribe';
    return {
      ws,
      raw,
      subscribe: (id: string, payload: unknown, extra: object = {}) => ws.send(JSON.stringify({ id, type: start, payload, ...extra })),
      answer: (id: string) => until(() => received(id)),
      closed: () => until(() => closed),
    };
  }

  it('a subscription nested thousands of brackets deep is refused before mercurius parses it, in both protocols; the connection goes on', async () => {
    for (const protocol of ['graphql-transport-ws', 'graphql-ws'] as const) {
      const c = await connect(protocol);
      try {
        c.subscribe('1', { query: nested });
        expect(await c.answer('1')).toEqual({ type: 'error', id: '1', payload: refusal(GRAPHQL_MSG.nesting) });
        c.subscribe('2', { query: live });
        expect(await c.answer('2')).toEqual({ type: protocol === 'graphql-ws' ? 'data' : 'next', id: '2', payload: { data: { rh_departamento: [] } } });
        expect(c.raw.join('\n')).not.toMatch(/call stack/i);
        expect(c.ws.readyState).toBe(WebSocket.OPEN);
      } finally {
        c.ws.close();
      }
    }
  });

  it('a message over 100 KB: a subscription is refused; any other message closes the connection (1009)', async () => {
    const c = await connect('graphql-transport-ws');
    const padded = `${live}${' '.repeat(L.bodyBytes)}`;
    c.subscribe('1', { query: padded });
    expect(await c.answer('1')).toEqual({ type: 'error', id: '1', payload: refusal(GRAPHQL_MSG.message, 'PAYLOAD_TOO_LARGE') });
    c.subscribe('2', { query: live });
    expect((await c.answer('2')).payload).toEqual({ data: { rh_departamento: [] } });
    c.ws.send(JSON.stringify({ type: 'ping', payload: { filler: padded } }));
    expect(await c.closed()).toEqual({ code: 1009, reason: GRAPHQL_MSG.message });
  });

  it('malformed subscriptions answer a pt-BR text, never the text of a fault', async () => {
    const c = await connect('graphql-transport-ws');
    try {
      const cases: [payload: unknown, message: string, extra?: object][] = [
        [null, GRAPHQL_MSG.notParsed],
        [{ query: { kind: 'Document' } }, GRAPHQL_MSG.notParsed],
        [{ query: 'fragment F on subscription_root { __typename }' }, GRAPHQL_MSG.noOperation],
        [{ query: 'subscription A { rh_departamento { id } }', operationName: 'B' }, GRAPHQL_MSG.noOperation],
        [{ query: '{ rh_departamento { id } }' }, GRAPHQL_MSG.subscriptionOnly],
        [{ query: live }, GRAPHQL_MSG.extension, { extensions: [null] }],
      ];
      for (const [i, [payload, message, extra]] of cases.entries()) {
        c.subscribe(`m${i}`, payload, extra);
        expect(await c.answer(`m${i}`)).toEqual({ type: 'error', id: `m${i}`, payload: refusal(message) });
      }
      c.subscribe('syntax', { query: 'subscription {' });
      expect((await c.answer('syntax')).payload).toMatchObject([{ message: expect.stringMatching(/^Syntax Error/) }]);
      expect(c.raw.join('\n')).not.toMatch(/Cannot read|Cannot destructure|not iterable/);
    } finally {
      c.ws.close();
    }
  });
});
