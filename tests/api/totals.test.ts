// List totals on big tables (README "Totais"): exact where cheap, the planner's estimate (flagged by
// X-Total-Estimated) where not. A low COUNT_EXACT_THRESHOLD makes a table of 105 rows "big".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let big: number;
let small: number;

beforeAll(async () => {
  t = await testApp({ config: { countExactThreshold: 10 } });
  big = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  small = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  await t.db.query(`INSERT INTO rh.departamento (nome, id_empresa) SELECT 'Departamento ' || g, $1 FROM generate_series(1, 100) g`, [big]);
  await t.db.query(`INSERT INTO rh.departamento (nome, id_empresa) SELECT 'Setor ' || g, $1 FROM generate_series(1, 5) g`, [small]);
});
afterAll(() => t?.close());

const list = (params: Record<string, unknown>) => t.inject({ url: `/api/departments?${qs(params)}` });
const totalOf = (r: { headers: Record<string, unknown> }) => Number(String(r.headers['content-range']).split('/')[1]);

describe('totals', () => {
  it('a big table answers the planner estimate, flagged, and analyses a table that never was', async () => {
    const r = await list({ range: [0, 19], sort: ['id', 'ASC'] });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveLength(20);
    expect(r.headers['x-total-estimated']).toBe('true');
    expect(String(r.headers['content-range'])).toMatch(/^departments 0-19\/\d+$/);
    // Statistics were gathered (PGlite runs no autovacuum), so the estimate is close to the truth.
    expect(totalOf(r)).toBeGreaterThanOrEqual(80);
    expect(totalOf(r)).toBeLessThanOrEqual(140);
    const stats = await t.db.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'rh.departamento'::regclass`);
    expect(stats.rows[0].n).toBeGreaterThanOrEqual(100);
    // Exposed to browsers with Content-Range.
    const cors = await t.inject({ url: `/api/departments?${qs({ range: [0, 19] })}`, headers: { origin: 'http://example.test' } });
    expect(String(cors.headers['access-control-expose-headers'])).toContain('X-Total-Estimated');
  });

  it('a partial last page still tells the exact total', async () => {
    const r = await list({ range: [100, 119], sort: ['id', 'ASC'] });
    expect(r.json()).toHaveLength(5);
    expect(r.headers['content-range']).toBe('departments 100-104/105');
    expect(r.headers['x-total-estimated']).toBeUndefined();
  });

  it('a narrow filter (estimate under the threshold) gets an exact count', async () => {
    const r = await list({ filter: { id_empresa: small }, range: [0, 1] });
    expect(r.json()).toHaveLength(2);
    expect(r.headers['content-range']).toBe('departments 0-1/5');
    expect(r.headers['x-total-estimated']).toBeUndefined();
  });

  it('a q search over a big table is counted exactly when the planner expects few matches', async () => {
    const r = await list({ filter: { q: 'departamento' }, range: [0, 19] });
    expect(r.json()).toHaveLength(20);
    expect(r.headers['x-total-estimated']).toBeUndefined();
    expect(r.headers['content-range']).toBe('departments 0-19/100');
  });

  it('a filter matching many rows is estimated too', async () => {
    const r = await list({ filter: { id_empresa: big }, range: [0, 19] });
    expect(r.json()).toHaveLength(20);
    expect(r.headers['x-total-estimated']).toBe('true');
    expect(totalOf(r)).toBeGreaterThan(10);
    expect(totalOf(r)).toBeLessThanOrEqual(140);
  });
});
