// Audit and history: every insert, update and delete writes its entry in the same transaction as the
// change; history answers newest first, at most 100, through REST and POST v1/admin/log/history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let provider: number;
const logCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin.log')).rows[0].n;

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
});
afterAll(() => t?.close());

describe('audit', () => {
  it('writes INSERT, UPDATE and DELETE entries with old and new data', async () => {
    const dep = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Suporte', id_empresa: provider } })).json();
    await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Suporte Técnico' } });
    await t.inject({ method: 'DELETE', url: `/api/departments/${dep.id}` });
    const { rows } = await t.db.query(
      `SELECT tabelas, operacao, old_data, new_data, data, id_usuario FROM admin.log WHERE tabelas = 'rh.departamento' AND id_item = $1 ORDER BY id`,
      [String(dep.id)],
    );
    expect(rows.map((r) => r.operacao)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(rows[0]).toMatchObject({ tabelas: 'rh.departamento', old_data: null, new_data: { nome: 'Suporte', id_empresa: provider } });
    expect(rows[1]).toMatchObject({ old_data: { nome: 'Suporte' }, new_data: { nome: 'Suporte Técnico' } });
    expect(rows[2]).toMatchObject({ old_data: { nome: 'Suporte Técnico' }, new_data: null });
    expect(rows.every((r) => r.data instanceof Date || typeof r.data === 'string')).toBe(true);
  });

  it('a failing write leaves neither the change nor an audit row', async () => {
    const before = await logCount();
    const dep = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Financeiro', id_empresa: provider } })).json();
    const afterCreate = await logCount();
    expect(afterCreate).toBe(before + 1);
    // Rejected by the database inside the transaction (missing provider): rolled back with its entry.
    const bad = await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Outro nome', id_empresa: 424242 } });
    expect(bad.statusCode).toBe(400);
    expect(await logCount()).toBe(afterCreate);
    expect((await t.inject({ url: `/api/departments/${dep.id}` })).json().nome).toBe('Financeiro');
    // Refused delete (rows depend on it): nothing logged, nothing removed.
    const del = await t.inject({ method: 'DELETE', url: `/api/providers/${provider}` });
    expect(del.statusCode).toBe(409);
    expect(await logCount()).toBe(afterCreate);
    // A failed insert: no entry.
    const dup = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'VETORIAL' } });
    expect(dup.statusCode).toBe(409);
    expect(await logCount()).toBe(afterCreate);
  });
});

describe('history', () => {
  let id: number;
  beforeAll(async () => {
    id = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Versão 0', id_empresa: provider } })).json().id;
    for (let i = 1; i <= 104; i++) {
      const r = await t.inject({ method: 'PUT', url: `/api/departments/${id}`, payload: { nome: `Versão ${i}` } });
      expect(r.statusCode).toBe(200);
    }
  });

  it('answers newest first, at most 100', async () => {
    const r = await t.inject({ url: `/api/departments/${id}/history` });
    expect(r.statusCode).toBe(200);
    const rows = r.json();
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({ operacao: 'UPDATE', new_data: { nome: 'Versão 104' }, old_data: { nome: 'Versão 103' } });
    expect(rows[99].new_data.nome).toBe('Versão 5');
    const more = (await t.inject({ url: `/api/departments/${id}/history?limit=500&offset=100` })).json();
    expect(more).toHaveLength(5);
    expect(more[4]).toMatchObject({ operacao: 'INSERT', new_data: { nome: 'Versão 0' } });
  });

  it('POST v1/admin/log/history (tabelas, id_item, limit, offset) answers the same', async () => {
    const rest = (await t.inject({ url: `/api/departments/${id}/history?limit=10&offset=3` })).json();
    for (const tabelas of ['rh.departamento', 'rh_departamento', 'departments']) {
      const r = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas, id_item: id, limit: 10, offset: 3 } });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual(rest);
    }
    const dflt = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: String(id) } });
    expect(dflt.json()).toHaveLength(100);
  });

  it('refuses malformed history calls with 400 or 404, never 500', async () => {
    const cases = [
      { tabelas: 'rh.nada', id_item: id },
      { tabelas: 'rh.departamento' },
      { tabelas: 'rh.departamento', id_item: id, limit: 1000 },
      { tabelas: 'rh.departamento', id_item: id, extra: 1 },
      { id_item: id },
    ];
    for (const payload of cases) {
      const r = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
    expect((await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: 'x' } })).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/departments/999999/history' })).statusCode).toBe(404);
  });
});

describe('who', () => {
  it('each entry names the acting user', async () => {
    const token = await t.userToken({ nome: 'Rita Gestora', papeis: ['rh:gestor'], id_empresas: [provider] });
    const dep = (await t.app.inject({ method: 'POST', url: '/api/departments', headers: { authorization: `Bearer ${token}` }, payload: { nome: 'Qualidade', id_empresa: provider } })).json();
    await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Qualidade Total' } });
    const rows = (await t.inject(`/api/departments/${dep.id}/history`)).json();
    expect(rows.map((r: { operacao: string; usuario: string }) => [r.operacao, r.usuario])).toEqual([
      ['UPDATE', 'Superadmin'],
      ['INSERT', 'Rita Gestora'],
    ]);
    expect(typeof rows[1].id_usuario).toBe('number');
  });
});
