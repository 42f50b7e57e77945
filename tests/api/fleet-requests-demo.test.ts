// The demo fleet requests (src/server/fleet/requestsSeed.ts): after the demo start (organisation,
// fleet, demo users, profiles) Bitcom's demo employee has requests of each kind (pending, approved,
// refused), the approved vehicle request names a vehicle and the employee as driver, the approved
// incident is the fleet's, and a second start adds nothing.
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

describe('demo fleet requests', () => {
  it('the demo employee has requests of each kind; the demo fleet manager sees them', async () => {
    const token = await t.signIn('funcionario@bitcom.com.br', DEMO_PASSWORD);
    const statuses = async (resource: string) => ((await t.app.inject({ url: `/api/${resource}?range=[0,99]`, headers: bearer(token) })).json() as { status: string }[]).map((r) => r.status).sort();
    expect(await statuses('vehicle-requests')).toEqual(['aprovada', 'pendente', 'recusada']);
    expect(await statuses('vehicle-incident-requests')).toEqual(['aprovada', 'pendente']);
    expect(await statuses('vehicle-maintenance-requests')).toEqual(['pendente', 'recusada']);
    const approved = (await t.db.query(`SELECT id_veiculo, veiculo_descricao, motorista_nome FROM frota.solicitacao_veiculo WHERE status = 'aprovada'`)).rows[0];
    expect(approved.id_veiculo).toEqual(expect.any(Number));
    expect(approved.motorista_nome).toBe('Fábio Funcionário');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM frota.solicitacao_sinistro s JOIN frota.sinistro f ON f.id = s.id_sinistro`)).rows[0].n).toBe(1);

    const manager = await t.signIn('gestor.frota@bitcom.com.br', DEMO_PASSWORD);
    const seen = await t.app.inject({ url: '/api/vehicle-requests', headers: bearer(manager, 'frota:gestor') });
    expect(seen.json()).toHaveLength(3);
    const bell = (await t.db.query(`SELECT count(*)::int AS n FROM notificacao.notificacao n JOIN auth.usuario u ON u.id = n.id_usuario WHERE u.email = 'funcionario@bitcom.com.br' AND n.data->>'modulo' = 'frota'`)).rows[0].n;
    expect(bell).toBeGreaterThanOrEqual(3);

    // A second start adds nothing.
    await seedDemoProfiles(t.app.resources);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM frota.solicitacao_veiculo`)).rows[0].n).toBe(3);
  });

  it('every fleet register has demo rows, and the demo fleet manager’s home has something in each figure’s register', async () => {
    const manager = await t.signIn('gestor.frota@bitcom.com.br', DEMO_PASSWORD);
    for (const resource of ['vehicles', 'vehicle-maintenance', 'drivers', 'rental-companies', 'rentals', 'fines', 'vehicle-incidents']) {
      const r = await t.app.inject({ url: `/api/${resource}`, headers: bearer(manager, 'frota:gestor') });
      expect(r.statusCode, resource).toBe(200);
      expect((r.json() as unknown[]).length, resource).toBeGreaterThan(0);
    }
    const home = await t.app.inject({ url: '/v1/frota/painel', headers: bearer(manager, 'frota:gestor') });
    expect(home.statusCode, home.body).toBe(200);
    const figures = home.json();
    expect(figures.veiculos.total).toBeGreaterThan(0);
    expect(figures.locacoes.ativas).toBeGreaterThan(0);
    expect(figures.solicitacoes_pendentes).toBeGreaterThan(0);
    // The fine with a driver named has its term.
    const fines = (await t.app.inject({ url: '/api/fines', headers: bearer(manager, 'frota:gestor') })).json() as { id: number; id_motorista: number | null; placa: string }[];
    const named = fines.find((f) => f.id_motorista != null)!;
    const term = await t.app.inject({ url: `/v1/multas/${named.id}/termo/${named.id_motorista}/${named.placa}/pdf`, headers: bearer(manager, 'frota:gestor') });
    expect(term.statusCode).toBe(200);
    expect(term.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
