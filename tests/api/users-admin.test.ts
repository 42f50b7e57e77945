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
/** A new position of the provider (department, sector and position created by the superadmin). */
async function positionOf(provider: number, nome = 'Cargo') {
  const post = async (url: string, payload: object) => (await t.inject({ method: 'POST', url, payload })).json().id as number;
  const department = await post('/api/departments', { nome: `Departamento ${nome}`, id_empresa: provider });
  const sector = await post('/api/sectors', { nome: `Setor ${nome}`, id_departamento: department });
  return post('/api/positions', { nome, id_setor: sector });
}
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
    // Not even the roles of their own module, on a user they do not administer entirely.
    expect((await put(id, { papeis: ['rh:gestor', 'vendas:leitor'] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: as(hrManager) })).statusCode).toBe(403);
    expect((await userByEmail('misto@bitcom.com.br')).papeis).toEqual(['rh:leitor', 'vendas:leitor']);
    // A user whose roles are all theirs to take away may be deleted.
    const plain = (await post({ email: 'sai@bitcom.com.br', papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] })).json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${plain}`, headers: as(hrManager) })).statusCode).toBe(200);
  });

  it('the users administrator (users:gestor) grants only the roles they hold, never the superadmin role', async () => {
    const admin = await t.userToken({ papeis: ['users:gestor', 'rh:gestor'], id_empresas: [bitcom] });
    const create = (papeis: string[]) => t.app.inject({ method: 'POST', url: '/api/users', headers: as(admin), payload: { email: `adm.${papeis.join('.')}@bitcom.com.br`, papeis, id_empresas: [bitcom] } });
    expect((await create(['users:leitor', 'rh:leitor'])).statusCode).toBe(201);
    expect((await create(['vendas:gestor', 'rh:leitor'])).statusCode).toBe(403);
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

  it('nobody deletes their own user or a superadmin user, the superadmin included', async () => {
    const me = await userByEmail('admin@intranet.local');
    const self = await t.inject({ method: 'DELETE', url: `/api/users/${me.id}` });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain('próprio usuário');
    const own = await t.app.inject({ method: 'DELETE', url: `/api/users/${hrManagerId}`, headers: as(hrManager) });
    expect(own.statusCode).toBe(403);
    const other = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'segundo.super@intranet.local', papeis: [SUPERADMIN] } })).json().id;
    const r = await t.inject({ method: 'DELETE', url: `/api/users/${other}` });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('retire antes o papel de superadmin');
    // Without the role, the superadmin deletes the user.
    expect((await t.inject({ method: 'PUT', url: `/api/users/${other}`, payload: { papeis: ['user'] } })).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/users/${other}` })).statusCode).toBe(200);
    expect(await userByEmail('admin@intranet.local')).toBeTruthy();
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

describe('changing or deleting a user the manager does not administer entirely (account takeover)', () => {
  // A sales manager of Bitcom, and a user of Bitcom holding roles of other modules: changing the
  // e-mail and then asking for the forgotten-password code would hand the account over.
  let sales: string;
  let victim: Record<string, any>;
  const gql = (token: string, query: string) => t.app.inject({ method: 'POST', url: '/v1/graphql', headers: as(token), payload: { query } });

  beforeAll(async () => {
    sales = await t.userToken({ email: 'gestor.vendas@bitcom.com.br', papeis: ['vendas:gestor', 'user'], id_empresas: [bitcom] });
    const created = await t.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email: 'vitima@bitcom.com.br', nome: 'Vítima', papeis: ['rh:gestor', 'users:gestor', 'user'], id_empresas: [bitcom], funcionario: true },
    });
    expect(created.statusCode).toBe(201);
    victim = created.json();
  });

  it('REST: e-mail, status, name, employee flag and position changes and the delete are refused with 403, and nothing changes', async () => {
    const position = await positionOf(bitcom);
    for (const payload of [{ email: 'atacante@evil.test' }, { ativo: false }, { nome: 'Outro Nome' }, { funcionario: false }, { id_cargo: position }, { papeis: victim.papeis }]) {
      const r = await t.app.inject({ method: 'PUT', url: `/api/users/${victim.id}`, headers: as(sales), payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(403);
      expect(r.json().message).toContain(NOT_ALLOWED);
      expect(r.json().message).toContain('rh');
    }
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${victim.id}`, headers: as(sales) });
    expect(removed.statusCode).toBe(403);
    expect(await userByEmail('vitima@bitcom.com.br')).toMatchObject({ nome: 'Vítima', ativo: true, funcionario: true, papeis: ['rh:gestor', 'users:gestor', 'user'] });
    expect(await userByEmail('atacante@evil.test')).toBeUndefined();
    // So the forgotten-password code keeps going to the real owner.
    await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: 'atacante@evil.test' } });
    expect((await t.db.query('SELECT 1 FROM admin.email WHERE para = $1', ['atacante@evil.test'])).rows).toEqual([]);
  });

  it('GraphQL: the same refusals', async () => {
    const update = await gql(sales, `mutation { update_auth_usuario_by_pk(pk_columns: { id: ${victim.id} }, _set: { email: "atacante@evil.test" }) { id email } }`);
    expect(update.json().errors?.[0]?.message).toContain(NOT_ALLOWED);
    expect(update.json().data?.update_auth_usuario_by_pk ?? null).toBeNull();
    const disable = await gql(sales, `mutation { update_auth_usuario_by_pk(pk_columns: { id: ${victim.id} }, _set: { ativo: false }) { id } }`);
    expect(disable.json().errors?.[0]?.message).toContain(NOT_ALLOWED);
    const remove = await gql(sales, `mutation { delete_auth_usuario_by_pk(id: ${victim.id}) { id } }`);
    expect(remove.json().errors?.[0]?.message).toContain(NOT_ALLOWED);
    expect(await userByEmail('vitima@bitcom.com.br')).toMatchObject({ email: 'vitima@bitcom.com.br', ativo: true });
  });

  it('a user linked to a provider the manager is not linked to is not theirs to change either', async () => {
    const both = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'dois.provedores@bitcom.com.br', papeis: ['user'], id_empresas: [bitcom, razao] } })).json().id;
    const r = await t.app.inject({ method: 'PUT', url: `/api/users/${both}`, headers: as(hrManager), payload: { email: 'outro@evil.test' } });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toContain('provedores');
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${both}`, headers: as(hrManager), payload: { ativo: false } })).statusCode).toBe(403);
  });

  it('a user the manager administers entirely: the e-mail, status and name change as before', async () => {
    const own = (await t.app.inject({ method: 'POST', url: '/api/users', headers: as(sales), payload: { email: 'vendedor.novo@bitcom.com.br', papeis: ['vendas:leitor', 'user'], id_empresas: [bitcom] } })).json();
    for (const payload of [{ email: 'vendedor.renomeado@bitcom.com.br' }, { ativo: false }, { ativo: true }, { nome: 'Vendedor Novo' }]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${own.id}`, headers: as(sales), payload })).statusCode, JSON.stringify(payload)).toBe(200);
    }
    const renamed = await gql(sales, `mutation { update_auth_usuario_by_pk(pk_columns: { id: ${own.id} }, _set: { nome: "Vendedor GraphQL" }) { nome } }`);
    expect(renamed.json()).toEqual({ data: { update_auth_usuario_by_pk: { nome: 'Vendedor GraphQL' } } });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${own.id}`, headers: as(sales) })).statusCode).toBe(200);
  });

  it('PUT /v1/profile/{id}: renaming someone else follows the same rules; one\'s own name always changes', async () => {
    // The HR manager reaches the profile (rh area), but does not manage users:gestor.
    const refused = await t.app.inject({ method: 'PUT', url: `/v1/profile/${victim.id}`, headers: as(hrManager), payload: { nome: 'Renomeada' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('users');
    expect((await userByEmail('vitima@bitcom.com.br')).nome).toBe('Vítima');
    const managed = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'colaborador.rh@bitcom.com.br', nome: 'Colaborador', papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] } })).json();
    const ok = await t.app.inject({ method: 'PUT', url: `/v1/profile/${managed.id}`, headers: as(hrManager), payload: { nome: 'Colaborador Renomeado' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.nome).toBe('Colaborador Renomeado');
    await t.app.identity.setPassword(t.db, victim.id, TEST_PASSWORD);
    const victimToken = await t.signIn('vitima@bitcom.com.br', TEST_PASSWORD);
    const own = await t.app.inject({ method: 'PUT', url: `/v1/profile/${victim.id}`, headers: as(victimToken), payload: { nome: 'Vítima Renomeada' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().usuario.nome).toBe('Vítima Renomeada');
  });
});

describe('the users form of a manager outside HR (its references, its providers)', () => {
  let sales: string;
  let position: number;
  let otherPosition: number;
  beforeAll(async () => {
    sales = await t.userToken({ email: 'gestora.marketing@bitcom.com.br', papeis: ['marketing:gestor', 'user'], id_empresas: [bitcom] });
    position = await positionOf(bitcom, 'Analista de Marketing');
    otherPosition = await positionOf(razao, 'Analista da RazãoInfo');
  });

  it('reads the providers, departments, sectors and positions of their providers (REST and GraphQL), whatever role header the screens send', async () => {
    for (const headers of [as(sales), bearer(sales, 'user'), bearer(sales, 'marketing:gestor')]) {
      const names = async (resource: string) => (await t.app.inject({ url: `/api/${resource}?${qs({ range: [0, 99] })}`, headers })).json().map((r: { nome: string }) => r.nome);
      expect(await names('providers')).toEqual(['Bitcom']);
      expect(await names('departments')).toContain('Departamento Analista de Marketing');
      expect(await names('departments')).not.toContain('Departamento Analista da RazãoInfo');
      expect(await names('sectors')).toContain('Setor Analista de Marketing');
      expect(await names('sectors')).not.toContain('Setor Analista da RazãoInfo');
      expect(await names('positions')).toContain('Analista de Marketing');
      expect(await names('positions')).not.toContain('Analista da RazãoInfo');
      expect((await t.app.inject({ url: `/api/positions/${position}`, headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/positions/${otherPosition}`, headers })).statusCode).toBe(404);
    }
    const gql = await t.app.inject({ method: 'POST', url: '/v1/graphql', headers: as(sales), payload: { query: '{ rh_empresa { nome } rh_cargo { id } }' } });
    expect(gql.json().data.rh_empresa).toEqual([{ nome: 'Bitcom' }]);
    expect(gql.json().data.rh_cargo.map((c: { id: number }) => c.id)).toContain(position);
    expect(gql.json().data.rh_cargo.map((c: { id: number }) => c.id)).not.toContain(otherPosition);
  });

  it('reading is all: the organisation stays HR\'s to write, and a reader of another module reads none of it', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/departments', headers: as(sales), payload: { nome: 'Marketing', id_empresa: bitcom } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/positions/${position}`, headers: as(sales), payload: { nome: 'Outro' } })).statusCode).toBe(403);
    const reader = await t.userToken({ papeis: ['marketing:leitor', 'user'], id_empresas: [bitcom] });
    for (const resource of ['departments', 'sectors', 'positions']) {
      expect((await t.app.inject({ url: `/api/${resource}`, headers: as(reader) })).statusCode, resource).toBe(403);
    }
    // The providers are every module's (a lead, a customer name one): a reader of any module lists their own.
    const providers = await t.app.inject({ url: '/api/providers', headers: as(reader) });
    expect(providers.statusCode).toBe(200);
    expect(providers.json().map((p: { id: number }) => p.id)).toEqual([bitcom]);
  });

  it('creates a user with provider and position; a user left without providers is refused with a pt-BR message', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users', headers: as(sales), payload });
    const created = await post({ email: 'analista.mkt@bitcom.com.br', nome: 'Analista', papeis: ['marketing:leitor', 'user'], id_empresas: [bitcom], id_cargo: position });
    expect(created.statusCode, created.body).toBe(201);
    for (const payload of [{ email: 'sem.provedor@bitcom.com.br', papeis: ['user'] }, { email: 'sem.provedor@bitcom.com.br', papeis: ['user'], id_empresas: [] }]) {
      const refused = await post(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ id_empresas: 'Selecione um ou mais provedores' });
    }
    const emptied = await t.app.inject({ method: 'PUT', url: `/api/users/${created.json().id}`, headers: as(sales), payload: { id_empresas: [] } });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ id_empresas: 'Selecione um ou mais provedores' });
    expect((await userByEmail('analista.mkt@bitcom.com.br')).id_empresas).toEqual([bitcom]);
    // The superadmin may still keep someone outside every provider (a candidate, a service account).
    expect((await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'sem.provedor@intranet.local', papeis: ['user'] } })).statusCode).toBe(201);
  });
});

describe('references across providers (every schema reference to a provider-scoped resource)', () => {
  const MISSING = 'O registro relacionado não foi encontrado.';
  let bitcomPosition: number;
  let razaoPosition: number;
  let colleague: number;
  beforeAll(async () => {
    bitcomPosition = await positionOf(bitcom, 'Técnico Bitcom');
    razaoPosition = await positionOf(razao, 'Técnico RazãoInfo');
    colleague = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'colega.cargo@bitcom.com.br', papeis: ['user'], id_empresas: [bitcom] } })).json().id;
  });

  it("a manager cannot set a user's position to another provider's, through REST or GraphQL (400, as a missing record)", async () => {
    const put = (id_cargo: number) => t.app.inject({ method: 'PUT', url: `/api/users/${colleague}`, headers: as(hrManager), payload: { id_cargo } });
    for (const id of [razaoPosition, 999999]) {
      const refused = await put(id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: MISSING, errors: { id_cargo: MISSING } });
    }
    const gql = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: as(hrManager),
      payload: { query: `mutation { update_auth_usuario_by_pk(pk_columns: { id: ${colleague} }, _set: { id_cargo: ${razaoPosition} }) { id_cargo } }` },
    });
    expect(gql.json().errors?.[0]?.message).toBe(MISSING);
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: as(hrManager), payload: { email: 'novo.cargo@bitcom.com.br', papeis: ['user'], id_empresas: [bitcom], id_cargo: razaoPosition } });
    expect(created.statusCode).toBe(400);
    expect(await userByEmail('novo.cargo@bitcom.com.br')).toBeUndefined();
    expect((await userByEmail('colega.cargo@bitcom.com.br')).id_cargo).toBeNull();
    // Their own provider's position is fine.
    expect((await put(bitcomPosition)).statusCode).toBe(200);
  });

  it('the same rule on another schema: a sector\'s responsible user must be one of the manager\'s providers', async () => {
    const outsider = (await t.inject({ method: 'POST', url: '/api/users', payload: { email: 'so.razao@razaoinfo.com.br', papeis: ['user'], id_empresas: [razao] } })).json().id;
    const department = (await t.app.inject({ method: 'POST', url: '/api/departments', headers: as(hrManager), payload: { nome: 'Suporte', id_empresa: bitcom } })).json().id;
    const refused = await t.app.inject({ method: 'POST', url: '/api/sectors', headers: as(hrManager), payload: { nome: 'N1', id_departamento: department, id_usuario: outsider } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ id_usuario: MISSING });
    const ok = await t.app.inject({ method: 'POST', url: '/api/sectors', headers: as(hrManager), payload: { nome: 'N1', id_departamento: department, id_usuario: colleague } });
    expect(ok.statusCode).toBe(201);
  });

  it('a reference the record already held is kept on an unrelated edit, and the superadmin links across providers', async () => {
    const held = await t.inject({ method: 'PUT', url: `/api/users/${colleague}`, payload: { id_cargo: razaoPosition } });
    expect(held.statusCode).toBe(200);
    // The screen sends the whole record back.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/users/${colleague}`, headers: as(hrManager), payload: { nome: 'Colega Renomeado', id_cargo: razaoPosition } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ nome: 'Colega Renomeado', id_cargo: razaoPosition });
  });
});

describe('account actions on another user (temporary password, required reset)', () => {
  const credential = async (email: string) =>
    (await t.db.query<{ estado: string; senha_hash: string }>('SELECT c.estado, c.senha_hash FROM auth.credencial c JOIN auth.usuario u ON u.id = c.id_usuario WHERE u.email = $1', [email])).rows[0];
  const call = (action: string, token: string | null, email: string) =>
    t.app.inject({ method: 'POST', url: `/v1/auth/${action}`, headers: token ? as(token) : {}, payload: { email } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });
  const me = (token: string) => t.app.inject({ url: '/v1/auth/me', headers: as(token) });

  for (const action of ['resend-temporary-password', 'require-password-reset']) {
    it(`${action}: the rules of editing that user apply, and nothing changes when refused`, async () => {
      // The superadmin, even one linked to the manager's provider (the audit's case).
      const superEmail = `super.${action}@bitcom.com.br`;
      await t.userToken({ email: superEmail, papeis: [SUPERADMIN], id_empresas: [bitcom] });
      // Holding roles of a module the HR manager does not manage.
      const salesEmail = `vendas.${action}@bitcom.com.br`;
      await t.userToken({ email: salesEmail, papeis: ['vendas:gestor', 'user'], id_empresas: [bitcom] });
      // Linked to a provider the HR manager is not linked to.
      const bothEmail = `ambos.${action}@bitcom.com.br`;
      await t.userToken({ email: bothEmail, papeis: ['user'], id_empresas: [bitcom, razao] });
      const outsideEmail = `fora.${action}@razaoinfo.com.br`;
      await t.userToken({ email: outsideEmail, papeis: ['user'], id_empresas: [razao] });

      for (const email of [superEmail, salesEmail, bothEmail]) {
        const before = await credential(email);
        const r = await call(action, hrManager, email);
        expect(r.statusCode, email).toBe(403);
        expect(r.json().message).toContain(NOT_ALLOWED);
        expect(await credential(email)).toEqual(before);
        // Their password still works.
        expect((await login(email, TEST_PASSWORD)).json().status, email).toBe('OK');
      }
      expect((await call(action, hrManager, superEmail)).json().message).toContain('superadmin');
      expect((await call(action, hrManager, salesEmail)).json().message).toContain('vendas');
      expect((await call(action, hrManager, bothEmail)).json().message).toContain('provedores');
      // Someone of no provider of theirs does not exist for them.
      expect((await call(action, hrManager, outsideEmail)).statusCode).toBe(404);
      // A reader is no manager; without a token, 401.
      const reader = await t.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] });
      expect((await call(action, reader, outsideEmail)).statusCode).toBe(403);
      expect((await call(action, null, outsideEmail)).statusCode).toBe(401);
      // The superadmin may act on another superadmin.
      expect((await call(action, t.adminToken, superEmail)).statusCode).toBe(200);
      expect((await login(superEmail, TEST_PASSWORD)).json().status).not.toBe('OK');
    });
  }

  it("resend-temporary-password: a user the manager fully manages gets a new temporary password, and their sessions end", async () => {
    const email = 'reenvio.gestao@bitcom.com.br';
    const token = await t.userToken({ email, papeis: ['rh:leitor', 'user'], id_empresas: [bitcom] });
    const refresh = (await login(email, TEST_PASSWORD)).json().refreshToken;
    const r = await call('resend-temporary-password', hrManager, email);
    expect(r.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: refresh } })).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await credential(email)).estado).toBe('NOVA_SENHA');
    const mail = (await t.db.query<{ texto: string }>('SELECT texto FROM admin.email WHERE para = $1 ORDER BY id DESC LIMIT 1', [email])).rows[0];
    const temporary = /Senha temporária: (\S+)/.exec(mail.texto)![1];
    expect((await login(email, temporary)).json()).toMatchObject({ status: 'CHALLENGE', challenge: 'NEW_PASSWORD_REQUIRED' });
    // The e-mail's audit entry names the manager who sent it.
    const audit = await t.db.query<{ id_usuario: number }>(
      `SELECT id_usuario FROM admin.log WHERE tabelas = 'admin.email' AND new_data->>'para' = $1 ORDER BY id DESC LIMIT 1`,
      [email],
    );
    expect(audit.rows[0].id_usuario).toBe(hrManagerId);
  });

  it('require-password-reset: sessions end; the right password answers "Necessário redefinir a senha." until the code sets a new one', async () => {
    const email = 'redefinir@bitcom.com.br';
    const token = await t.userToken({ email, papeis: ['user'], id_empresas: [bitcom] });
    const r = await call('require-password-reset', hrManager, email);
    expect(r.statusCode).toBe(200);
    expect(r.json().message).toBe('O usuário precisará redefinir a senha no próximo acesso.');
    expect((await me(token)).statusCode).toBe(401);
    const refused = await login(email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Necessário redefinir a senha.', code: 'PasswordResetRequiredException' });
    // A wrong password tells nothing more than usual.
    expect((await login(email, 'Errada#Senha1')).json().message).toBe('E-mail ou senha incorretos.');
    // The forgotten-password flow ends it.
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
    const mail = (await t.db.query<{ texto: string }>('SELECT texto FROM admin.email WHERE para = $1 ORDER BY id DESC LIMIT 1', [email])).rows[0];
    const code = /\b(\d{6})\b/.exec(mail.texto)![1];
    const confirm = await t.app.inject({ method: 'POST', url: '/v1/auth/confirm-forgot-password', payload: { email, code, password: 'Redefinida#2026' } });
    expect(confirm.statusCode).toBe(200);
    expect((await login(email, 'Redefinida#2026')).json().status).toBe('OK');
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

  it('a gestor links only profiles whose roles they manage, and edits none', async () => {
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
    // Profiles are shared by every provider: only the superadmin writes them (tests/api/rights-hardening.test.ts).
    const create = (papeis: string[]) => t.app.inject({ method: 'POST', url: '/api/access-profiles', headers: as(hrManager), payload: { nome: `Perfil ${papeis.join(' ')}`, papeis } });
    expect((await create(['rh:solicitante'])).statusCode).toBe(403);
    const grow = await t.app.inject({ method: 'PUT', url: `/api/access-profiles/${onlyRh}`, headers: as(hrManager), payload: { papeis: ['rh:leitor', 'marketing:gestor'] } });
    expect(grow.statusCode).toBe(403);
    expect((await userByEmail('p3@bitcom.com.br')).papeis).toEqual(['rh:leitor']);
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
