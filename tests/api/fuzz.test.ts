// Property test: random malformed bodies and query strings at every resource never get a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  const p = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json();
  await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Técnico', id_empresa: p.id } });
});
afterAll(() => t?.close());

const jsonish = fc.oneof(
  fc.json(),
  fc.string(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom('nome', 'id', 'id_empresa', 'ativo', 'cnpj', 'cep', 'q', 'uf', 'x', 'id_gte', 'created_at_lt'), fc.jsonValue()).map((v) => JSON.stringify(v)),
);

describe('no malformed request gets a 500', () => {
  it('query strings (sort, range, filter) on every list', async () => {
    const resources = t.app.registry.resources.map((r) => r.name);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...resources), jsonish, jsonish, jsonish, fc.string(), async (res, sort, range, filter, rangeHeader) => {
        const q = new URLSearchParams({ sort, range, filter }).toString();
        const r = await t.inject({ url: `/api/${res}?${q}`, headers: { range: rangeHeader.replace(/[^\x20-\x7e]/g, '') } });
        expect(r.statusCode, `${res}?${q}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('bodies of create and update on every resource', async () => {
    const resources = t.app.registry.resources.map((r) => r.name);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...resources),
        fc.constantFrom('POST', 'PUT'),
        fc.oneof(fc.constant('1'), fc.string()),
        fc.oneof(
          jsonish,
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.record({ nome: fc.jsonValue(), id_empresa: fc.jsonValue(), ativo: fc.jsonValue() }).map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
        async (res, method, id, payload, contentType) => {
          const url = method === 'POST' ? `/api/${res}` : `/api/${res}/${encodeURIComponent(id)}`;
          const r = await t.inject({ method, url, payload, headers: { 'content-type': contentType } });
          expect(r.statusCode, `${method} ${url} ${payload}`).toBeLessThan(500);
          if (r.statusCode >= 400) expect(typeof r.json().message).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('ids, history and GraphQL documents', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (id, doc) => {
        for (const url of [`/api/departments/${encodeURIComponent(id)}`, `/api/departments/${encodeURIComponent(id)}/history?limit=${encodeURIComponent(doc)}`]) {
          const r = await t.inject({ url });
          expect(r.statusCode, url).toBeLessThan(500);
        }
        const g = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: doc } });
        expect(g.statusCode).toBeLessThan(500);
        const h = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: doc, id_item: id } });
        expect(h.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
