// The demo personnel (src/server/personnel/seed.ts): after the demo start (organisation, demo users,
// profiles) every HR report has rows for the HR manager, and the demo employee is an employee. The
// home's call (GET /v1/inicio, issue 31) over the same demo: every block has something for the demo
// employee, and the people are those of the user's providers. The demo rides (src/server/rides/seed.ts):
// offers of demo employees from today on, on the public board, once.
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

describe('the home of the demo users (GET /v1/inicio)', () => {
  const home = async (token: string) => {
    const r = await t.app.inject({ url: '/v1/inicio', headers: bearer(token) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  type Person = { nome: string; dia: number; provedor: string; departamento: string | null };

  it('needs a token; the demo employee gets the news (unread must-read first), what waits for them and their providers’ people of the month', async () => {
    expect((await t.app.inject({ url: '/v1/inicio' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/inicio', headers: { authorization: 'Bearer nao-e-um-token' } })).statusCode).toBe(401);

    const token = await t.signIn('funcionario@bitcom.com.br', DEMO_PASSWORD);
    const h = await home(token);
    expect(h.nome).toBe('Fábio Funcionário');
    expect(h.hoje).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The news: the must-read items he has not confirmed come first, unread.
    expect(h.leituras_pendentes).toBeGreaterThan(0);
    expect(h.novidades.length).toBeGreaterThan(h.leituras_pendentes > 5 ? 5 : h.leituras_pendentes);
    for (const n of h.novidades.slice(0, Math.min(h.leituras_pendentes, h.novidades.length))) expect(n).toMatchObject({ requer_lido: true, lido_em: null, link: `/news/${n.id}` });
    // What waits for him: those readings, and the open incidents he reported (the demo's Bitcom reporter).
    const kinds = new Set(h.pendencias.map((p: { tipo: string }) => p.tipo));
    expect(kinds.has('leitura')).toBe(true);
    expect(kinds.has('incidente_aberto')).toBe(true);
    for (const p of h.pendencias.filter((p: { tipo: string }) => p.tipo === 'incidente_aberto')) expect(p.link).toMatch(/^\/incidents\/edit\/\d+$/);
    // No onboarding for his position in the demo.
    expect(h.onboarding).toBe(false);
    // Birthdays (his own is today in the demo) and company anniversaries: Bitcom's people only, by day.
    expect(h.aniversariantes.map((p: Person) => p.nome)).toContain('Fábio Funcionário');
    const today = Number(h.hoje.slice(8, 10));
    expect(h.aniversariantes.find((p: Person) => p.nome === 'Fábio Funcionário').dia).toBe(h.hoje.slice(5, 10) === '02-29' ? 28 : today);
    expect(h.tempo_de_casa.length).toBeGreaterThan(0);
    for (const p of [...h.aniversariantes, ...h.tempo_de_casa]) expect(p.provedor).toBe('Bitcom');
    expect(h.aniversariantes.map((p: Person) => p.dia)).toEqual([...h.aniversariantes.map((p: Person) => p.dia)].sort((a, b) => a - b));
    // No birth year or age leaves the server.
    expect(Object.keys(h.aniversariantes[0]).sort()).toEqual(['departamento', 'dia', 'id', 'nome', 'provedor']);

    // Confirming a reading takes it off his list.
    const first = h.novidades[0];
    expect((await t.app.inject({ method: 'POST', url: `/v1/novidades/${first.id}/leitura`, headers: bearer(token, 'user') })).statusCode).toBe(200);
    const after = await home(token);
    expect(after.leituras_pendentes).toBe(h.leituras_pendentes - 1);
    expect(after.pendencias.some((p: { link: string; tipo: string }) => p.tipo === 'leitura' && p.link === first.link)).toBe(false);
    expect(after.novidades.find((n: { id: number }) => n.id === first.id)?.lido_em ?? 'fora da lista').not.toBeNull();
  }, 60_000);

  it('scopes the people to the user’s providers: the marketing analyst sees RazãoInfo’s, the superadmin everyone’s; a candidate none', async () => {
    const marketing = await home(await t.signIn('leitor.marketing@razaoinfo.com.br', DEMO_PASSWORD));
    expect(marketing.aniversariantes.map((p: Person) => p.nome)).toContain('Marcos Leitor de Marketing');
    for (const p of [...marketing.aniversariantes, ...marketing.tempo_de_casa]) expect(p.provedor).toBe('RazãoInfo');
    const all = await home(t.adminToken);
    const providers = new Set([...all.aniversariantes, ...all.tempo_de_casa].map((p: Person) => p.provedor));
    expect(providers.size).toBe(3);
    const candidate = await home(await t.signIn('candidato@email.com', DEMO_PASSWORD));
    expect(candidate).toMatchObject({ aniversariantes: [], tempo_de_casa: [], novidades: [], pendencias: [], onboarding: false });
  }, 60_000);

  it('is documented in the OpenAPI document with its response', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    const op = doc.paths['/v1/inicio']?.get;
    expect(op?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['novidades', 'pendencias', 'aniversariantes', 'tempo_de_casa', 'onboarding']),
    );
  });
});

describe('the demo rides (src/server/rides/seed.ts)', () => {
  it('offers rides of demo employees from today on, on the public board, once', async () => {
    const { rows } = await t.db.query<{ n: number; past: number; owners: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE data_hora < now())::int AS past, count(DISTINCT id_usuario)::int AS owners FROM frota.carona`,
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(5);
    expect(rows[0].past).toBe(0);
    expect(rows[0].owners).toBeGreaterThanOrEqual(3);
    const board = await t.app.inject({ url: '/v1/public/caronas', remoteAddress: '203.0.113.77' });
    expect(board.statusCode).toBe(200);
    expect(board.json().total).toBe(rows[0].n);
    // The demo employee sees their own offers in /ride/list.
    const token = (await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'funcionario@bitcom.com.br', password: DEMO_PASSWORD } })).json().idToken as string;
    const mine = (await t.app.inject({ url: '/api/rides', headers: bearer(token) })).json() as { nome: string }[];
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(new Set(mine.map((r) => r.nome))).toEqual(new Set(['Fábio Funcionário']));
    // A second start adds nothing.
    await seedDemoProfiles(t.app.resources);
    expect((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM frota.carona`)).rows[0].n).toBe(rows[0].n);
  });
});
