// The OpenAPI document is generated from the schemas: every resource's routes are in it, with the
// record's fields; the browsable page is served; URL-level errors answer in pt-BR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { apiWriteRefusal } from '../../src/server/schemas/registry.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('OpenAPI', () => {
  it('documents every resource from its schema, without a token', async () => {
    const r = await t.app.inject({ url: '/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const def of t.app.registry.resources) {
      const list = doc.paths[`/api/${def.name}`];
      expect(list?.get, def.name).toBeDefined();
      expect(doc.paths[`/api/${def.name}/{id}`]?.get, def.name).toBeDefined();
      expect(doc.paths[`/api/${def.name}/{id}/history`]?.get, def.name).toBeDefined();
      // Only the writes the generic API offers: none of an internal table, no create or update of the outbox.
      expect(Boolean(list.post), `${def.name} post`).toBe(!apiWriteRefusal(def, 'create'));
      expect(Boolean(doc.paths[`/api/${def.name}/{id}`]?.put), `${def.name} put`).toBe(!apiWriteRefusal(def, 'update'));
      expect(Boolean(doc.paths[`/api/${def.name}/{id}`]?.delete), `${def.name} delete`).toBe(!apiWriteRefusal(def, 'delete'));
      expect(doc.paths[`/api/${def.name}/{id}`]?.patch, def.name).toBeUndefined();
      const body = list.post?.requestBody?.content?.['application/json']?.schema;
      if (list.post) {
        expect(Object.keys(body.properties).sort(), def.name).toEqual([...def.writable].sort());
        expect(body.required ?? [], def.name).toEqual(def.schema.required.filter((f) => !def.columnByName.get(f)!.readOnly));
      }
    }
    expect(doc.paths['/v1/auth/login']?.post).toBeDefined();
    expect(doc.paths['/v1/files/']?.post).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });

  it('serves the browsable page', async () => {
    const r = await t.app.inject({ url: '/docs/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('swagger');
  });

  it('answers malformed URLs with a pt-BR message', async () => {
    for (const url of ['/api/departments/%E0%A4%A', `/api/departments/${'9'.repeat(200)}`]) {
      const r = await t.inject(url);
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
      expect(r.json().message, url).toMatch(/inválid|não encontrados/);
    }
  });
});
