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
    expect(rows.every((r) => typeof r.data === 'string' && !Number.isNaN(Date.parse(r.data)))).toBe(true);
  });

  it("answers the audit data's timestamps as REST does (ISO text in UTC, 'Z'), through REST and v1", async () => {
    const dep = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Relógio', id_empresa: provider } })).json();
    expect(dep.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Stored by to_jsonb with microseconds and an offset.
    const raw = await t.db.query<{ c: string }>(`SELECT new_data->>'created_at' AS c FROM admin.log WHERE tabelas = 'rh.departamento' AND id_item = $1`, [String(dep.id)]);
    expect(raw.rows[0].c).not.toBe(dep.created_at);
    await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Relógio de ponto' } });
    for (const r of [
      await t.inject(`/api/departments/${dep.id}/history`),
      await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: dep.id } }),
    ]) {
      const [update, insert] = r.json();
      expect(insert.new_data.created_at).toBe(dep.created_at);
      expect(update.old_data.created_at).toBe(dep.created_at);
      expect(update.new_data.created_at).toBe(dep.created_at);
    }
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

describe('history rules shared by REST and v1', () => {
  it('POST v1/admin/log/history honours the schema history flag, as REST does', async () => {
    const adminId = (await t.inject('/v1/auth/me')).json().usuarioId;
    const n = await t.inject({ method: 'POST', url: '/api/notifications', payload: { id_usuario: adminId, data: { modulo: 'rh', msg: 'Olá' } } });
    expect(n.statusCode, n.body).toBe(201);
    expect(t.app.registry.get('notifications')!.block.history).toBe(false);
    // The row exists and is readable, but its schema keeps no history.
    expect((await t.inject(`/api/notifications/${n.json().id}`)).statusCode).toBe(200);
    expect((await t.inject(`/api/notifications/${n.json().id}/history`)).statusCode).toBe(404);
    for (const tabelas of ['notificacao.notificacao', 'notifications', 'notificacao_notificacao']) {
      const r = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas, id_item: n.json().id } });
      expect(r.statusCode, tabelas).toBe(404);
      expect(r.json().message).toBe('Dados não encontrados.');
    }
  });

  it('the history of a deleted row stays readable by the superadmin and by who could read it, through REST and v1', async () => {
    const other = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Outro Provedor' } })).json().id;
    const reader = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [provider] });
    const outsider = await t.userToken({ papeis: ['rh:leitor'], id_empresas: [other] });
    const dep = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Efêmero', id_empresa: provider } })).json();
    await t.inject({ method: 'PUT', url: `/api/departments/${dep.id}`, payload: { nome: 'Efêmero 2' } });
    expect((await t.inject({ method: 'DELETE', url: `/api/departments/${dep.id}` })).statusCode).toBe(200);
    expect((await t.inject(`/api/departments/${dep.id}`)).statusCode).toBe(404);

    const rest = await t.inject(`/api/departments/${dep.id}/history`);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().map((h: { operacao: string }) => h.operacao)).toEqual(['DELETE', 'UPDATE', 'INSERT']);
    expect(rest.json()[0]).toMatchObject({ old_data: { nome: 'Efêmero 2' }, new_data: null });
    const v1 = await t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: dep.id } });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual(rest.json());

    // A reader of the row's provider could read it: still can; a reader of another provider never could.
    const asReader = await t.app.inject({ url: `/api/departments/${dep.id}/history`, headers: { authorization: `Bearer ${reader}` } });
    expect(asReader.statusCode).toBe(200);
    expect(asReader.json()).toEqual(rest.json());
    const v1Reader = await t.app.inject({ method: 'POST', url: '/v1/admin/log/history', headers: { authorization: `Bearer ${reader}` }, payload: { tabelas: 'departments', id_item: dep.id } });
    expect(v1Reader.json()).toEqual(rest.json());
    for (const r of [
      await t.app.inject({ url: `/api/departments/${dep.id}/history`, headers: { authorization: `Bearer ${outsider}` } }),
      await t.app.inject({ method: 'POST', url: '/v1/admin/log/history', headers: { authorization: `Bearer ${outsider}` }, payload: { tabelas: 'departments', id_item: dep.id } }),
    ]) {
      expect(r.statusCode).toBe(404);
    }
    // A row that never existed is still not found.
    expect((await t.inject('/api/departments/987654/history')).statusCode).toBe(404);
  });
});
