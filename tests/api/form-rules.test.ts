// What the generated form learned from bespoke pages (issue 32), as the server holds it:
// - a read-only field (readOnly: the sponsorship request's protocolo and decidido_em) sent back in an
//   update body is ignored: the stored value stays (JSON Schema's readOnly, for clients echoing the record);
// - a reference declared sameProvider (x-intranet.references.<campo>.sameProvider: a news item's
//   department, an employee's user, department and city, an onboarding's department) must be of the
//   record's provider, or of none: 400 on the field, 'Departamento deve ser do mesmo provedor do
//   registro.', through REST, GraphQL and the v1 calls, the superadmin included;
// - one news audience: the bell, GET /v1/novidades/{id}/leituras and the read-confirmation reports
//   all read the view rh.novidade_publico (migration 0081), and count the same people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';
import { file, multipart, PNG } from '../helpers/files.js';

let t: TestApp;
let A: number;
let B: number;
let deptA: number;
let deptB: number;
let cover: string;

const post = async (url: string, body: object) => {
  const r = await t.inject({ method: 'POST', url, payload: body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, unknown> & { id: number };
};
const gql = async (query: string) => (await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query } })).json();

beforeAll(async () => {
  t = await testApp();
  A = (await post('/api/providers', { nome: 'Bitcom' })).id;
  B = (await post('/api/providers', { nome: 'Vetorial' })).id;
  deptA = (await post('/api/departments', { nome: 'Comercial', id_empresa: A })).id;
  deptB = (await post('/api/departments', { nome: 'Financeiro', id_empresa: B })).id;
  // A news item's cover, in the news images' bucket.
  const { payload, headers } = multipart([file('capa.png', PNG), { name: 'bucket-id', data: 'novidades' }]);
  const up = await t.app.inject({ method: 'POST', url: '/v1/files/', payload, headers: { ...headers, ...bearer(t.adminToken) } });
  expect(up.statusCode, up.body).toBe(200);
  cover = up.json().processedFiles[0].id as string;
});
afterAll(() => t?.close());

describe('read-only fields', () => {
  it('an update carrying protocolo and decidido_em leaves them as the server wrote them', async () => {
    const request = await post('/api/sponsorship-requests', {
      id_empresa: A,
      organizacao: 'Associação de Moradores',
      responsavel: 'Ana Souza',
      email: 'ana@moradores.teste',
      telefone: '(11) 98765-4321',
      documento: '123.456.789-09',
      evento: 'Festa junina',
      descricao_evento: 'A festa do bairro.',
      data_evento: '2027-06-20',
      uf: 'SP',
      cidade: 'Campinas',
      publico_estimado: 500,
      pedido: 'Brindes',
    });
    await t.db.query(`UPDATE marketing.patrocinio_solicitacao SET protocolo = 'PAT-2026-0001', decidido_em = '2026-11-05T13:00:00Z' WHERE id = $1`, [request.id]);
    const before = (await t.inject({ method: 'GET', url: `/api/sponsorship-requests/${request.id}` })).json();
    const r = await t.inject({
      method: 'PUT',
      url: `/api/sponsorship-requests/${request.id}`,
      payload: { ...before, protocolo: 'FORJADO', decidido_em: '2000-01-01T00:00:00.000Z', created_at: '2000-01-01T00:00:00.000Z', cidade: 'Valinhos' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ protocolo: 'PAT-2026-0001', decidido_em: before.decidido_em, created_at: before.created_at, cidade: 'Valinhos' });
    const { rows } = await t.db.query<{ protocolo: string; decidido_em: Date }>('SELECT protocolo, decidido_em FROM marketing.patrocinio_solicitacao WHERE id = $1', [request.id]);
    expect(rows[0].protocolo).toBe('PAT-2026-0001');
    expect(new Date(rows[0].decidido_em).toISOString()).toBe('2026-11-05T13:00:00.000Z');
  });
});

describe('sameProvider references', () => {
  it('REST: a news item refuses a department of another provider, on create and update, and when its provider moves', async () => {
    const item = { titulo: 'Nova política de férias', resumo: 'Resumo', texto: '<p>Texto</p>', provedor: A, imagem_capa_data: cover };
    let r = await t.inject({ method: 'POST', url: '/api/news', payload: { ...item, departamento: deptB } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ departamento: MSG.sameProvider('Departamento') });
    expect(r.json().errors.departamento).toBe('Departamento deve ser do mesmo provedor do registro.');
    const created = await post('/api/news', { ...item, departamento: deptA });
    r = await t.inject({ method: 'PUT', url: `/api/news/${created.id}`, payload: { departamento: deptB } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ departamento: MSG.sameProvider('Departamento') });
    // Moving the item to the other provider with its department refuses too; with the other's department it saves.
    r = await t.inject({ method: 'PUT', url: `/api/news/${created.id}`, payload: { provedor: B } });
    expect(r.statusCode, r.body).toBe(400);
    r = await t.inject({ method: 'PUT', url: `/api/news/${created.id}`, payload: { provedor: B, departamento: deptB } });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('REST: an employee refuses a user, a department and a city of another provider', async () => {
    const user = await post('/api/users', { nome: 'Rui Lima', email: `rui.${Date.now()}@regras.teste`, papeis: ['user'], id_empresas: [A], funcionario: true });
    const cityB = await post('/api/cities', { nome: 'Sorocaba', uf: 'SP', id_empresa: B });
    const r = await t.inject({ method: 'POST', url: '/api/employees', payload: { id_usuario: user.id, id_empresa: A, id_departamento: deptA, id_cidade: cityB.id, data_admissao: '2021-01-04' } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ id_cidade: MSG.sameProvider('Cidade de trabalho') });
  });

  it('GraphQL: the same refusal, in extensions.errors', async () => {
    const insert = await gql(`mutation { insert_rh_novidade_one(object: { titulo: "Via GraphQL", resumo: "Resumo", texto: "<p>T</p>", provedor: ${A}, departamento: ${deptB}, imagem_capa_data: "${cover}" }) { id } }`);
    expect(insert.errors?.[0]?.extensions, JSON.stringify(insert)).toMatchObject({ code: 'BAD_USER_INPUT', errors: { departamento: MSG.sameProvider('Departamento') } });
    const created = await post('/api/news', { titulo: 'Para editar', resumo: 'Resumo', texto: '<p>T</p>', provedor: A, imagem_capa_data: cover });
    const update = await gql(`mutation { update_rh_novidade_by_pk(pk_columns: { id: ${created.id} }, _set: { departamento: ${deptB} }) { id } }`);
    expect(update.errors?.[0]?.extensions, JSON.stringify(update)).toMatchObject({ errors: { departamento: MSG.sameProvider('Departamento') } });
    const { rows } = await t.db.query('SELECT departamento FROM rh.novidade WHERE id = $1', [created.id]);
    expect(rows[0].departamento).toBeNull();
  });

  it('v1: editing an onboarding (PUT /v1/rh/trilha/onboarding/{id}) refuses a department of another provider', async () => {
    const sector = await post('/api/sectors', { nome: 'Vendas', id_departamento: deptA });
    const position = await post('/api/positions', { nome: 'Vendedor', id_setor: sector.id });
    const r0 = await t.inject({ method: 'POST', url: '/v1/rh/trilha/onboarding', payload: { titulo: 'Integração', id_empresa: A, id_departamento: deptA, id_cargo: position.id } });
    expect(r0.statusCode, r0.body).toBe(200);
    const id = r0.json().insert_onboarding_onboarding.returning[0].id as number;
    const r = await t.inject({ method: 'PUT', url: `/v1/rh/trilha/onboarding/${id}`, payload: { id_departamento: deptB } });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().errors).toEqual({ id_departamento: MSG.sameProvider('Departamento') });
  });
});

describe('one news audience (the view rh.novidade_publico)', () => {
  it('the bell, the item readers call and both read-confirmation reports count the same people', async () => {
    const sector = await post('/api/sectors', { nome: 'Atendimento', id_departamento: deptA });
    const position = await post('/api/positions', { nome: 'Atendente', id_setor: sector.id });
    const user = async (nome: string, extra: object) =>
      (await post('/api/users', { nome, email: `${nome.toLowerCase().replace(/ /g, '.')}.${Date.now()}@publico.teste`, papeis: ['user'], funcionario: true, ...extra })).id;
    const inDept = await user('Ana Atendente', { id_empresas: [A], id_cargo: position.id });
    const noPosition = await user('Bia Sem Cargo', { id_empresas: [A] });
    const inactive = await user('Caio Inativo', { id_empresas: [A], id_cargo: position.id, ativo: false });
    const otherProvider = await user('Davi Vetorial', { id_empresas: [B] });
    const item = await post('/api/news', { titulo: 'Leitura obrigatória do atendimento', resumo: 'Resumo', texto: '<p>Texto</p>', provedor: A, departamento: deptA, requer_lido: true, imagem_capa_data: cover });
    const whole = await post('/api/news', { titulo: 'Leitura obrigatória de todos', resumo: 'Resumo', texto: '<p>Texto</p>', provedor: A, requer_lido: true, imagem_capa_data: cover });

    const audience = async (id: number) => (await t.db.query<{ id_usuario: number }>('SELECT id_usuario FROM rh.novidade_publico WHERE id_novidade = $1', [id])).rows.map((r) => r.id_usuario).sort((a, b) => a - b);
    const belled = async (id: number) =>
      (await t.db.query<{ id_usuario: number }>(`SELECT id_usuario FROM notificacao.notificacao WHERE (data->>'id_novidade')::int = $1`, [id])).rows.map((r) => r.id_usuario).sort((a, b) => a - b);
    const report = async (name: string, query: Record<string, string>) => {
      const r = await t.inject({ method: 'GET', url: `/v1/rh/relatorios/${name}?${new URLSearchParams({ por_pagina: 'todos', ...query })}` });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    for (const [id, inside, outside] of [
      [item.id, [inDept], [noPosition, inactive, otherProvider]],
      [whole.id, [inDept, noPosition], [inactive, otherProvider]],
    ] as const) {
      const people = await audience(id);
      for (const u of inside) expect(people).toContain(u);
      for (const u of outside) expect(people).not.toContain(u);
      // The bell announced the item to exactly them (its author, the superadmin, is not of the provider).
      expect(await belled(id)).toEqual(people);
      const readers = (await t.inject({ method: 'GET', url: `/v1/novidades/${id}/leituras` })).json();
      expect(readers).toMatchObject({ total_publico: people.length, pendentes: people.length });
      const list = await report('read-confirm-list', { novidade: String(id) });
      expect(list.linhas.map((l: { id: string }) => Number(l.id)).sort((a: number, b: number) => a - b)).toEqual(people);
      const all = await report('read-confirm', { id_empresa: String(A), inicio: '2000-01-01', fim: '2100-12-31' });
      expect(Number(all.linhas.find((l: { id: string }) => Number(l.id) === id)?.publico)).toBe(people.length);
    }
  });
});
