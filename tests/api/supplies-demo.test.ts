// The supplies' demo data (src/server/supplies/seed.ts): after the demo start (organisation, customers,
// demo users, profiles) the group's catalogue, squads with members and a history written through the
// movement registers are there; Bitcom's warehouse keeper (almoxarifado@bitcom.com.br, suprimentos:gestor)
// sees every register with rows of Bitcom only; the units are where their history says; a second start adds nothing.
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

describe('demo supplies', () => {
  it("every supplies register has rows the warehouse keeper sees, all of Bitcom's", async () => {
    const token = await t.signIn('almoxarifado@bitcom.com.br', DEMO_PASSWORD);
    const bitcom = (await t.db.query<{ id: number }>(`SELECT id FROM rh.empresa WHERE nome = 'Bitcom'`)).rows[0].id;
    for (const resource of ['supply-products', 'squads', 'supply-items', 'supply-balances', 'supply-movements', 'supply-receipts', 'supply-dispatches', 'supply-installations',
      'supply-devolutions', 'supply-returns', 'supply-removals', 'supply-maintenance', 'supply-recycling']) {
      const r = await t.app.inject({ url: `/api/${resource}?range=[0,499]`, headers: bearer(token, 'suprimentos:gestor') });
      expect(r.statusCode, `${resource}: ${r.body}`).toBe(200);
      const rows = r.json() as { id_empresa: number | null }[];
      expect(rows.length, resource).toBeGreaterThan(0);
      if (resource !== 'supply-products') expect(rows.every((row) => row.id_empresa === bitcom), resource).toBe(true);
    }
    const removals = (await t.app.inject({ url: '/api/supply-removals', headers: bearer(token, 'suprimentos:gestor') })).json() as { status: string }[];
    expect(removals.map((r) => r.status).sort()).toEqual(['pendente', 'retirado']);
    const places = (await t.db.query<{ local: string }>(`SELECT DISTINCT local FROM suprimentos.item WHERE id_empresa = $1 ORDER BY local`, [bitcom])).rows.map((r) => r.local);
    expect(places).toEqual(['almoxarifado', 'baixado', 'cliente', 'equipe', 'manutencao']);
    const squads = (await t.db.query<{ membros: number[] }>(`SELECT membros FROM suprimentos.equipe WHERE id_empresa = $1`, [bitcom])).rows;
    expect(squads.some((s) => s.membros.length > 0)).toBe(true);
    // Written by the warehouse keeper.
    const author = (await t.db.query<{ email: string }>(`SELECT DISTINCT u.email FROM suprimentos.entrada e JOIN auth.usuario u ON u.id = e.id_usuario WHERE e.id_empresa = $1`, [bitcom])).rows;
    expect(author).toEqual([{ email: 'almoxarifado@bitcom.com.br' }]);

    // A second start adds nothing.
    const before = (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suprimentos.movimento`)).rows[0].n;
    await seedDemoProfiles(t.app.resources);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suprimentos.movimento`)).rows[0].n).toBe(before);
  });
});
