// Users administration by any module manager (foundation document, sections 2 and 6): the users of
// their providers only, the privilege-escalation guard, access profiles granting roles to tokens and
// role checks, and the companies (the providers under another name).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERADMIN } from '../../src/domain/roles.js';
import { bearer, qs, testApp, TEST_PASSWORD, type TestApp } from '../helpers/app.js';

let t: TestApp;
let bitcom: number;
let razao: number;
let hrManager: string; // rh:gestor of Bitcom (no users:* role)
let hrManagerId: number;
const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';

const as = (token: string) => bearer(token);
const userByEmail = async (email: string) => (await t.db.query('SELECT * FROM auth.usuario WHERE email = $1', [email])).rows[0];
const profileId = async (nome: string) => (await t.db.query<{ id: number }>('SELECT id FROM auth.perfil_acesso WHERE nome = $1', [nome])).rows[0].id;

beforeAll(async () => {
  t = await testApp();
  bitcom = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  razao = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'RazãoInfo' } })).json().id;
  hrManager = await t.userToken({ email: 'gestora.rh@bitcom.com.br', papeis: ['rh:gestor', 'user'], id_empresas: [bitcom] });
  hrManagerId = (await userByEmail('gestora.rh@bitcom.com.br')).id;
  await t.userToken({ email: 'leitor@bitcom.com.br', papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] });
  await t.userToken({ email: 'vendedor@razaoinfo.com.br', papeis: ['vendas:leitor', 'user'], id_empresas: [razao] });
});
afterAll(() => t?.close());

describe('the users list for any module manager', () => {
  it('a gestor of any module lists the users of their providers only (REST and GraphQL)', async () => {
    for (const headers of [as(hrManager), bearer(hrManager, 'user'), bearer(hrManager, 'rh:gestor')]) {
      const r = await t.app.inject({ url: `/api/users?${qs({ range: [0, 99] })}`, headers });
      expect(r.statusCode).toBe(200);
      const emails = r.json().map((u: { email: string }) => u.email).sort();
      expect(emails).toEqual(['gestora.rh@bitcom.com.br', 'leitor@bitcom.com.br']);
    }
    const gql = await t.app.inject({ method: 'POST', url: '/v1/graphql', headers: as(hrManager), payload: { query: '{ auth_usuario(order_by: { email: asc }) { email } }' } });
    expect(gql.json().data.auth_usuario.map((u: { email: string }) => u.email)).toEqual(['gestora.rh@bitcom.com.br', 'leitor@bitcom.com.br']);
    // Someone of another provider is not found, even by id.
    const other = await userByEmail('vendedor@razaoinfo.com.br');
    expect((await t.app.inject({ url: `/api/users/${other.id}`, headers: as(hrManager) })).statusCode).toBe(404);
  });

  it('a leitor, a solicitante or a user without a gestor role is refused', async () => {
    for (const papeis of [['rh:leitor', 'user'], ['rh:solicitante'], ['user']]) {
      const token = await t.userToken({ papeis, id_empresas: [bitcom] });
      const r = await t.app.inject({ url: '/api/users', headers: as(token) });
      expect(r.statusCode, papeis.join()).toBe(403);
      expect(r.json().message).toBe(NOT_ALLOWED);
    }
    // Acting explicitly with a non-gestor module role is acting without the right.
    const mixed = await t.userToken({ papeis: ['rh:leitor', 'vendas:gestor'], id_empresas: [bitcom] });
    expect((await t.app.inject({ url: '/api/users', headers: bearer(mixed, 'rh:leitor') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users', headers: bearer(mixed, 'vendas:gestor') })).statusCode).toBe(200);
  });

  it('the superadmin sees everyone', async () => {
    const emails = (await t.inject(`/api/users?${qs({ range: [0, 99] })}`)).json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@intranet.local', 'vendedor@razaoinfo.com.br', 'gestora.rh@bitcom.com.br']));
  });
});

describe('privilege escalation guard', () => {
  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', headers: as(hrManager), payload });
  const put = (id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: as(hrManager), payload });

  it('a gestor creates users of their providers with roles of their modules', async () => {
    const r = await post({ email: 'novo@bitcom.com.br', nome: 'Novo Colaborador', papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] });
    expect(r.statusCode).toBe(201);
    expect(r.json().papeis).toEqual(['rh:leitor', 'user']);
    const updated = await put(r.json().id, { papeis: ['rh:solicitante', 'user'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().papeis).toEqual(['rh:solicitante', 'user']);
  });

  it('cannot grant the superadmin role, nor roles of modules they do not manage', async () => {
    const superadmin = await post({ email: 'super@bitcom.com.br', papeis: [SUPERADMIN], id_empresas: [bitcom] });
    expect(superadmin.statusCode).toBe(403);
    expect(superadmin.json().message).toContain(NOT_ALLOWED);
    expect(superadmin.json().message).toContain('superadmin');
    const sales = await post({ email: 'vendas@bitcom.com.br', papeis: ['vendas:gestor'], id_empresas: [bitcom] });
    expect(sales.statusCode).toBe(403);
    expect(sales.json().message).toContain('vendas');
    expect(await userByEmail('super@bitcom.com.br')).toBeUndefined();
    expect(await userByEmail('vendas@bitcom.com.br')).toBeUndefined();
    // Nor to themselves: they are judged by the roles they had.
    const self = await put(hrManagerId, { papeis: ['vendas:gestor', 'user'] });
    expect(self.statusCode).toBe(403);
    expect((await userByEmail('gestora.rh@bitcom.com.br')).papeis).toEqual(['rh:gestor', 'user']);
  });

  it('cannot remove roles of modules they do not manage, nor delete their holders', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'misto@bitcom.com.br', papeis: ['rh:leitor', 'vendas:leitor'], id_empresas: [bitcom] } });
    const id = created.json().id;
    const strip = await put(id, { papeis: ['rh:leitor'] });
    expect(strip.statusCode).toBe(403);
    expect((await put(id, { papeis: ['rh:gestor', 'vendas:leitor'] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: as(hrManager) })).statusCode).toBe(403);
    expect((await userByEmail('misto@bitcom.com.br')).papeis).toEqual(['rh:gestor', 'vendas:leitor']);
    // A user whose roles are all theirs to take away may be deleted.
    const plain = (await post({ email: 'sai@bitcom.com.br', papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] })).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${plain}`, headers: as(hrManager) })).statusCode).toBe(200);
  });

  it('the users administrator (users:gestor) grants the roles of any module, never the superadmin role', async () => {
    const admin = await t.userToken({ papeis: ['users:gestor'], id_empresas: [bitcom] });
    const create = (papeis: string[]) => t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email: `adm.${papeis.join('.')}@bitcom.com.br`, papeis, id_empresas: [bitcom] } });
    expect((await create(['vendas:gestor', 'rh:leitor'])).statusCode).toBe(201);
    expect((await create([SUPERADMIN])).statusCode).toBe(403);
  });

  it('cannot edit or delete a superadmin user', async () => {
    const other = await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'outro.super@bitcom.com.br', papeis: [SUPERADMIN], id_empresas: [bitcom] } });
    const id = other.json().id;
    const edit = await put(id, { nome: 'Renomeado' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toContain(NOT_ALLOWED);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: as(hrManager) })).statusCode).toBe(403);
    expect((await userByEmail('outro.super@bitcom.com.br')).nome).toBeNull();
  });

  it('cannot link or unlink providers they are not linked to', async () => {
    const linked = await post({ email: 'dois@bitcom.com.br', papeis: ['user'], id_empresas: [bitcom, razao] });
    expect(linked.statusCode).toBe(403);
    expect(linked.json().message).toContain('provedores');
    const both = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'ambos@bitcom.com.br', papeis: ['user'], id_empresas: [bitcom, razao] } })).json().id;
    expect((await put(both, { id_empresas: [bitcom] })).statusCode).toBe(403);
    expect((await userByEmail('ambos@bitcom.com.br')).id_empresas).toEqual([bitcom, razao]);
  });
});

describe('access profiles', () => {
  it('the default profiles are there, and any gestor lists them', async () => {
    const r = await t.app.inject({ url: `/api/access-profiles?${qs({ range: [0, 99] })}`, headers: as(hrManager) });
    expect(r.statusCode).toBe(200);
    expect(r.json().map((p: { nome: string }) => p.nome)).toEqual(
      expect.arrayContaining(['Colaborador', 'Leitor de RH', 'Gestor de RH', 'Gestor comercial']),
    );
    const leitor = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [bitcom] });
    expect((await t.app.inject({ url: '/api/access-profiles', headers: as(leitor) })).statusCode).toBe(403);
  });

  it("a linked profile's roles are in the token, /v1/auth/me and the role checks, and follow the profile", async () => {
    const profile = await t.inject({ method: 'POST', url: '/api/access-profiles', payload: { nome: 'Leitura de vendas', papeis: ['vendas:leitor'] } });
    expect(profile.statusCode).toBe(201);
    const pid = profile.json().id;
    const created = await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'perfil@bitcom.com.br', papeis: ['user'], id_perfis: [pid], id_empresas: [bitcom] } });
    expect(created.json().papeis).toEqual(['user', 'vendas:leitor']);
    expect(created.json().papeis_proprios).toEqual(['user']);
    await t.app.identity.setPassword(t.db, created.json().id, TEST_PASSWORD);
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'perfil@bitcom.com.br', password: TEST_PASSWORD } });
    expect(login.json().user.roles).toEqual(['user', 'vendas:leitor']);
    const token = login.json().idToken;
    const me = await t.app.inject({ url: '/v1/auth/me', headers: as(token) });
    expect(me.json().roles ?? me.json().user?.roles).toEqual(['user', 'vendas:leitor']);
    // The role header of the profile's role is accepted.
    expect((await t.app.inject({ url: '/api/users', headers: bearer(token, 'vendas:leitor') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/departments', headers: bearer(token, 'vendas:leitor') })).statusCode).toBe(403);
    // The profile becomes a manager's: its users are managers at once (same token).
    expect((await t.inject({ method: 'PUT', url: `/api/access-profiles/${pid}`, payload: { papeis: ['vendas:gestor'] } })).statusCode).toBe(200);
    expect((await userByEmail('perfil@bitcom.com.br')).papeis).toEqual(['user', 'vendas:gestor']);
    await new Promise((r) => setTimeout(r, 100));
    expect((await t.app.inject({ url: '/api/users', headers: bearer(token, 'vendas:gestor') })).statusCode).toBe(200);
    // Deactivated: the roles go; the user's own stay.
    await t.inject({ method: 'PUT', url: `/api/access-profiles/${pid}`, payload: { ativo: false } });
    expect((await userByEmail('perfil@bitcom.com.br')).papeis).toEqual(['user']);
    await t.inject({ method: 'PUT', url: `/api/access-profiles/${pid}`, payload: { ativo: true } });
    // Unlinking through an edit that sends back the effective roles drops the profile's roles.
    const unlinked = await t.inject({ method: 'PUT', url: `/api/users/${created.json().id}`, payload: { id_perfis: [], papeis: ['user', 'vendas:gestor'] } });
    expect(unlinked.json().papeis).toEqual(['user']);
    // Deleting a profile unlinks it.
    await t.inject({ method: 'PUT', url: `/api/users/${created.json().id}`, payload: { id_perfis: [pid] } });
    expect((await t.inject({ method: 'DELETE', url: `/api/access-profiles/${pid}` })).statusCode).toBe(200);
    const after = await userByEmail('perfil@bitcom.com.br');
    expect(after.papeis).toEqual(['user']);
    expect(after.id_perfis).toEqual([]);
  });

  it('a gestor links only profiles whose roles they manage, and edits only such profiles', async () => {
    const hrReader = await profileId('Leitor de RH'); // rh:leitor, onboarding:leitor
    const onlyRh = (await t.inject({ method: 'POST', url: '/api/access-profiles', payload: { nome: 'Só RH', papeis: ['rh:leitor'] } })).json().id;
    const commercial = await profileId('Gestor comercial');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', headers: as(hrManager), payload });
    expect((await post({ email: 'p1@bitcom.com.br', id_perfis: [commercial], id_empresas: [bitcom] })).statusCode).toBe(403);
    // The hr gestor does not manage onboarding.
    expect((await post({ email: 'p2@bitcom.com.br', id_perfis: [hrReader], id_empresas: [bitcom] })).statusCode).toBe(403);
    const ok = await post({ email: 'p3@bitcom.com.br', id_perfis: [onlyRh], id_empresas: [bitcom] });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().papeis).toEqual(['rh:leitor']);
    // Profiles: roles of their modules only, never the superadmin's.
    const create = (papeis: string[]) => t.app.inject({ method: 'POST', url: '/api/access-profiles', headers: as(hrManager), payload: { nome: `Perfil ${papeis.join(' ')}`, papeis } });
    expect((await create(['rh:solicitante'])).statusCode).toBe(201);
    expect((await create(['vendas:leitor'])).statusCode).toBe(403);
    expect((await create([SUPERADMIN])).statusCode).toBe(400);
    const grow = await t.app.inject({ method: 'PUT', url: `/api/access-profiles/${onlyRh}`, headers: as(hrManager), payload: { papeis: ['rh:leitor', 'marketing:gestor'] } });
    expect(grow.statusCode).toBe(403);
    expect((await userByEmail('p3@bitcom.com.br')).papeis).toEqual(['rh:leitor']);
    expect((await t.app.inject({ method: 'PUT', url: `/api/access-profiles/${commercial}`, headers: as(hrManager), payload: { nome: 'Comercial' } })).statusCode).toBe(403);
    // A profile linked to a user of another provider is not theirs to change.
    await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'razao.rh@razaoinfo.com.br', id_perfis: [onlyRh], id_empresas: [razao] } });
    const shared = await t.app.inject({ method: 'PUT', url: `/api/access-profiles/${onlyRh}`, headers: as(hrManager), payload: { papeis: ['rh:gestor'] } });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().message).toContain('provedores');
  });
});

describe('companies', () => {
  it('GET /v1/companies answers the providers of the caller; /api/providers is the same data', async () => {
    const mine = await t.app.inject({ url: '/v1/companies', headers: as(hrManager) });
    expect(mine.json()).toEqual({ companies: [{ id: bitcom, nome: 'Bitcom', ativo: true }] });
    const all = (await t.inject('/v1/companies')).json().companies.map((c: { nome: string }) => c.nome);
    expect(all).toEqual(['Bitcom', 'RazãoInfo']);
    const providers = (await t.inject('/api/providers')).json().map((c: { id: number; nome: string }) => ({ id: c.id, nome: c.nome }));
    expect(providers).toEqual([{ id: bitcom, nome: 'Bitcom' }, { id: razao, nome: 'RazãoInfo' }]);
  });
});
