// HR side of onboarding (HR document, sections 2 to 8): the documented calls of section 7's
// Onboarding table with their payloads and response names, the rights of section 6 by role header
// (rh or onboarding area), provider isolation, the ordering calls, the deletion in one transaction,
// and the content rules (sanitised text, PNG/JPEG images).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // provider Bitcom
let B: number; // provider RazãoInfo
let orgA: { department: number; sector: number; position: number };
let orgA2: { department: number; sector: number; position: number };
let orgB: { department: number; sector: number; position: number };
let trails: { t1: number; t2: number; t3: number };
let contents: { c1: number; c2: number; c3: number };
const tokens: Record<string, string> = {};

const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';

/** A call as a user with a role header (or as the superadmin when token is omitted). */
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: { token: string; role?: string }) {
  const headers = as ? bearer(as.token, as.role) : { authorization: `Bearer ${t.adminToken}`, 'x-intranet-role': 'users:superadmin' };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const as = (name: string, role?: string) => ({ token: tokens[name], role: role ?? name });

async function organisation(provider: number, tag: string) {
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: `Depto ${tag}`, id_empresa: provider } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: `Setor ${tag}`, id_departamento: department } })).json().id;
  const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: `Cargo ${tag}`, id_setor: sector } })).json().id;
  return { department, sector, position };
}

const onboardingBody = (extra: Record<string, unknown> = {}) => ({
  titulo: 'Integração técnica',
  id_empresa: A,
  id_departamento: orgA.department,
  id_cargo: orgA.position,
  ...extra,
});

async function createOnboarding(extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody(extra));
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_onboarding_onboarding.returning[0].id as number;
}

async function links(idOnboarding: number) {
  const { rows } = await t.db.query<{ id_trilha: number; prioridade: number }>(
    'SELECT id_trilha, prioridade FROM onboarding.onboarding_trilha WHERE id_onboarding = $1 ORDER BY prioridade',
    [idOnboarding],
  );
  return rows.map((r) => [r.id_trilha, r.prioridade]);
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'RazãoInfo' } })).json().id;
  orgA = await organisation(A, 'Técnico');
  orgA2 = await organisation(A, 'Comercial');
  orgB = await organisation(B, 'Financeiro');
  for (const role of ['rh:gestor', 'onboarding:gestor', 'onboarding:solicitante', 'rh:solicitante', 'onboarding:leitor', 'vendas:gestor', 'user']) {
    tokens[role] = await t.userToken({ papeis: [role], id_empresas: [A] });
  }
  tokens.gestorB = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [B] });
  const trail = async (nome: string) => (await call('POST', '/api/trails', { nome })).json().id as number;
  trails = { t1: await trail('Boas-vindas'), t2: await trail('Segurança'), t3: await trail('Sistemas') };
  const content = async (titulo: string) =>
    (await call('POST', '/api/contents', { titulo, resumo: `Resumo de ${titulo}`, texto: `<p>${titulo}</p>` })).json().id as number;
  contents = { c1: await content('Nossa história'), c2: await content('Valores'), c3: await content('EPIs') };
});
afterAll(() => t?.close());

describe('POST /v1/rh/trilha/onboarding (register)', () => {
  it('answers insert_onboarding_onboarding.returning[0].id; the status defaults to active', async () => {
    const r = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody(), as('rh:gestor'));
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json().insert_onboarding_onboarding;
    expect(body.affected_rows).toBe(1);
    const id = body.returning[0].id;
    expect(id).toEqual(expect.any(Number));
    const { rows } = await t.db.query('SELECT * FROM onboarding.onboarding WHERE id = $1', [id]);
    expect(rows[0]).toMatchObject({ titulo: 'Integração técnica', status: true, id_empresa: A, id_departamento: orgA.department, id_cargo: orgA.position });
    // Audited under the caller's name.
    const log = await t.db.query("SELECT id_usuario FROM admin.log WHERE tabelas = 'onboarding.onboarding' AND id_item = $1", [String(id)]);
    expect(log.rows[0].id_usuario).not.toBeNull();
  });

  it('accepts the fields wrapped in object, with status, and the trails of step 2 in the same transaction', async () => {
    const r = await call(
      'POST',
      '/v1/rh/trilha/onboarding',
      { object: onboardingBody({ status: false, onboarding_trilhas: { data: [{ id_trilha: trails.t2, prioridade: 1 }, { id_trilha: trails.t1, prioridade: 2 }] } }) },
      as('onboarding:solicitante'),
    );
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().insert_onboarding_onboarding.returning[0].id;
    expect(r.json().insert_onboarding_onboarding.returning[0].status).toBe(false);
    expect(await links(id)).toEqual([
      [trails.t2, 1],
      [trails.t1, 2],
    ]);
  });

  it('a missing trail in step 2 writes nothing at all', async () => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM onboarding.onboarding')).rows[0].n;
    const r = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody({ titulo: 'Sem trilha', onboarding_trilhas: [trails.t1, 999999] }), as('rh:gestor'));
    expect(r.statusCode).toBe(400);
    expect(r.json().errors).toEqual({ id_trilha: 'O registro relacionado não foi encontrado.' });
    expect((await t.db.query('SELECT count(*)::int AS n FROM onboarding.onboarding')).rows[0].n).toBe(before);
  });

  it('title, provider, department and position are required', async () => {
    const r = await call('POST', '/v1/rh/trilha/onboarding', { status: true }, as('rh:gestor'));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      message: 'Preencha todos os campos obrigatórios!',
      errors: { titulo: 'Campo obrigatório', id_empresa: 'Campo obrigatório', id_departamento: 'Campo obrigatório', id_cargo: 'Campo obrigatório' },
    });
  });

  it('the department must be the provider\'s and the position the department\'s', async () => {
    const wrongDept = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody({ id_departamento: orgB.department }), as('rh:gestor'));
    expect(wrongDept.statusCode).toBe(400);
    expect(wrongDept.json().errors.id_departamento).toBe('Opção inválida');
    const wrongPosition = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody({ id_cargo: orgA2.position }), as('rh:gestor'));
    expect(wrongPosition.statusCode).toBe(400);
    expect(wrongPosition.json().errors).toEqual({ id_cargo: 'Opção inválida' });
  });

  it('refuses readers, other areas, no token, and another provider', async () => {
    for (const role of ['onboarding:leitor', 'vendas:gestor', 'user']) {
      const r = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody(), as(role));
      expect(r.statusCode, role).toBe(403);
      expect(r.json().message).toBe(FORBIDDEN);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/rh/trilha/onboarding', payload: onboardingBody() })).statusCode).toBe(401);
    // A role header the user does not hold.
    expect((await call('POST', '/v1/rh/trilha/onboarding', onboardingBody(), { token: tokens['user'], role: 'rh:gestor' })).statusCode).toBe(403);
    const other = await call('POST', '/v1/rh/trilha/onboarding', onboardingBody({ id_empresa: B, id_departamento: orgB.department, id_cargo: orgB.position }), as('rh:gestor'));
    expect(other.statusCode).toBe(403);
  });
});

describe('reading and listing onboardings', () => {
  let id: number;
  beforeAll(async () => {
    id = await createOnboarding({ titulo: 'Programa de leitura', onboarding_trilhas: [trails.t1, trails.t2] });
  });

  it('POST /v1/rh/trilha/onboarding/filtrado loads one onboarding with names, ids and its trails', async () => {
    const r = await call('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } }, as('onboarding:leitor'));
    expect(r.statusCode, r.body).toBe(200);
    const [o] = r.json().onboarding_onboarding;
    expect(o).toMatchObject({
      id,
      titulo: 'Programa de leitura',
      status: true,
      id_empresa: A,
      id_departamento: orgA.department,
      id_cargo: orgA.position,
      empresa: { id: A, nome: 'Bitcom' },
      departamento: { id: orgA.department, nome: 'Depto Técnico' },
      cargo: { id: orgA.position, nome: 'Cargo Técnico', id_setor: orgA.sector },
    });
    expect(o.onboarding_trilhas.map((l: any) => [l.id_trilha, l.prioridade, l.trilha.nome])).toEqual([
      [trails.t1, 1, 'Boas-vindas'],
      [trails.t2, 2, 'Segurança'],
    ]);
    // Hasura-style filter too.
    expect((await call('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id: { _eq: id } } }, as('rh:gestor'))).json().onboarding_onboarding[0].id).toBe(id);
  });

  it('another provider\'s user finds nothing; a user role is refused', async () => {
    const r = await call('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } }, { token: tokens.gestorB, role: 'rh:gestor' });
    expect(r.statusCode).toBe(200);
    expect(r.json().onboarding_onboarding).toEqual([]);
    expect((await call('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id } }, as('user'))).statusCode).toBe(403);
  });

  it('POST /v1/onboarding/trilha/filtro lists onboardings with onboarding_trilhas, filtered and scoped', async () => {
    const r = await call('POST', '/v1/onboarding/trilha/filtro', { filtro: { status: true, titulo: 'leitura' } }, as('onboarding:solicitante'));
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json().onboarding_onboarding;
    expect(list.map((o: any) => o.id)).toEqual([id]);
    expect(list[0].onboarding_trilhas).toHaveLength(2);
    expect(r.json().onboarding_onboarding_aggregate.aggregate.count).toBe(1);
    const all = (await call('POST', '/v1/onboarding/trilha/filtro', {}, as('rh:gestor'))).json().onboarding_onboarding;
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((o: any) => o.id_empresa === A)).toBe(true);
    expect((await call('POST', '/v1/onboarding/trilha/filtro', {}, { token: tokens.gestorB, role: 'rh:gestor' })).json().onboarding_onboarding).toEqual([]);
    const bad = await call('POST', '/v1/onboarding/trilha/filtro', { filtro: { nope: 1 } }, as('rh:gestor'));
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /v1/rh/trilha/onboarding/{id} (edit and status toggle)', () => {
  let id: number;
  beforeAll(async () => {
    id = await createOnboarding({ titulo: 'Para editar' });
  });

  it('HR managers (rh or onboarding gestor) edit and toggle: update_onboarding_onboarding_by_pk', async () => {
    const r = await call('PUT', `/v1/rh/trilha/onboarding/${id}`, { titulo: 'Editado', id_departamento: orgA2.department, id_cargo: orgA2.position }, as('rh:gestor'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().update_onboarding_onboarding_by_pk).toMatchObject({ id, titulo: 'Editado', id_departamento: orgA2.department, status: true });
    const toggle = await call('PUT', `/v1/rh/trilha/onboarding/${id}`, { object: { status: false } }, as('onboarding:gestor'));
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json().update_onboarding_onboarding_by_pk.status).toBe(false);
    expect((await t.db.query('SELECT status FROM onboarding.onboarding WHERE id = $1', [id])).rows[0].status).toBe(false);
  });

  it('solicitantes and readers may not edit; another provider gets 404; an inconsistent move is refused', async () => {
    for (const role of ['onboarding:solicitante', 'rh:solicitante', 'onboarding:leitor']) {
      expect((await call('PUT', `/v1/rh/trilha/onboarding/${id}`, { status: true }, as(role))).statusCode, role).toBe(403);
    }
    expect((await call('PUT', `/v1/rh/trilha/onboarding/${id}`, { status: true }, { token: tokens.gestorB, role: 'rh:gestor' })).statusCode).toBe(404);
    const move = await call('PUT', `/v1/rh/trilha/onboarding/${id}`, { id_departamento: orgA.department }, as('rh:gestor'));
    expect(move.statusCode).toBe(400);
    expect(move.json().errors).toEqual({ id_cargo: 'Opção inválida' });
    expect((await t.db.query('SELECT status, titulo FROM onboarding.onboarding WHERE id = $1', [id])).rows[0]).toEqual({ status: false, titulo: 'Editado' });
  });
});

describe('trails of an onboarding', () => {
  let id: number;
  beforeAll(async () => {
    id = await createOnboarding({ titulo: 'Trilhas' });
  });

  it('POST v1/rh/onboarding/trilha/filtrado lists the trails (id, nome) with their contents', async () => {
    await call('PUT', `/v1/onboarding/trilha/${trails.t1}/conteudos`, { conteudos: [contents.c2, contents.c1] }, as('onboarding:solicitante'));
    const r = await call('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: {} }, as('onboarding:leitor'));
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json().onboarding_trilha;
    expect(list.map((x: any) => x.nome)).toEqual(['Boas-vindas', 'Segurança', 'Sistemas']);
    expect(list[0].trilha_conteudos.map((c: any) => [c.id_conteudo, c.prioridade, c.conteudo.titulo])).toEqual([
      [contents.c2, 1, 'Valores'],
      [contents.c1, 2, 'Nossa história'],
    ]);
    expect((await call('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: { nome: 'segur' } }, as('rh:gestor'))).json().onboarding_trilha.map((x: any) => x.id)).toEqual([trails.t2]);
    expect((await call('POST', '/v1/rh/onboarding/trilha/filtrado', {}, as('user'))).statusCode).toBe(403);
  });

  it('POST /v1/rh/company/onboarding/trilha links trails (solicitantes may); POST /v1/lista/onboarding/trilha lists the rest', async () => {
    const r = await call(
      'POST',
      '/v1/rh/company/onboarding/trilha',
      { objects: [{ id_onboarding: id, id_trilha: trails.t1, prioridade: 1 }, { id_onboarding: id, id_trilha: trails.t3, prioridade: 2 }] },
      as('rh:solicitante'),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().insert_onboarding_onboarding_trilha.affected_rows).toBe(2);
    expect(r.json().insert_onboarding_onboarding_trilha.returning.map((l: any) => l.id_trilha)).toEqual([trails.t1, trails.t3]);
    const rest = await call('POST', '/v1/lista/onboarding/trilha', { filtro: { id_onboarding: id } }, as('onboarding:leitor'));
    expect(rest.statusCode).toBe(200);
    expect(rest.json().onboarding_trilha.map((x: any) => x.id)).toEqual([trails.t2]);
    expect((await call('POST', '/v1/lista/onboarding/trilha', { filtro: { id_onboarding: id } }, { token: tokens.gestorB, role: 'rh:gestor' })).statusCode).toBe(404);
  });

  it('linking is all or none: a trail linked twice or a taken position writes nothing', async () => {
    const dup = await call(
      'POST',
      '/v1/rh/company/onboarding/trilha',
      { objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 3 }, { id_onboarding: id, id_trilha: trails.t1, prioridade: 4 }] },
      as('rh:gestor'),
    );
    expect(dup.statusCode).toBe(409);
    const taken = await call('POST', '/v1/rh/company/onboarding/trilha', { objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 1 }] }, as('rh:gestor'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ prioridade: 'Já existe uma trilha nesta posição do onboarding.' });
    expect(await links(id)).toEqual([
      [trails.t1, 1],
      [trails.t3, 2],
    ]);
  });

  it('readers and other providers may not link', async () => {
    const body = { objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 3 }] };
    expect((await call('POST', '/v1/rh/company/onboarding/trilha', body, as('onboarding:leitor'))).statusCode).toBe(403);
    expect((await call('POST', '/v1/rh/company/onboarding/trilha', body, { token: tokens.gestorB, role: 'rh:gestor' })).statusCode).toBe(403);
    expect((await call('POST', '/v1/rh/company/onboarding/trilha', { objects: [] }, as('rh:gestor'))).statusCode).toBe(400);
  });

  it('DELETE v1/rh/onboarding/trilha unlinks the listed trails and closes the order', async () => {
    await call('POST', '/v1/rh/company/onboarding/trilha', { objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 3 }] }, as('rh:gestor'));
    const r = await call('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: id, id_trilha: [trails.t1] }, as('onboarding:solicitante'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().delete_onboarding_onboarding_trilha.affected_rows).toBe(1);
    expect(r.json().delete_onboarding_onboarding_trilha.returning[0].id_trilha).toBe(trails.t1);
    expect(await links(id)).toEqual([
      [trails.t3, 1],
      [trails.t2, 2],
    ]);
    expect((await call('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: id, id_trilha: [trails.t2] }, as('onboarding:leitor'))).statusCode).toBe(403);
    expect((await call('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: id, id_trilha: [trails.t2] }, { token: tokens.gestorB, role: 'rh:gestor' })).statusCode).toBe(404);
    expect(await links(id)).toHaveLength(2);
  });

  it('PUT /v1/onboarding/{id}/trilhas sets the trails and their order in one go', async () => {
    const r = await call('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [trails.t2, trails.t1, trails.t3] }, as('onboarding:solicitante'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().onboarding_trilhas.map((l: any) => [l.id_trilha, l.prioridade])).toEqual([
      [trails.t2, 1],
      [trails.t1, 2],
      [trails.t3, 3],
    ]);
    const fewer = await call('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [trails.t3, trails.t2] }, as('onboarding:solicitante'));
    expect(fewer.json().onboarding_trilhas.map((l: any) => [l.id_trilha, l.prioridade])).toEqual([
      [trails.t3, 1],
      [trails.t2, 2],
    ]);
    const missing = await call('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [trails.t1, 999999] }, as('onboarding:solicitante'));
    expect(missing.statusCode).toBe(400);
    expect(await links(id)).toEqual([
      [trails.t3, 1],
      [trails.t2, 2],
    ]);
    expect((await call('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [] }, as('onboarding:leitor'))).statusCode).toBe(403);
  });

  it('PUT /v1/onboarding/trilha/{id}/conteudos sets the contents of a trail in reading order', async () => {
    const r = await call('PUT', `/v1/onboarding/trilha/${trails.t3}/conteudos`, { conteudos: [contents.c3, contents.c1, contents.c2] }, as('rh:gestor'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().trilha_conteudos.map((l: any) => [l.id_conteudo, l.prioridade])).toEqual([
      [contents.c3, 1],
      [contents.c1, 2],
      [contents.c2, 3],
    ]);
    const swapped = await call('PUT', `/v1/onboarding/trilha/${trails.t3}/conteudos`, { conteudos: [contents.c2, contents.c3] }, as('rh:gestor'));
    expect(swapped.json().trilha_conteudos.map((l: any) => [l.id_conteudo, l.prioridade])).toEqual([
      [contents.c2, 1],
      [contents.c3, 2],
    ]);
    expect((await call('PUT', '/v1/onboarding/trilha/999999/conteudos', { conteudos: [] }, as('rh:gestor'))).statusCode).toBe(404);
    expect((await call('PUT', `/v1/onboarding/trilha/${trails.t3}/conteudos`, { conteudos: [] }, as('onboarding:leitor'))).statusCode).toBe(403);
  });
});

describe('DELETE /v1/onboarding/delete/{id}', () => {
  async function withReading() {
    const id = await createOnboarding({ titulo: 'Para excluir', onboarding_trilhas: [trails.t1, trails.t2] });
    const employee = (await t.db.query<{ id: number }>("SELECT id FROM auth.usuario WHERE papeis = '{user}' LIMIT 1")).rows[0].id;
    await t.db.query(
      'INSERT INTO onboarding.funcionario_conteudo (id_conteudo, id_onboarding, id_trilha, id_funcionario, data_inicio) VALUES ($1, $2, $3, $4, now())',
      [contents.c1, id, trails.t1, employee],
    );
    return id;
  }

  it('only the superadmin deletes: rh and onboarding managers are refused and nothing changes', async () => {
    const id = await withReading();
    for (const role of ['rh:gestor', 'onboarding:gestor', 'onboarding:solicitante']) {
      const r = await call('DELETE', `/v1/onboarding/delete/${id}`, undefined, as(role));
      expect(r.statusCode, role).toBe(403);
    }
    expect(await links(id)).toHaveLength(2);
  });

  it('unlinks the trails, drops the readings and deletes: delete_onboarding_onboarding_by_pk', async () => {
    const id = await withReading();
    const r = await call('DELETE', `/v1/onboarding/delete/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().delete_onboarding_onboarding_by_pk).toMatchObject({ id, titulo: 'Para excluir' });
    expect((await t.db.query('SELECT 1 FROM onboarding.onboarding WHERE id = $1', [id])).rows).toHaveLength(0);
    expect(await links(id)).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM onboarding.funcionario_conteudo WHERE id_onboarding = $1', [id])).rows).toHaveLength(0);
    // The links' removal is audited like any change.
    const log = await t.db.query("SELECT count(*)::int AS n FROM admin.log WHERE tabelas = 'onboarding.onboarding_trilha' AND operacao = 'DELETE' AND old_data->>'id_onboarding' = $1", [String(id)]);
    expect(log.rows[0].n).toBe(2);
    expect((await call('DELETE', `/v1/onboarding/delete/${id}`)).statusCode).toBe(404);
  });

  it('is one transaction: when deleting the onboarding fails, its trails and readings are all still there', async () => {
    const id = await withReading();
    // Another table still referring to this onboarding makes the last step fail.
    await t.db.exec('CREATE TABLE IF NOT EXISTS public.teste_referencia (id_onboarding integer REFERENCES onboarding.onboarding (id))');
    await t.db.query('INSERT INTO public.teste_referencia VALUES ($1)', [id]);
    const r = await call('DELETE', `/v1/onboarding/delete/${id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Este registro está em uso por outros dados e não pode ser excluído.');
    expect((await t.db.query('SELECT 1 FROM onboarding.onboarding WHERE id = $1', [id])).rows).toHaveLength(1);
    expect(await links(id)).toEqual([
      [trails.t1, 1],
      [trails.t2, 2],
    ]);
    expect((await t.db.query('SELECT 1 FROM onboarding.funcionario_conteudo WHERE id_onboarding = $1', [id])).rows).toHaveLength(1);
    await t.db.query('DELETE FROM public.teste_referencia');
    expect((await call('DELETE', `/v1/onboarding/delete/${id}`)).statusCode).toBe(200);
  });

  it('the generated REST delete follows the same rule', async () => {
    const id = await withReading();
    expect((await call('DELETE', `/api/onboardings/${id}`, undefined, as('onboarding:gestor'))).statusCode).toBe(403);
    const r = await call('DELETE', `/api/onboardings/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(await links(id)).toEqual([]);
  });
});

describe('contents (REST /api/contents)', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

  async function upload(name: string, bytes: Buffer) {
    const boundary = '----limiteOnboarding';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bucket-id"\r\n\r\nconteudos\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await t.inject({ method: 'POST', url: '/v1/files/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().processedFiles[0].id as string;
  }

  it('text is sanitised; cover and auxiliary images must be uploaded PNG or JPEG files', async () => {
    const png = await upload('capa.png', PNG);
    const pdf = await upload('manual.pdf', PDF);
    const role = as('onboarding:solicitante');
    const base = { titulo: 'Com imagens', resumo: 'Resumo', texto: '<p>Olá<script>alert(1)</script></p>', hashtags: ['boas-vindas'] };
    const ok = await call('POST', '/api/contents', { ...base, id_imagem_capa: png, id_imagens_auxiliares: [png] }, role);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ texto: '<p>Olá</p>', id_imagem_capa: png, id_imagens_auxiliares: [png], hashtags: ['boas-vindas'] });
    const cover = await call('POST', '/api/contents', { ...base, id_imagem_capa: pdf }, role);
    expect(cover.statusCode).toBe(400);
    expect(cover.json().errors).toEqual({ id_imagem_capa: ONBOARDING_MSG.coverFormat });
    const aux = await call('POST', '/api/contents', { ...base, id_imagens_auxiliares: [png, pdf] }, role);
    expect(aux.json().errors).toEqual({ id_imagens_auxiliares: 'O formato da imagem auxiliar não é permitido!' });
    const missing = await call('PUT', `/api/contents/${ok.json().id}`, { id_imagem_capa: '00000000-0000-4000-8000-000000000000' }, role);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ id_imagem_capa: 'Arquivo com formato inválido ou não encontrado!' });
    const required = await call('POST', '/api/contents', {}, role);
    expect(required.json().errors).toMatchObject({ titulo: 'Campo obrigatório', resumo: 'Campo obrigatório', texto: 'Campo obrigatório' });
    expect((await call('POST', '/api/contents', base, as('onboarding:leitor'))).statusCode).toBe(403);
  });

  it('a content or trail in use cannot be deleted', async () => {
    const r = await call('DELETE', `/api/contents/${contents.c1}`, undefined, as('onboarding:gestor'));
    expect(r.statusCode).toBe(409);
    expect((await call('DELETE', `/api/trails/${trails.t1}`, undefined, as('onboarding:gestor'))).statusCode).toBe(409);
  });
});

describe('shared trails and contents', () => {
  // Trails and contents serve every provider: changing one changes every onboarding using it.
  let shared: { ofA: number; ofBoth: number; unused: number; contentOfA: number; contentOfBoth: number };
  const B_SOLICITANTE = { token: '', role: 'onboarding:solicitante' };

  beforeAll(async () => {
    B_SOLICITANTE.token = await t.userToken({ papeis: ['onboarding:solicitante'], id_empresas: [B] });
    const trail = async (nome: string) => (await call('POST', '/api/trails', { nome })).json().id as number;
    const content = async (titulo: string) => (await call('POST', '/api/contents', { titulo, resumo: `Resumo de ${titulo}`, texto: `<p>${titulo}</p>` })).json().id as number;
    shared = { ofA: await trail('Só de A'), ofBoth: await trail('De A e B'), unused: await trail('Sem uso'), contentOfA: await content('Conteúdo de A'), contentOfBoth: await content('Conteúdo de A e B') };
    await call('PUT', `/v1/onboarding/trilha/${shared.ofA}/conteudos`, { conteudos: [shared.contentOfA] });
    await call('PUT', `/v1/onboarding/trilha/${shared.ofBoth}/conteudos`, { conteudos: [shared.contentOfBoth] });
    await createOnboarding({ titulo: 'Onboarding de A', onboarding_trilhas: [shared.ofA, shared.ofBoth] });
    const b = await call('POST', '/v1/rh/trilha/onboarding', { titulo: 'Onboarding de B', id_empresa: B, id_departamento: orgB.department, id_cargo: orgB.position, onboarding_trilhas: [shared.ofBoth] });
    expect(b.statusCode, b.body).toBe(200);
  });

  it('a solicitante of another provider cannot re-order, fill, rename or edit what an onboarding of A uses', async () => {
    const reorder = await call('PUT', `/v1/onboarding/trilha/${shared.ofA}/conteudos`, { conteudos: [contents.c1, shared.contentOfA] }, B_SOLICITANTE);
    expect(reorder.statusCode).toBe(403);
    expect(reorder.json().message).toBe(ONBOARDING_MSG.trailOfOthers);
    // Filling it (a content added at the end, the order kept) goes through the same call of the trail's screen.
    const add = await call('PUT', `/v1/onboarding/trilha/${shared.ofA}/conteudos`, { conteudos: [shared.contentOfA, contents.c2] }, B_SOLICITANTE);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(ONBOARDING_MSG.trailOfOthers);
    expect((await call('PUT', `/api/trails/${shared.ofA}`, { nome: 'Renomeada' }, B_SOLICITANTE)).statusCode).toBe(403);
    const edit = await call('PUT', `/api/contents/${shared.contentOfA}`, { texto: '<p>Outro texto</p>' }, B_SOLICITANTE);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(ONBOARDING_MSG.contentOfOthers);
    // Nothing changed.
    const trail = (await call('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: { id: shared.ofA } })).json().onboarding_trilha[0];
    expect(trail.nome).toBe('Só de A');
    expect(trail.trilha_conteudos.map((c: any) => c.id_conteudo)).toEqual([shared.contentOfA]);
    expect((await call('GET', `/api/contents/${shared.contentOfA}`)).json().texto).toBe('<p>Conteúdo de A</p>');
  });

  it('a solicitante of the provider whose onboardings use it may change it; a trail also used by B needs who administers both', async () => {
    const own = await call('PUT', `/v1/onboarding/trilha/${shared.ofA}/conteudos`, { conteudos: [contents.c1, shared.contentOfA] }, as('onboarding:solicitante'));
    expect(own.statusCode, own.body).toBe(200);
    expect((await call('PUT', `/api/contents/${shared.contentOfA}`, { texto: '<p>Novo texto</p>' }, as('onboarding:solicitante'))).statusCode).toBe(200);
    for (const who of [as('onboarding:solicitante'), as('rh:gestor'), { token: tokens.gestorB, role: 'rh:gestor' }]) {
      expect((await call('PUT', `/v1/onboarding/trilha/${shared.ofBoth}/conteudos`, { conteudos: [] }, who)).statusCode, who.role).toBe(403);
      expect((await call('PUT', `/api/contents/${shared.contentOfBoth}`, { resumo: 'Outro resumo' }, who)).statusCode, who.role).toBe(403);
    }
    const superadmin = await call('PUT', `/v1/onboarding/trilha/${shared.ofBoth}/conteudos`, { conteudos: [shared.contentOfBoth, contents.c3] });
    expect(superadmin.statusCode, superadmin.body).toBe(200);
  });

  it('creating trails and contents, and changing one no onboarding uses, stays open to any solicitante', async () => {
    const created = await call('POST', '/api/trails', { nome: 'Nova de B' }, B_SOLICITANTE);
    expect(created.statusCode, created.body).toBe(201);
    expect((await call('PUT', `/v1/onboarding/trilha/${created.json().id}/conteudos`, { conteudos: [contents.c1] }, B_SOLICITANTE)).statusCode).toBe(200);
    expect((await call('PUT', `/v1/onboarding/trilha/${shared.unused}/conteudos`, { conteudos: [contents.c2] }, B_SOLICITANTE)).statusCode).toBe(200);
    expect((await call('PUT', `/api/trails/${shared.unused}`, { nome: 'Sem uso (revista)' }, B_SOLICITANTE)).statusCode).toBe(200);
  });
});

describe('no malformed payload gets a 500', () => {
  it('random bodies on every onboarding call', async () => {
    const fc = (await import('fast-check')).default;
    const routes: ['POST' | 'PUT' | 'DELETE', string][] = [
      ['POST', '/v1/rh/trilha/onboarding/filtrado'],
      ['POST', '/v1/onboarding/trilha/filtro'],
      ['POST', '/v1/rh/trilha/onboarding'],
      ['PUT', '/v1/rh/trilha/onboarding/1'],
      ['POST', '/v1/rh/onboarding/trilha/filtrado'],
      ['POST', '/v1/lista/onboarding/trilha'],
      ['POST', '/v1/rh/company/onboarding/trilha'],
      ['DELETE', '/v1/rh/onboarding/trilha'],
      ['PUT', '/v1/onboarding/1/trilhas'],
      ['PUT', '/v1/onboarding/trilha/1/conteudos'],
      ['POST', '/v1/onboarding/funcionario'],
      ['POST', '/v1/onboarding/trilha/conteudos/funcionario'],
      ['POST', '/v1/rh/onboarding/funcionario/conteudo'],
      ['POST', '/v1/onboarding/conteudo/inicio'],
      ['POST', '/v1/onboarding/conteudo/concluir'],
      ['POST', '/v1/onboarding/trilha/conteudos/funcionario/next'],
      ['POST', '/v1/onboarding/trilha/funcionario/next'],
      ['POST', '/v1/onboarding/relatorio/contador'],
      ['POST', '/v1/onboarding/relatorio'],
      ['POST', '/v1/rh/relatorio/vaga/filtro'],
    ];
    const keys = fc.constantFrom('filtro', 'objects', 'object', 'id', 'id_onboarding', 'id_trilha', 'id_conteudo', 'id_funcionario', 'id_usuario_onboarding', 'prioridade', 'titulo', 'status', 'id_empresa', 'concluido', 'offset', 'limit', 'trilhas', 'conteudos', 'data_inicio', 'nome');
    const value = fc.oneof(fc.jsonValue(), fc.integer(), fc.constant(-1), fc.constant(2 ** 40), fc.string(), fc.dictionary(keys, fc.jsonValue()), fc.array(fc.integer()));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.dictionary(keys, value), async ([method, url], body) => {
        const r = await call(method, url, { ...body, filtro: typeof body.filtro === 'object' ? body.filtro : body });
        expect(r.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (r.statusCode >= 400) expect(typeof r.json().message).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
