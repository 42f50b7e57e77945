// The foundation's shared reads about one user (section 7): GET v1/users/role/{userId} (the user's
// roles) and GET v1/user/empresa/contratante/{userId} (the active contracting companies of the user's
// providers). Names in and out; the user themself, a manager of a common provider or the superadmin
// may ask; refusals by token, role and provider; no 500 on a malformed id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN, DEMO_PASSWORD, seedDemoUsers } from '../../src/server/auth/bootstrap.js';
import { seedDemo, seedDemoProfiles } from '../../src/server/seed.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const provider = {} as Record<'a' | 'b', number>;
const users = {} as Record<'seller' | 'gestorA' | 'gestorB' | 'stranger' | 'leitorA' | 'both', { id: number; userId: string; token: string }>;
let companyA: number;

async function created(url: string, payload: object) {
  const r = await t.inject({ method: 'POST', url, payload });
  if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
  return r.json().id as number;
}

async function user(papeis: string[], id_empresas: number[]) {
  const email = `shared.${papeis.join('.').replace(/:/g, '-')}.${id_empresas.join('-')}.${Date.now()}@teste.com.br`;
  const token = await t.userToken({ papeis, id_empresas, email, funcionario: true });
  const row = (await t.db.query<{ id: number; user_id: string }>('SELECT id, user_id FROM auth.usuario WHERE email = $1', [email])).rows[0];
  return { id: row.id, userId: row.user_id, token };
}

beforeAll(async () => {
  t = await testApp();
  provider.a = await created('/api/providers', { nome: 'Vetorial' });
  provider.b = await created('/api/providers', { nome: 'RazãoInfo' });
  const company = (id_empresa: number, nome_fantasia: string, cnpj: string, ativo = true) =>
    created('/api/contracting-companies', { razao_social: `${nome_fantasia} Ltda`, nome_fantasia, cnpj, id_empresa, ativo, cidade: 'Curitiba', estado: 'PR' });
  companyA = await company(provider.a, 'Vetorial Telecom', '11.222.333/0001-81');
  await company(provider.a, 'Vetorial Antiga', '11.444.777/0001-61', false);
  await company(provider.b, 'RazãoInfo Internet', '45.723.174/0001-10');
  users.seller = await user(['vendas:solicitante', 'user'], [provider.a]);
  users.gestorA = await user(['marketing:gestor', 'user'], [provider.a]);
  users.gestorB = await user(['vendas:gestor', 'user'], [provider.b]);
  users.leitorA = await user(['marketing:leitor', 'vendas:leitor', 'user'], [provider.a]);
  users.stranger = await user(['user'], [provider.a]);
  users.both = await user(['rh:leitor', 'user'], [provider.a, provider.b]);
});
afterAll(() => t?.close());

const get = (url: string, token?: string, role?: string) => (token ? t.app.inject({ url, headers: bearer(token, role) }) : t.app.inject({ url }));
const roles = (id: number | string, token?: string, role?: string) => get(`/v1/users/role/${id}`, token, role);
const companies = (id: number | string, token?: string, role?: string) => get(`/v1/user/empresa/contratante/${id}`, token, role);
const adminId = async () => (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [DEFAULT_ADMIN.email])).rows[0].id;
const fantasyNames = (r: { json(): { rh_empresa_contratante: { nome_fantasia: string }[] } }) => r.json().rh_empresa_contratante.map((c) => c.nome_fantasia);

describe('GET v1/users/role/{userId}', () => {
  it('answers { usuarios_papeis } to the user themself, by usuarioId or by userId (uuid)', async () => {
    const r = await roles(users.seller.id, users.seller.token, 'vendas:solicitante');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      usuarios_papeis: [
        { id_usuario: users.seller.id, papel: 'user', modulo: null, nivel: 'user' },
        { id_usuario: users.seller.id, papel: 'vendas:solicitante', modulo: 'vendas', nivel: 'solicitante' },
      ],
    });
    const byUuid = await roles(users.seller.userId, users.seller.token);
    expect(byUuid.statusCode).toBe(200);
    expect(byUuid.json()).toEqual(r.json());
    // A candidate-like user (role user only) may read their own roles too.
    expect((await roles(users.stranger.id, users.stranger.token)).json().usuarios_papeis.map((p: { papel: string }) => p.papel)).toEqual(['user']);
  });

  it('answers a manager of a common provider and the superadmin', async () => {
    const byGestor = await roles(users.seller.id, users.gestorA.token, 'marketing:gestor');
    expect(byGestor.statusCode).toBe(200);
    expect(byGestor.json().usuarios_papeis.map((p: { papel: string }) => p.papel)).toEqual(['user', 'vendas:solicitante']);
    // Without a role header, the gestor role the user holds counts.
    expect((await roles(users.seller.id, users.gestorA.token)).statusCode).toBe(200);
    const byAdmin = await t.inject(`/v1/users/role/${users.gestorB.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().usuarios_papeis.map((p: { papel: string }) => p.papel)).toEqual(['user', 'vendas:gestor']);
    const id = await adminId();
    const admin = (await t.inject(`/v1/users/role/${id}`)).json();
    expect(admin.usuarios_papeis).toEqual([{ id_usuario: id, papel: 'users:superadmin', modulo: 'users', nivel: 'superadmin' }]);
  });

  it('refuses without a token (401), a non-manager (403), a role header not held or not a manager one (403)', async () => {
    expect((await roles(users.seller.id)).statusCode).toBe(401);
    for (const token of [users.stranger.token, users.leitorA.token]) {
      const r = await roles(users.seller.id, token);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    }
    // A role the caller does not hold, even about themself.
    expect((await roles(users.seller.id, users.seller.token, 'vendas:gestor')).statusCode).toBe(403);
    // Acting as a reader, the manager's other role does not count.
    const asReader = await user(['marketing:gestor', 'vendas:leitor'], [provider.a]);
    expect((await roles(users.seller.id, asReader.token, 'vendas:leitor')).statusCode).toBe(403);
    expect((await roles(users.seller.id, asReader.token, 'marketing:gestor')).statusCode).toBe(200);
  });

  it('keeps the provider scope: a manager of another provider gets 404, as for an unknown user', async () => {
    const r = await roles(users.seller.id, users.gestorB.token, 'vendas:gestor');
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Dados não encontrados.');
    expect((await roles(users.seller.userId, users.gestorB.token)).statusCode).toBe(404);
    // Someone in both providers is visible from either side.
    expect((await roles(users.both.id, users.gestorB.token)).statusCode).toBe(200);
    expect((await roles(999999, users.gestorA.token)).statusCode).toBe(404);
    expect((await t.inject('/v1/users/role/999999')).statusCode).toBe(404);
    expect((await t.inject('/v1/users/role/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers a malformed id with 400 in pt-BR, never 500', async () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', encodeURIComponent("1' OR 1=1"), 'x'.repeat(100)]) {
      const r = await t.inject(`/v1/users/role/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message, bad).toMatch(/^(Ops|Preencha|Requisição)/);
    }
  });
});

describe('GET v1/user/empresa/contratante/{userId}', () => {
  it('answers { rh_empresa_contratante }: the active contracting companies of the user\'s providers', async () => {
    const r = await companies(users.seller.id, users.seller.token, 'vendas:solicitante');
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json())).toEqual(['rh_empresa_contratante']);
    expect(r.json().rh_empresa_contratante).toEqual([
      expect.objectContaining({
        id: companyA,
        nome_fantasia: 'Vetorial Telecom',
        razao_social: 'Vetorial Telecom Ltda',
        cnpj: '11.222.333/0001-81',
        cidade: 'Curitiba',
        estado: 'PR',
        id_empresa: provider.a,
        ativo: true,
      }),
    ]);
    expect(fantasyNames(await companies(users.seller.userId, users.seller.token))).toEqual(['Vetorial Telecom']);
    expect(fantasyNames(await companies(users.both.id, users.both.token))).toEqual(['RazãoInfo Internet', 'Vetorial Telecom']);
  });

  it('a manager sees a user\'s companies inside their own providers; the superadmin all of them', async () => {
    expect(fantasyNames(await companies(users.seller.id, users.gestorA.token, 'marketing:gestor'))).toEqual(['Vetorial Telecom']);
    expect(fantasyNames(await companies(users.both.id, users.gestorB.token, 'vendas:gestor'))).toEqual(['RazãoInfo Internet']);
    expect(fantasyNames(await t.inject(`/v1/user/empresa/contratante/${users.both.id}`))).toEqual(['RazãoInfo Internet', 'Vetorial Telecom']);
    // The superadmin belongs to every provider.
    expect(fantasyNames(await t.inject(`/v1/user/empresa/contratante/${await adminId()}`))).toEqual(['RazãoInfo Internet', 'Vetorial Telecom']);
  });

  it('follows the register: a company deactivated or of another provider is not listed', async () => {
    const other = await created('/api/contracting-companies', { razao_social: 'Nova Vetorial Ltda', nome_fantasia: 'Nova Vetorial', cnpj: '04.252.011/0001-10', id_empresa: provider.a });
    expect(fantasyNames(await companies(users.leitorA.id, users.leitorA.token))).toEqual(['Nova Vetorial', 'Vetorial Telecom']);
    expect((await t.inject({ method: 'PUT', url: `/api/contracting-companies/${other}`, payload: { ativo: false } })).statusCode).toBe(200);
    expect(fantasyNames(await companies(users.leitorA.id, users.leitorA.token))).toEqual(['Vetorial Telecom']);
    expect(fantasyNames(await companies(users.gestorB.id, users.gestorB.token))).toEqual(['RazãoInfo Internet']);
  });

  it('refuses without a token, a non-manager, another provider\'s manager; no 500 on bad ids', async () => {
    expect((await companies(users.seller.id)).statusCode).toBe(401);
    expect((await companies(users.seller.id, users.stranger.token)).statusCode).toBe(403);
    expect((await companies(users.seller.id, users.leitorA.token, 'marketing:leitor')).statusCode).toBe(403);
    expect((await companies(users.seller.id, users.gestorB.token)).statusCode).toBe(404);
    expect((await companies(999999, users.gestorA.token)).statusCode).toBe(404);
    for (const bad of ['abc', '0', encodeURIComponent('%00')]) expect((await t.inject(`/v1/user/empresa/contratante/${bad}`)).statusCode, bad).toBe(400);
  });
});

describe('demo users', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await testApp();
    await seedDemo(demo.app.resources);
    await seedDemoUsers(demo.db, demo.app.resources, demo.app.identity);
    await seedDemoProfiles(demo.app.resources);
  }, 120_000);
  afterAll(() => demo?.close());

  const demoUser = async (email: string) => {
    const token = await demo.signIn(email, DEMO_PASSWORD);
    const id = (await demo.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
    const r = await demo.app.inject({ url: `/v1/user/${id}`, headers: bearer(token) });
    expect(r.statusCode).toBe(200);
    return { token, id, usuario: r.json().usuario };
  };
  const profileOf = async (id: number) => (await demo.db.query<{ cpf: string }>('SELECT cpf FROM rh.perfil_funcionario WHERE id_usuario = $1', [id])).rows[0];

  it("the demo's blocking rules: one per provider, whose simulation spares the 1 Giga business plan and the suspended customers", async () => {
    const { token } = await demoUser('gestor.vendas@vetorial.net');
    const headers = bearer(token, 'regua_comunicacao:gestor');
    const rules = (await demo.app.inject({ url: '/api/blocking-rules', headers })).json() as { id: number; nome: string; dias_atraso: number }[];
    expect(rules.map((r) => r.nome)).toEqual(['Bloqueio após 15 dias de atraso']);
    const r = await demo.app.inject({ url: `/v1/bloqueio/regras/${rules[0].id}/simulacao?limit=500`, headers });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.criterios.map((c: { tipo: string }) => c.tipo).sort()).toEqual(['plano', 'situacao']);
    expect(body.total).toBeGreaterThan(0);
    for (const c of body.clientes) {
      expect(c.dias_atraso).toBeGreaterThanOrEqual(15);
      expect(c.situacao).toBe('ativo');
      expect(c.plano).not.toBe('Empresarial 1 Giga');
    }
  });

  it('a sales seller signs in: vendas:solicitante, Vetorial, Vendedor Externo, with an employee profile', async () => {
    const { token, id, usuario } = await demoUser('vendedor@vetorial.net');
    expect(usuario).toMatchObject({ funcionario: true, empresas: [{ nome: 'Vetorial' }], cargo: { nome: 'Vendedor Externo' } });
    const r = await demo.app.inject({ url: `/v1/users/role/${id}`, headers: bearer(token, 'vendas:solicitante') });
    expect(r.json().usuarios_papeis.map((p: { papel: string }) => p.papel)).toEqual(['user', 'vendas:solicitante']);
    expect((await profileOf(id))?.cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  });

  it('a marketing reader signs in: leitor of marketing, vendas, regua_comunicacao and roulette, RazãoInfo, Analista de Marketing', async () => {
    const { token, id, usuario } = await demoUser('leitor.marketing@razaoinfo.com.br');
    expect(usuario).toMatchObject({ funcionario: true, empresas: [{ nome: 'RazãoInfo' }], cargo: { nome: 'Analista de Marketing' } });
    const r = await demo.app.inject({ url: `/v1/users/role/${id}`, headers: bearer(token, 'marketing:leitor') });
    expect(r.json().usuarios_papeis.map((p: { papel: string }) => p.papel)).toEqual(['marketing:leitor', 'regua_comunicacao:leitor', 'roulette:leitor', 'user', 'vendas:leitor']);
    expect(await profileOf(id)).toBeDefined();
    // A reader is no manager: another user's roles stay closed.
    const seller = (await demo.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = 'vendedor@vetorial.net'`)).rows[0].id;
    expect((await demo.app.inject({ url: `/v1/users/role/${seller}`, headers: bearer(token) })).statusCode).toBe(403);
  });
});
