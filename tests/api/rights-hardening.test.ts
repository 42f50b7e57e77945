// Privilege climbing through access profiles (issue 11): the profiles are shared by every provider,
// so only the superadmin writes them (REST and GraphQL); nobody else grants a role they do not hold,
// directly or through a profile (active or not), the users administrator (users:gestor) included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let bitcom: number;
let vetorial: number;
let sales: string; // vendas:gestor of Bitcom
let hr: string; // rh:gestor and users:gestor of Vetorial
let colaborador: number; // a shared profile

const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';
const as = (token: string) => bearer(token);
const userByEmail = async (email: string) => (await t.db.query('SELECT * FROM auth.usuario WHERE email = $1', [email])).rows[0];
const profileRoles = async (id: number) => (await t.db.query<{ papeis: string[] }>('SELECT papeis FROM auth.perfil_acesso WHERE id = $1', [id])).rows[0].papeis;
const gql = (token: string, query: string) => t.app.inject({ method: 'POST', url: '/v1/graphql', headers: as(token), payload: { query } });
const newProfile = async (nome: string, papeis: string[], ativo = true) =>
  (await t.inject({ method: 'POST', url: '/api/access-profiles', payload: { nome, papeis, ativo } })).json().id as number;

beforeAll(async () => {
  t = await testApp();
  bitcom = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  vetorial = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  sales = await t.userToken({ email: 'gestor.vendas@bitcom.com.br', papeis: ['vendas:gestor', 'user'], id_empresas: [bitcom] });
  hr = await t.userToken({ email: 'gestora.rh@vetorial.net', papeis: ['rh:gestor', 'users:gestor', 'user'], id_empresas: [vetorial] });
  colaborador = await newProfile('Colaborador do teste', ['user']);
});
afterAll(() => t?.close());

describe('shared access profiles are written by the superadmin only', () => {
  it("a sales manager cannot add vendas:gestor to a shared profile, nor create or delete one (REST and GraphQL); managers still read them", async () => {
    const grow = await t.app.inject({ method: 'PUT', url: `/api/access-profiles/${colaborador}`, headers: as(sales), payload: { papeis: ['user', 'vendas:gestor'] } });
    expect(grow.statusCode).toBe(403);
    expect(grow.json().message).toBe(NOT_ALLOWED);
    const created = await t.app.inject({ method: 'POST', url: '/api/access-profiles', headers: as(sales), payload: { nome: 'Vendas total', papeis: ['vendas:gestor'] } });
    expect(created.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/access-profiles/${colaborador}`, headers: as(sales) })).statusCode).toBe(403);
    const mutation = await gql(sales, `mutation { update_auth_perfil_acesso_by_pk(pk_columns: { id: ${colaborador} }, _set: { papeis: ["user", "vendas:gestor"] }) { id } }`);
    expect(mutation.json().errors?.[0]?.message).toBe(NOT_ALLOWED);
    const insert = await gql(sales, 'mutation { insert_auth_perfil_acesso_one(object: { nome: "Via GraphQL", papeis: ["vendas:gestor"] }) { id } }');
    expect(insert.json().errors?.[0]?.message).toBe(NOT_ALLOWED);
    expect(await profileRoles(colaborador)).toEqual(['user']);
    expect((await t.db.query("SELECT 1 FROM auth.perfil_acesso WHERE nome IN ('Vendas total', 'Via GraphQL')")).rows).toEqual([]);
    // Reading stays open to every module manager: their users form links profiles.
    for (const token of [sales, hr]) {
      const list = await t.app.inject({ url: `/api/access-profiles?${qs({ range: [0, 99] })}`, headers: as(token) });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((p: { id: number }) => p.id)).toContain(colaborador);
      expect((await t.app.inject({ url: `/api/access-profiles/${colaborador}`, headers: as(token) })).statusCode).toBe(200);
    }
  });

  it('the superadmin creates, edits and deletes them', async () => {
    const id = await newProfile('Temporário', ['rh:leitor']);
    expect((await t.inject({ method: 'PUT', url: `/api/access-profiles/${id}`, payload: { papeis: ['rh:leitor', 'vendas:leitor'] } })).statusCode).toBe(200);
    expect(await profileRoles(id)).toEqual(['rh:leitor', 'vendas:leitor']);
    expect((await t.inject({ method: 'DELETE', url: `/api/access-profiles/${id}` })).statusCode).toBe(200);
  });
});

describe('nobody grants a role they do not hold, directly or through a profile', () => {
  const createUser = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users', headers: as(token), payload: { id_empresas: [vetorial], ...payload } });

  it("the issue's case: an HR manager of another provider cannot make an employee with a profile holding vendas:gestor", async () => {
    const sellers = await newProfile('Colaborador com vendas', ['user', 'vendas:gestor']);
    const r = await createUser(hr, { email: 'novo.colaborador@vetorial.net', nome: 'Novo', papeis: ['user'], id_perfis: [sellers], funcionario: true });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(
      `${NOT_ALLOWED} O perfil de acesso "Colaborador com vendas" dá papéis que você não pode conceder. Você não pode conceder o papel "Gestor de Vendas" (vendas:gestor), que você não possui.`,
    );
    expect(await userByEmail('novo.colaborador@vetorial.net')).toBeUndefined();
    // GraphQL alike.
    const insert = await gql(hr, `mutation { insert_auth_usuario_one(object: { email: "gql.colaborador@vetorial.net", papeis: ["user"], id_perfis: [${sellers}], id_empresas: [${vetorial}] }) { id } }`);
    expect(insert.json().errors?.[0]?.message).toContain('Gestor de Vendas');
    expect(await userByEmail('gql.colaborador@vetorial.net')).toBeUndefined();
    // Nor link it to someone they administer.
    const own = (await createUser(hr, { email: 'existente@vetorial.net', papeis: ['user', 'rh:leitor'] })).json();
    const link = await t.app.inject({ method: 'PUT', url: `/api/users/${own.id}`, headers: as(hr), payload: { id_perfis: [sellers] } });
    expect(link.statusCode).toBe(403);
    expect(link.json().message).toContain('(vendas:gestor), que você não possui.');
    expect((await userByEmail('existente@vetorial.net')).papeis).toEqual(['user', 'rh:leitor']);
  });

  it('an inactive profile counts too: activating it later must not hand out what the manager could not', async () => {
    const dormant = await newProfile('Dormente', ['marketing:gestor'], false);
    const r = await createUser(hr, { email: 'dormente@vetorial.net', papeis: ['user'], id_perfis: [dormant] });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('"Gestor de Marketing" (marketing:gestor)');
    expect(await userByEmail('dormente@vetorial.net')).toBeUndefined();
  });

  it('a profile whose every role the manager holds is linked; a profile linked before stays on an unrelated edit', async () => {
    const hrReaders = await newProfile('Leitura RH do teste', ['rh:leitor']);
    const r = await createUser(hr, { email: 'leitora@vetorial.net', papeis: ['user'], id_perfis: [hrReaders] });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().papeis).toEqual(['user', 'rh:leitor']);
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/users/${r.json().id}`, headers: as(hr), payload: { nome: 'Leitora', id_perfis: [hrReaders] } });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('the users administrator grants only the roles they hold (direct roles), with the role named in pt-BR', async () => {
    const r = await createUser(hr, { email: 'vendedor@vetorial.net', papeis: ['user', 'vendas:leitor'] });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(`${NOT_ALLOWED} Você não pode conceder o papel "Leitor de Vendas" (vendas:leitor), que você não possui.`);
    expect(await userByEmail('vendedor@vetorial.net')).toBeUndefined();
    // Their own modules' roles, and the users area's, they grant.
    expect((await createUser(hr, { email: 'auxiliar@vetorial.net', papeis: ['user', 'rh:solicitante', 'users:leitor'] })).statusCode).toBe(201);
  });

  it('holding a role without managing its module is not enough to grant it', async () => {
    const reader = await t.userToken({ papeis: ['users:gestor', 'vendas:leitor'], id_empresas: [vetorial] });
    const r = await createUser(reader, { email: 'outro.vendedor@vetorial.net', papeis: ['vendas:leitor'] });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(`${NOT_ALLOWED} Você não pode conceder o papel "Leitor de Vendas" (vendas:leitor): só quem é Gestor de Vendas o concede.`);
  });

  it('a manager cannot climb through their own user either', async () => {
    const sellers = await newProfile('Vendas para mim', ['vendas:gestor']);
    const me = await userByEmail('gestora.rh@vetorial.net');
    const r = await t.app.inject({ method: 'PUT', url: `/api/users/${me.id}`, headers: as(hr), payload: { id_perfis: [sellers] } });
    expect(r.statusCode).toBe(403);
    expect((await userByEmail('gestora.rh@vetorial.net')).papeis).toEqual(['rh:gestor', 'users:gestor', 'user']);
  });

  it('the superadmin grants any role and links any profile', async () => {
    const sellers = await newProfile('Vendas pelo superadmin', ['vendas:gestor']);
    const r = await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'vendas.super@vetorial.net', papeis: ['marketing:leitor'], id_perfis: [sellers], id_empresas: [vetorial] } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().papeis).toEqual(['marketing:leitor', 'vendas:gestor']);
  });
});
