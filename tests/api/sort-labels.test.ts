// REST lists sort a reference column by the label the tables show (a sector by its department's
// name, a department by its provider's), and a path through references (a position's provider) by
// the value at its end, with the reference's id and then the row's id breaking ties; GraphQL's
// order_by keeps ordering by the column itself (Hasura). Runs on PGlite, and on PostgreSQL with
// DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const provider: Record<string, number> = {};
const department: Record<string, number> = {};
const sector: Record<string, number> = {};

async function post(url: string, payload: object) {
  const r = await t.inject({ method: 'POST', url, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

const list = async (resource: string, sort: [string, string], extra: Record<string, unknown> = {}, headers?: Record<string, string>) => {
  const url = `/api/${resource}?${qs({ sort, range: [0, 99], ...extra })}`;
  const r = headers ? await t.app.inject({ url, headers }) : await t.inject({ url });
  expect(r.statusCode, r.body).toBe(200);
  return r;
};
const ids = (r: { json(): { id: number }[] }) => r.json().map((row) => row.id);

beforeAll(async () => {
  t = await testApp();
  // Created in an order unlike the names' order: ids and labels disagree.
  for (const nome of ['Zeta', 'Alfa', 'Meio']) provider[nome] = await post('/api/providers', { nome });
  department.vendasZeta = await post('/api/departments', { nome: 'Vendas', id_empresa: provider.Zeta });
  department.comprasAlfa = await post('/api/departments', { nome: 'Compras', id_empresa: provider.Alfa });
  department.campoMeio = await post('/api/departments', { nome: 'Campo', id_empresa: provider.Meio });
  department.campoZeta = await post('/api/departments', { nome: 'Campo', id_empresa: provider.Zeta });
  sector.a = await post('/api/sectors', { nome: 'Setor A', id_departamento: department.vendasZeta });
  sector.b = await post('/api/sectors', { nome: 'Setor B', id_departamento: department.comprasAlfa });
  sector.c = await post('/api/sectors', { nome: 'Setor C', id_departamento: department.campoZeta });
  sector.d = await post('/api/sectors', { nome: 'Setor D', id_departamento: department.campoMeio });
  for (const [nome, id_setor] of [['Cargo A', sector.a], ['Cargo B', sector.b], ['Cargo C', sector.c], ['Cargo D', sector.d]] as const) {
    await post('/api/positions', { nome, id_setor });
  }
});
afterAll(() => t?.close());

describe('REST sort by a reference', () => {
  it("orders departments by their provider's name, both ways, ties by provider id then id", async () => {
    const asc = await list('departments', ['id_empresa', 'ASC']);
    expect(ids(asc)).toEqual([department.comprasAlfa, department.campoMeio, department.vendasZeta, department.campoZeta]);
    const desc = await list('departments', ['id_empresa', 'DESC']);
    expect(ids(desc)).toEqual([department.campoZeta, department.vendasZeta, department.campoMeio, department.comprasAlfa]);
  });

  it("orders sectors by their department's name; equal names keep the department id order", async () => {
    const r = await list('sectors', ['id_departamento', 'ASC']);
    // Campo (Meio's, created first), Campo (Zeta's), Compras, Vendas.
    expect(ids(r)).toEqual([sector.d, sector.c, sector.b, sector.a]);
  });

  it("orders positions by a path through references: the provider of the sector's department", async () => {
    const r = await list('positions', ['id_setor.id_departamento.id_empresa', 'ASC']);
    expect(r.json().map((p: { nome: string }) => p.nome)).toEqual(['Cargo B', 'Cargo D', 'Cargo A', 'Cargo C']);
    // A path ending on a plain field sorts by that field: the department's name.
    const byDepartment = await list('positions', ['id_setor.id_departamento.nome', 'DESC']);
    // Vendas, Compras, then the two Campo: the later sector first, as the order runs backwards.
    expect(byDepartment.json().map((p: { nome: string }) => p.nome)).toEqual(['Cargo A', 'Cargo B', 'Cargo D', 'Cargo C']);
  });

  it('keeps filters, paging and totals, and applies the caller provider scope to the labels', async () => {
    const page = await list('departments', ['id_empresa', 'ASC'], { range: [1, 1], filter: { nome: 'Campo' } });
    expect(page.json().map((d: { id: number }) => d.id)).toEqual([department.campoZeta]);
    expect(page.headers['content-range']).toBe('departments 1-1/2');
    const token = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [provider.Zeta, provider.Meio] });
    const scoped = await list('sectors', ['id_departamento.id_empresa', 'ASC'], { range: [0, 0] }, bearer(token, 'rh:leitor'));
    expect(scoped.json().map((s: { id: number }) => s.id)).toEqual([sector.d]);
    expect(scoped.headers['content-range']).toBe('sectors 0-0/3');
  });

  it('refuses a path that is not one with 400 and the pt-BR message', async () => {
    for (const field of ['id_setor.nope', 'nome.nome', 'id_setor..nome', 'id_setor.id_departamento.id_empresa.nome.x']) {
      const r = await t.inject({ url: `/api/positions?${qs({ sort: [field, 'ASC'] })}` });
      expect(r.statusCode, field).toBe(400);
      expect(r.json().message, field).toBe(`Ordenação desconhecida: ${field}`);
    }
  });
});

describe('GraphQL order_by', () => {
  it('orders a reference column by the stored id, as Hasura does', async () => {
    const r = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: '{ rh_departamento(order_by: { id_empresa: asc }) { id } }' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.rh_departamento.map((d: { id: number }) => d.id)).toEqual([
      department.vendasZeta,
      department.campoZeta,
      department.comprasAlfa,
      department.campoMeio,
    ]);
  });
});
