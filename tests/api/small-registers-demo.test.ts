// The demo data of the small registers (src/server/smallRegisters/seed.ts): after the demo start
// (organisation, demo users, profiles) every demo provider has plans and resources, the demo
// employee has a booking they see, and a second start adds nothing.
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

const count = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

describe('demo plans, resources and bookings', () => {
  it('every provider has plans (one of them for a city) and resources; the demo employee sees their booking; a second start adds nothing', async () => {
    const providers = await count('rh.empresa');
    const perProvider = await t.db.query<{ planos: number; recursos: number }>(
      `SELECT (SELECT count(*)::int FROM vendas.preco p WHERE p.id_empresa = e.id) AS planos, (SELECT count(*)::int FROM rh.recurso r WHERE r.id_empresa = e.id) AS recursos FROM rh.empresa e`,
    );
    expect(perProvider.rows).toHaveLength(providers);
    for (const row of perProvider.rows) {
      expect(row.planos).toBeGreaterThanOrEqual(3);
      expect(row.recursos).toBeGreaterThanOrEqual(3);
    }
    expect(await count('vendas.preco WHERE id_cidade IS NOT NULL')).toBeGreaterThan(0);
    const token = await t.signIn('funcionario@bitcom.com.br', DEMO_PASSWORD);
    const mine = await t.app.inject({ url: '/api/resource-bookings', headers: bearer(token, 'user') });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { nome: string }[]).map((b) => b.nome)).toEqual(['Fábio Funcionário']);
    const before = [await count('vendas.preco'), await count('rh.recurso'), await count('rh.reserva_recurso')];
    expect(before[2]).toBe(2);
    await seedDemoProfiles(t.app.resources);
    expect([await count('vendas.preco'), await count('rh.recurso'), await count('rh.reserva_recurso')]).toEqual(before);
  });
});
