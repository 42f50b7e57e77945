// The demo personnel (src/server/personnel/seed.ts): after the demo start (organisation, demo users,
// profiles) every HR report has rows for the HR manager, and the demo employee is an employee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoUsers } from '../../src/server/auth/bootstrap.js';
import { seedDemo, seedDemoProfiles } from '../../src/server/seed.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await seedDemo(t.app.resources);
  await seedDemoUsers(t.db, t.app.resources, t.app.identity);
  await seedDemoProfiles(t.app.resources);
}, 240_000);
afterAll(() => t?.close());

describe('demo personnel', () => {
  it('gives every report something to show, once', async () => {
    const employees = Number((await t.db.query('SELECT count(*)::int AS n FROM rh.funcionario')).rows[0].n);
    expect(employees).toBeGreaterThanOrEqual(55);
    const providers = (await t.db.query('SELECT count(DISTINCT id_empresa)::int AS n FROM rh.funcionario')).rows[0].n;
    expect(providers).toBe(3);
    const demo = await t.db.query(`SELECT f.id FROM rh.funcionario f JOIN auth.usuario u ON u.id = f.id_usuario WHERE u.email = 'funcionario@bitcom.com.br'`);
    expect(demo.rows).toHaveLength(1);
    // A second start adds nothing.
    await seedDemoProfiles(t.app.resources);
    expect(Number((await t.db.query('SELECT count(*)::int AS n FROM rh.funcionario')).rows[0].n)).toBe(employees);

    const token = await t.signIn('gestor.rh@bitcom.com.br', DEMO_PASSWORD);
    for (const name of ['birthday', 'list-admission', 'list-dismiss', 'provider-city', 'company-anniversary', 'family-list', 'list-general', 'pyramid-list', 'list-gender']) {
      const r = await t.app.inject({ url: `/v1/rh/relatorios/${name}`, headers: bearer(t.adminToken, 'users:superadmin') });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().linhas.length, name).toBeGreaterThan(0);
      const own = await t.app.inject({ url: `/v1/rh/relatorios/${name}`, headers: bearer(token, 'rh:gestor') });
      expect(own.statusCode, own.body).toBe(200);
    }
    const dismissals = (await t.db.query(`SELECT status, count(*)::int AS n FROM rh.desligamento GROUP BY 1`)).rows;
    expect(dismissals.find((d) => d.status === 'concluido')?.n).toBeGreaterThanOrEqual(4);
    expect(Number((await t.db.query('SELECT count(*)::int AS n FROM rh.familiar WHERE tem_familiar')).rows[0].n)).toBe(10);
  }, 120_000);
});
