// Fleet registers (schemas/frota/*.json): vehicles and their maintenance. Rights (frota readers read,
// solicitantes and managers write, managers delete, other areas are refused), provider scoping (a
// maintenance belongs to its vehicle's provider), the plate rule (ABC-1234 or ABC1D23, unique per
// provider with or without the dash), the workshop period (exit not before entry) and v1/veiculos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
const tokens: Record<string, string> = {};

async function post(resource: string, payload: Record<string, unknown>) {
  const r = await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}
const as = (role: string, key = role) => bearer(tokens[key], role);

let carA: number;
let carB: number;
let repairA: number;

beforeAll(async () => {
  t = await testApp();
  A = await post('providers', { nome: 'Bitcom Frota' });
  B = await post('providers', { nome: 'Vetorial Frota' });
  carA = await post('vehicles', { placa: 'ABC-1234', marca: 'Fiat', modelo: 'Strada', ano: 2021, tipo: 'utilitario', id_empresa: A, km_atual: 50000 });
  carB = await post('vehicles', { placa: 'XYZ1D23', marca: 'Honda', modelo: 'CG 160', ano: 2022, tipo: 'moto', id_empresa: B });
  await post('vehicles', { placa: 'OLD-0001', marca: 'Fiat', modelo: 'Uno', ano: 2010, tipo: 'carro', id_empresa: A, ativo: false });
  repairA = await post('vehicle-maintenance', { id_veiculo: carA, tipo: 'corretiva', descricao: 'Freios', oficina: 'Oficina A', data_entrada: '2026-03-02', data_saida: '2026-03-04', valor: 850.5, status: 'concluida' });
  await post('vehicle-maintenance', { id_veiculo: carB, tipo: 'preventiva', descricao: 'Óleo', oficina: 'Oficina B', data_entrada: '2026-03-05' });
  tokens['frota:leitor'] = await t.userToken({ papeis: ['frota:leitor'], id_empresas: [A] });
  tokens['frota:solicitante'] = await t.userToken({ papeis: ['frota:solicitante'], id_empresas: [A] });
  tokens['frota:gestor'] = await t.userToken({ papeis: ['frota:gestor'], id_empresas: [A] });
  tokens['rh:gestor'] = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [A] });
  tokens.user = await t.userToken({ papeis: ['user'], id_empresas: [A], funcionario: true });
});
afterAll(() => t?.close());

describe('vehicles', () => {
  it('refuses plates that are neither ABC-1234 nor ABC1D23', async () => {
    for (const placa of ['AB-1234', 'ABCD123', 'abc1d23', 'ABC-12345', '1234ABC']) {
      const r = await t.inject({ method: 'POST', url: '/api/vehicles', payload: { placa, marca: 'Fiat', modelo: 'Uno', ano: 2015, tipo: 'carro', id_empresa: A } });
      expect(r.statusCode, placa).toBe(400);
      expect(r.json().errors?.placa ?? r.json().fields?.placa ?? r.body, placa).toContain('Placa inválida');
    }
  });

  it('keeps a plate unique per provider, with or without its dash (409), and lets another provider use it', async () => {
    for (const placa of ['ABC-1234', 'ABC1234']) {
      const r = await t.inject({ method: 'POST', url: '/api/vehicles', payload: { placa, marca: 'VW', modelo: 'Gol', ano: 2015, tipo: 'carro', id_empresa: A } });
      expect(r.statusCode, placa).toBe(409);
      expect(r.body).toContain('Esta placa já está cadastrada neste provedor.');
    }
    await post('vehicles', { placa: 'ABC-1234', marca: 'VW', modelo: 'Gol', ano: 2015, tipo: 'carro', id_empresa: B });
  });

  it('lets frota readers read and solicitantes write within their providers, managers delete; others are refused', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/vehicles', headers: as('frota:leitor') });
    expect(list.statusCode, list.body).toBe(200);
    const placas = list.json().map((v: any) => v.placa);
    expect(placas).toContain('ABC-1234');
    expect(placas).not.toContain('XYZ1D23');
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${carB}`, headers: as('frota:leitor') })).statusCode).not.toBe(200);
    const payload = { placa: 'QWE4R56', marca: 'Renault', modelo: 'Kwid', ano: 2023, tipo: 'carro', id_empresa: A };
    expect((await t.app.inject({ method: 'POST', url: '/api/vehicles', payload, headers: as('frota:leitor') })).statusCode).toBe(403);
    const made = await t.app.inject({ method: 'POST', url: '/api/vehicles', payload, headers: as('frota:solicitante') });
    expect(made.statusCode, made.body).toBe(201);
    const other = await t.app.inject({ method: 'POST', url: '/api/vehicles', payload: { ...payload, placa: 'QWE4R57', id_empresa: B }, headers: as('frota:solicitante') });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${made.json().id}`, headers: as('frota:solicitante') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${made.json().id}`, headers: as('frota:gestor') })).statusCode).toBe(200);
    for (const role of ['rh:gestor', 'user']) expect((await t.app.inject({ method: 'GET', url: '/api/vehicles', headers: as(role) })).statusCode, role).toBe(403);
  });
});

describe('maintenance', () => {
  it('refuses an exit before the entry, on data_saida', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/vehicle-maintenance', payload: { id_veiculo: carA, tipo: 'corretiva', descricao: 'Motor', oficina: 'Oficina X', data_entrada: '2026-03-10', data_saida: '2026-03-09' } });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('A data de saída não pode ser anterior à data de entrada!');
    const same = await t.inject({ method: 'POST', url: '/api/vehicle-maintenance', payload: { id_veiculo: carA, tipo: 'corretiva', descricao: 'Motor', oficina: 'Oficina X', data_entrada: '2026-03-10', data_saida: '2026-03-10' } });
    expect(same.statusCode, same.body).toBe(201);
  });

  it("belongs to its vehicle's provider: readers see only theirs, and cannot write on another provider's vehicle", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/vehicle-maintenance', headers: as('frota:leitor') });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json();
    expect(rows.map((m: any) => m.id)).toContain(repairA);
    expect(rows.every((m: any) => m.id_veiculo === carA)).toBe(true);
    const payload = { id_veiculo: carB, tipo: 'corretiva', descricao: 'Pneu', oficina: 'Oficina Y', data_entrada: '2026-04-01' };
    expect([403, 404, 400]).toContain((await t.app.inject({ method: 'POST', url: '/api/vehicle-maintenance', payload, headers: as('frota:solicitante') })).statusCode);
    const mine = await t.app.inject({ method: 'POST', url: '/api/vehicle-maintenance', payload: { ...payload, id_veiculo: carA }, headers: as('frota:solicitante') });
    expect(mine.statusCode, mine.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicle-maintenance', headers: as('user') })).statusCode).toBe(403);
    const history = await t.app.inject({ method: 'GET', url: `/api/vehicle-maintenance/${repairA}/history`, headers: as('frota:leitor') });
    expect(history.statusCode, history.body).toBe(200);
  });
});

describe('GET v1/veiculos', () => {
  it("answers the active vehicles of the caller's providers, by plate", async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/veiculos', headers: as('frota:leitor') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().veiculos.map((v: any) => v.placa)).toEqual(['ABC-1234']);
    const all = await t.inject({ method: 'GET', url: `/v1/veiculos?id_empresa=${B}` });
    expect(all.json().veiculos.map((v: any) => v.placa)).toEqual(['ABC-1234', 'XYZ1D23']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/veiculos', headers: as('user') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/veiculos' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/v1/veiculos?id_empresa=abc' })).statusCode).toBe(400);
  });
});
