// The HR report car-repair (GET /v1/rh/relatorios/car-repair): the fleet's workshop visits entered
// in the period, where the vehicle belongs (provider, department): rows, totals, the cost-per-month
// chart, the filters and their default (this year), rights (rh readers) and provider scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let depA: number;
let depA2: number;
const tokens: Record<string, string> = {};
const today = todayInSaoPaulo();
const year = Number(today.slice(0, 4));

async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}
function report(query: Record<string, string | number> = {}, as?: string) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const headers = as ? bearer(tokens[as], as.replace(/@.*$/, '')) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method: 'GET', url: `/v1/rh/relatorios/car-repair${qs ? `?${qs}` : ''}`, headers });
}
async function ok(query: Record<string, string | number> = {}, as?: string) {
  const r = await report(query, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const total = (answer: { totais: { rotulo: string; valor: number }[] }, rotulo: string) => answer.totais.find((x) => x.rotulo === rotulo)?.valor;

beforeAll(async () => {
  t = await testApp();
  A = await post('providers', { nome: 'Bitcom Oficina' });
  B = await post('providers', { nome: 'Vetorial Oficina' });
  depA = await post('departments', { nome: 'Técnico', id_empresa: A });
  depA2 = await post('departments', { nome: 'Comercial', id_empresa: A });
  const strada = await post('vehicles', { placa: 'ABC-1234', marca: 'Fiat', modelo: 'Strada', ano: 2021, tipo: 'utilitario', id_empresa: A, id_departamento: depA });
  const kwid = await post('vehicles', { placa: 'DEF2G34', marca: 'Renault', modelo: 'Kwid', ano: 2023, tipo: 'carro', id_empresa: A, id_departamento: depA2 });
  const moto = await post('vehicles', { placa: 'XYZ1D23', marca: 'Honda', modelo: 'CG 160', ano: 2022, tipo: 'moto', id_empresa: B });
  const visit = (id_veiculo: number, data_entrada: string, data_saida: string | null, valor: number | null, tipo = 'corretiva') =>
    post('vehicle-maintenance', { id_veiculo, tipo, descricao: 'Serviço', oficina: 'Oficina Central', data_entrada, data_saida, valor, status: data_saida ? 'concluida' : 'aberta' });
  await visit(strada, `${year}-01-10`, `${year}-01-14`, 1000);
  await visit(strada, `${year}-01-20`, `${year}-01-21`, 250.5, 'preventiva');
  await visit(kwid, `${year}-01-05`, `${year}-01-07`, 600);
  await visit(strada, `${year - 1}-11-03`, `${year - 1}-11-04`, 300);
  await visit(moto, `${year}-01-08`, `${year}-01-09`, 150);
  tokens['rh:leitor'] = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [A] });
  tokens['rh:leitor@B'] = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [B] });
  tokens['frota:gestor'] = await t.userToken({ papeis: ['frota:gestor'], id_empresas: [A] });
  tokens.user = await t.userToken({ papeis: ['user'], id_empresas: [A], funcionario: true });
});
afterAll(() => t?.close());

describe('car-repair', () => {
  it("lists this year's repairs of the caller's providers with days stopped, totals and cost per month", async () => {
    const r = await ok({}, 'rh:leitor');
    expect(r.filtros?.inicio ?? `${year}-01-01`).toBe(`${year}-01-01`);
    expect(r.linhas.map((l: any) => [l.placa, l.veiculo, l.tipo, l.data_entrada, l.dias_parado, l.valor])).toEqual([
      ['ABC-1234', 'Fiat Strada', 'Preventiva', `${year}-01-20`, 1, 250.5],
      ['ABC-1234', 'Fiat Strada', 'Corretiva', `${year}-01-10`, 4, 1000],
      ['DEF2G34', 'Renault Kwid', 'Corretiva', `${year}-01-05`, 2, 600],
    ]);
    expect(r.colunas.find((c: any) => c.campo === 'valor').tipo).toBe('moeda');
    expect(total(r, 'Consertos')).toBe(3);
    expect(total(r, 'Veículos')).toBe(2);
    expect(total(r, 'Custo total')).toBe(1850.5);
    expect(total(r, 'Média de dias parado')).toBe(2.3);
    expect(r.grafico).toMatchObject({ tipo: 'barras', categorias: [`Jan/${year}`], series: [{ dados: [1850.5] }] });
  });

  it('filters by department and period', async () => {
    expect((await ok({ id_departamento: depA2 }, 'rh:leitor')).linhas.map((l: any) => l.placa)).toEqual(['DEF2G34']);
    const last = await ok({ inicio: `${year - 1}-01-01`, fim: `${year - 1}-12-31` }, 'rh:leitor');
    expect(last.linhas.map((l: any) => l.valor)).toEqual([300]);
    expect((await ok({ id_empresa: A, inicio: `${year}-01-15`, fim: `${year}-01-31` })).linhas.map((l: any) => l.valor)).toEqual([250.5]);
  });

  it('shows another provider none of them, and refuses who is not of HR', async () => {
    const b = await ok({}, 'rh:leitor@B');
    expect(b.linhas.map((l: any) => l.placa)).toEqual(['XYZ1D23']);
    expect(total(b, 'Custo total')).toBe(150);
    // Naming another provider reads nothing of it (the scope stays the caller's).
    expect((await ok({ id_empresa: A }, 'rh:leitor@B')).linhas).toEqual([]);
    for (const as of ['user', 'frota:gestor']) expect((await report({}, as)).statusCode, as).toBe(403);
  });
});
