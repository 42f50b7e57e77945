// The embedded database runs in a thread of its own (src/server/db/pgliteWorker.ts), as the product
// starts it: a statement that holds PGlite (a long import step, a report) holds neither the server's
// event loop nor a request that does not need the database. The other suites serve the same
// messages on their own thread for speed (tests/helpers/app.ts); this one, the test clock's and the
// end-to-end suite run the thread itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, testApp, type TestApp } from '../helpers/app.js';

const BASE = 'https://lnk.exemplo.com.br';
const CHROME = 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

describe.skipIf(onPostgres)('the embedded database in its own thread', () => {
  let t: TestApp;
  let code: string;
  beforeAll(async () => {
    t = await testApp({ config: { trackingBaseUrl: BASE } }, { thread: true });
    const post = async (url: string, body: object) => {
      const r = await t.inject({ method: 'POST', url, payload: body });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const provider = await post('/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' });
    const campaign = await post('/api/sales-campaigns', { nome: 'Fibra 1 Giga', bitcom: true });
    const channel = await post('/api/sales-channels', { nome: 'Instagram', bitcom: true });
    const destination = await post('/api/tracking-destinations', { nome: 'Planos', url: 'https://www.bitcom.com.br/planos' });
    const r = await t.inject({
      method: 'POST',
      url: '/v1/vendas/tracking/url',
      headers: { 'x-intranet-role': 'users:superadmin' },
      payload: { params: { cmp: campaign, chn: channel, dst: destination }, id_empresa: provider },
    });
    expect(r.statusCode, r.body).toBe(200);
    code = (r.json().insert_vendas_tracking_url.returning[0].url as string).split('/l/')[1];
  }, 120_000);
  afterAll(() => t?.close());

  it('answers a cached redirect and the event loop runs while a statement holds the database', async () => {
    // The first visit reads the link into the redirect's cache.
    const first = await t.app.inject({ url: `/l/${code}`, headers: { 'user-agent': CHROME } });
    expect(first.statusCode, first.body).toBe(302);
    let slept = false;
    const sleeping = t.db.query('SELECT pg_sleep(3)').then(() => (slept = true));
    // Timers fire meanwhile: on the server's own thread they would wait for the statement's end.
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await expect.poll(() => ticks, { timeout: 2_500, interval: 10 }).toBeGreaterThanOrEqual(3);
      const visit = await t.app.inject({ url: `/l/${code}`, headers: { 'user-agent': CHROME } });
      expect(visit.statusCode).toBe(302);
      expect(visit.headers.location).toContain('https://www.bitcom.com.br/planos');
      // Both answered before the database was free again.
      expect(slept).toBe(false);
    } finally {
      clearInterval(timer);
    }
    await sleeping;
    // The statement's end frees the database for the others: the check that waited answers.
    const health = await t.app.inject({ url: '/health' });
    expect(health.json()).toEqual({ ok: true, database: 'pglite' });
  });

  it('keeps the database errors as PostgreSQL gives them, across the thread', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom', site: 'https://www.bitcom.com.br' } });
    expect(r.statusCode).toBe(409);
    await expect(t.db.query('SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
  });
});
