// Leads and the blocklist (issue 12; foundation document, sections 2 and 3): a seller registers leads
// of their provider and becomes their seller; the customer flags come from the customer lookup (a
// customer written here into relacionamento.dados_pessoas); the blocklist marker is set and cleared
// by the database both ways (a lead's write, an entry's insert, update, toggle and delete) with one
// audit entry per lead it changes; provider scoping; the sales trees' lists as REST list filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { demoCpf } from '../../src/server/seed.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number; // Bitcom
let V: number; // Vetorial
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

const FORBIDDEN = 'Este usuário não tem autorização para realizar esta operação.';
const CUSTOMER = demoCpf('529982247');
const OVERDUE = demoCpf('123123123');
const STRANGER = demoCpf('987654321');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Row = Record<string, any>;

async function call(method: Method, url: string, payload?: unknown, as?: string, role?: string) {
  const headers = as ? bearer(tokens[as], role ?? tokens[`${as}.role`]) : bearer(t.adminToken, 'users:superadmin');
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function lead(payload: Record<string, unknown>, as?: string): Promise<Row> {
  const r = await call('POST', '/api/leads', { nome: 'Lead de Teste', id_empresa: A, ...payload }, as);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

const leadOf = async (id: number) => (await call('GET', `/api/leads/${id}`)).json() as Row;
const markerOf = async (id: number) => (await leadOf(id)).blacklist;

async function block(payload: Record<string, unknown>, as?: string): Promise<Row> {
  const r = await call('POST', '/api/blocklist', { id_empresa: A, ...payload }, as);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function user(name: string, papeis: string[], providers: number[]) {
  const email = `${name.replace(/[^a-z]/gi, '.')}@teste.com.br`;
  tokens[name] = await t.userToken({ papeis, id_empresas: providers, email, nome: name });
  tokens[`${name}.role`] = papeis[0];
  userIds[name] = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
}

/** A customer of a provider, as the import writes it (through the ERP boundary's own table). */
async function customer(provider: number, cpf: string, cod: string, diasAtraso = 0) {
  await t.db.query(`INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [`SISTEMA${provider}`, provider]);
  const { rows } = await t.db.query<{ nome: string }>('SELECT nome FROM relacionamento.sistema WHERE id_empresa = $1 ORDER BY id LIMIT 1', [provider]);
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, dias_atraso)
     VALUES ($1, $2, $3, $3, 'Cliente de Teste', $4, $5)`,
    [rows[0].nome, provider, cod, cpf, diasAtraso],
  );
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  V = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  await user('sellerA', ['vendas:solicitante'], [A]);
  await user('sellerV', ['vendas:solicitante'], [V]);
  await user('gestorA', ['vendas:gestor'], [A]);
  await user('gestorV', ['vendas:gestor'], [V]);
  await user('leitorA', ['vendas:leitor'], [A]);
  await user('marketingA', ['marketing:solicitante'], [A]);
  await user('rhA', ['rh:gestor'], [A]);
  await customer(A, CUSTOMER, 'C-1001');
  await customer(A, OVERDUE, 'C-1002', 12);
});
afterAll(() => t?.close());

describe('a seller registers leads of their provider', () => {
  it('a vendas:solicitante creates a lead: they become its seller, it gets a code and the funnel defaults', async () => {
    const row = await lead({ nome: 'Paulo Prospect', telefone: '(31) 99876-5432', cpf: STRANGER, cep: '30130-010', numero: '15' }, 'sellerA');
    expect(row).toMatchObject({
      nome: 'Paulo Prospect',
      id_empresa: A,
      id_vendedor: userIds.sellerA,
      status: 'novo',
      tipo: 'novo',
      origem: 'manual',
      equipe: 'interna',
      cliente: false,
      cod_cliente: null,
      inadimplente: false,
      blacklist: null,
    });
    expect(row.codlead).toBe(`LD-${String(row.id).padStart(6, '0')}`);
    // A code given is kept; a seller given is kept.
    const given = await lead({ codlead: 'FB-778', id_vendedor: userIds.gestorA }, 'sellerA');
    expect(given).toMatchObject({ codlead: 'FB-778', id_vendedor: userIds.gestorA });
  });

  it('a manager or a marketing user who registers a lead does not become its seller', async () => {
    expect((await lead({}, 'gestorA')).id_vendedor).toBeNull();
    expect((await lead({}, 'marketingA')).id_vendedor).toBeNull();
  });

  it('the customer flags come from the customer lookup of the lead\'s provider, on create and when the CPF changes', async () => {
    const known = await lead({ cpf: CUSTOMER.replace(/\D/g, '') }, 'sellerA');
    expect(known).toMatchObject({ cliente: true, cod_cliente: 'C-1001', inadimplente: false });
    const overdue = await lead({ cpf: OVERDUE }, 'sellerA');
    expect(overdue).toMatchObject({ cliente: true, cod_cliente: 'C-1002', inadimplente: true });
    // The same person is no customer of another provider.
    const elsewhere = await lead({ cpf: CUSTOMER, id_empresa: V }, 'sellerV');
    expect(elsewhere).toMatchObject({ cliente: false, cod_cliente: null });
    // Read-only: a body cannot set them.
    const claimed = await lead({ cpf: STRANGER, cliente: true, cod_cliente: 'X', inadimplente: true, blacklist: 'cliente' }, 'sellerA');
    expect(claimed).toMatchObject({ cliente: false, cod_cliente: null, inadimplente: false, blacklist: null });

    const changed = await call('PUT', `/api/leads/${claimed.id}`, { cpf: OVERDUE }, 'sellerA');
    expect(changed.json()).toMatchObject({ cliente: true, cod_cliente: 'C-1002', inadimplente: true });
    const other = await call('PUT', `/api/leads/${claimed.id}`, { status: 'em_contato' }, 'sellerA');
    expect(other.json()).toMatchObject({ status: 'em_contato', cliente: true });
    const cleared = await call('PUT', `/api/leads/${claimed.id}`, { cpf: null }, 'sellerA');
    expect(cleared.json()).toMatchObject({ cliente: false, cod_cliente: null, inadimplente: false });
  });

  it('validates the lead: name, CPF, phone, CEP, enums and the sale value', async () => {
    const r = await call('POST', '/api/leads', { id_empresa: A, cpf: '111.111.111-11', telefone: '3199', cep: '301', status: 'ganho', valor_venda: -1 }, 'sellerA');
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().errors).sort()).toEqual(['cep', 'cpf', 'nome', 'status', 'telefone', 'valor_venda']);
    expect(r.json().errors.nome).toBe(MSG.required);
  });

  it('rights: readers only read, solicitantes create and edit, managers delete; other areas nothing', async () => {
    const row = await lead({}, 'sellerA');
    expect((await call('GET', `/api/leads/${row.id}`, undefined, 'leitorA')).statusCode).toBe(200);
    expect((await call('POST', '/api/leads', { nome: 'Leitor', id_empresa: A }, 'leitorA')).statusCode).toBe(403);
    expect((await call('PUT', `/api/leads/${row.id}`, { status: 'venda' }, 'leitorA')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/leads/${row.id}`, undefined, 'sellerA')).statusCode).toBe(403);
    for (const role of ['rh:gestor', '']) {
      const r = await call('GET', `/api/leads/${row.id}`, undefined, 'rhA', role);
      expect(r.statusCode, role).toBe(403);
      expect(r.json().message).toBe(FORBIDDEN);
    }
    expect((await call('DELETE', `/api/leads/${row.id}`, undefined, 'gestorA')).statusCode).toBe(200);
  });

  it('keeps the lead\'s history', async () => {
    const row = await lead({}, 'sellerA');
    await call('PUT', `/api/leads/${row.id}`, { status: 'venda', valor_venda: 129.9, data_venda: '2026-03-10' }, 'sellerA');
    const history = (await call('GET', `/api/leads/${row.id}/history`, undefined, 'gestorA')).json();
    expect(history.map((e: Row) => [e.operacao, e.id_usuario])).toEqual([
      ['UPDATE', userIds.sellerA],
      ['INSERT', userIds.sellerA],
    ]);
    expect(history[0].new_data).toMatchObject({ status: 'venda', valor_venda: 129.9 });
  });
});

describe('provider scoping', () => {
  it('a seller of Vetorial neither reads nor writes a Bitcom lead', async () => {
    const bitcom = await lead({ nome: 'Lead Bitcom' }, 'sellerA');
    const vetorial = await lead({ nome: 'Lead Vetorial', id_empresa: V }, 'sellerV');
    const list = await call('GET', `/api/leads?${qs({ filter: { id: [bitcom.id, vetorial.id] } })}`, undefined, 'sellerV');
    expect(list.json().map((r: Row) => r.id)).toEqual([vetorial.id]);
    expect((await call('GET', `/api/leads/${bitcom.id}`, undefined, 'sellerV')).statusCode).toBe(404);
    expect((await call('PUT', `/api/leads/${bitcom.id}`, { status: 'venda' }, 'sellerV')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/leads/${bitcom.id}`, undefined, 'gestorV')).statusCode).toBe(404);
    expect((await call('POST', '/api/leads', { nome: 'Intrusa', id_empresa: A }, 'sellerV')).statusCode).toBe(403);
    // Nor moves their own lead to Bitcom.
    expect((await call('PUT', `/api/leads/${vetorial.id}`, { id_empresa: A }, 'sellerV')).statusCode).toBe(403);
    expect(await leadOf(bitcom.id)).toMatchObject({ status: 'novo', id_empresa: A });
    expect((await leadOf(vetorial.id)).id_empresa).toBe(V);
  });

  it('the blocklist too: a manager of Vetorial sees and writes only Vetorial\'s entries', async () => {
    const entry = await block({ tipo: 'cliente', cpf: demoCpf('555444333') });
    const list = await call('GET', `/api/blocklist?${qs({ filter: { id: entry.id } })}`, undefined, 'gestorV');
    expect(list.json()).toEqual([]);
    expect((await call('PUT', `/api/blocklist/${entry.id}`, { ativo: false }, 'gestorV')).statusCode).toBe(404);
    expect((await call('POST', '/api/blocklist', { tipo: 'cliente', cpf: demoCpf('555444333'), id_empresa: A }, 'gestorV')).statusCode).toBe(403);
  });
});

describe('the blocklist and the lead marker (kept by the database)', () => {
  it('an entry names what it blocks: a CPF, or a CEP and a number; only managers write it; the author is kept', async () => {
    const noCpf = await call('POST', '/api/blocklist', { tipo: 'cliente', id_empresa: A }, 'gestorA');
    expect(noCpf.statusCode).toBe(400);
    expect(noCpf.json()).toMatchObject({ message: MSG.requiredForm, errors: { cpf: MSG.required } });
    const noAddress = await call('POST', '/api/blocklist', { tipo: 'endereco', id_empresa: A, cep: '30130-010' }, 'gestorA');
    expect(noAddress.json().errors).toEqual({ numero: MSG.required });
    expect((await call('POST', '/api/blocklist', { tipo: 'cliente', cpf: STRANGER, id_empresa: A }, 'sellerA')).statusCode).toBe(403);
    expect((await call('GET', '/api/blocklist', undefined, 'sellerA')).statusCode).toBe(200);
    const entry = await block({ tipo: 'cliente', cpf: demoCpf('222333444'), id_usuario: 999 }, 'gestorA');
    expect(entry.id_usuario).toBe(userIds.gestorA);
    // Changing the kind asks for what the new kind needs.
    const switched = await call('PUT', `/api/blocklist/${entry.id}`, { tipo: 'endereco' }, 'gestorA');
    expect(switched.json().errors).toEqual({ cep: MSG.required, numero: MSG.required });
  });

  it('a CPF entry marks the provider\'s leads of that CPF, masked or not, and is cleared by toggle, change and delete', async () => {
    const cpf = demoCpf('333444555');
    const digits = cpf.replace(/\D/g, '');
    const before = await lead({ cpf: digits }, 'sellerA');
    const otherProvider = await lead({ cpf, id_empresa: V }, 'sellerV');
    const unrelated = await lead({ cpf: demoCpf('333444556') }, 'sellerA');
    const entry = await block({ tipo: 'cliente', cpf }, 'gestorA');
    expect(await markerOf(before.id)).toBe('cliente');
    expect(await markerOf(otherProvider.id)).toBeNull();
    expect(await markerOf(unrelated.id)).toBeNull();
    // A lead written after the entry is marked on insert.
    const after = await lead({ cpf }, 'sellerA');
    expect(after.blacklist).toBe('cliente');

    await call('PUT', `/api/blocklist/${entry.id}`, { ativo: false }, 'gestorA');
    expect([await markerOf(before.id), await markerOf(after.id)]).toEqual([null, null]);
    await call('PUT', `/api/blocklist/${entry.id}`, { ativo: true }, 'gestorA');
    expect([await markerOf(before.id), await markerOf(after.id)]).toEqual(['cliente', 'cliente']);
    await call('PUT', `/api/blocklist/${entry.id}`, { cpf: demoCpf('333444556') }, 'gestorA');
    expect([await markerOf(before.id), await markerOf(after.id), await markerOf(unrelated.id)]).toEqual([null, null, 'cliente']);
    await call('DELETE', `/api/blocklist/${entry.id}`, undefined, 'gestorA');
    expect(await markerOf(unrelated.id)).toBeNull();
  });

  it('an address entry matches CEP digits and the number without spaces or case; the lead\'s own writes set and clear it', async () => {
    const entry = await block({ tipo: 'endereco', cep: '30130-010', numero: ' 12 a', rua: 'Rua da Bahia' }, 'gestorA');
    const marked = await lead({ cep: '30130-010', numero: '12A' }, 'sellerA');
    expect(marked.blacklist).toBe('endereco');
    const neighbour = await lead({ cep: '30130-010', numero: '14' }, 'sellerA');
    expect(neighbour.blacklist).toBeNull();
    const moved = await call('PUT', `/api/leads/${neighbour.id}`, { numero: '12 A' }, 'sellerA');
    expect(moved.json().blacklist).toBe('endereco');
    const away = await call('PUT', `/api/leads/${marked.id}`, { cep: '30130-011' }, 'sellerA');
    expect(away.json().blacklist).toBeNull();
    // A blocked CPF outranks a blocked address.
    const both = await lead({ cep: '30130-010', numero: '12a', cpf: demoCpf('444555666') }, 'sellerA');
    expect(both.blacklist).toBe('endereco');
    await block({ tipo: 'cliente', cpf: demoCpf('444555666') }, 'gestorA');
    expect(await markerOf(both.id)).toBe('cliente');
    await call('DELETE', `/api/blocklist/${entry.id}`, undefined, 'gestorA');
    expect([await markerOf(neighbour.id), await markerOf(both.id)]).toEqual([null, 'cliente']);
  });

  it('a recompute writes one audit entry per lead whose marker changes, by the blocklist\'s author, and none for the others', async () => {
    const cpf = demoCpf('666777888');
    const target = await lead({ cpf }, 'sellerA');
    const untouched = await lead({ cpf: demoCpf('666777889') }, 'sellerA');
    const entries = async (id: number) => (await call('GET', `/api/leads/${id}/history`)).json() as Row[];
    const entry = await block({ tipo: 'cliente', cpf }, 'gestorA');
    // Changing the entry's reason changes no marker: nothing is written to the leads.
    await call('PUT', `/api/blocklist/${entry.id}`, { motivo: 'Fraude confirmada' }, 'gestorA');
    const history = await entries(target.id);
    expect(history.map((e) => [e.operacao, e.id_usuario])).toEqual([
      ['UPDATE', userIds.gestorA],
      ['INSERT', userIds.sellerA],
    ]);
    const changed = Object.keys(history[0].new_data).filter((k) => JSON.stringify(history[0].new_data[k]) !== JSON.stringify(history[0].old_data[k]));
    expect(changed).toEqual(['blacklist']);
    expect((await entries(untouched.id)).map((e) => e.operacao)).toEqual(['INSERT']);
  });
});

describe('the sales trees\' lists: the leads schema\'s aliases are REST list filters', () => {
  const ids = new Set<number>();
  const listed = async (filter: Record<string, unknown>, as = 'sellerA') => {
    const r = await call('GET', `/api/leads?${qs({ filter, range: [0, 999] })}`, undefined, as);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as Row[]).filter((row) => ids.has(row.id)).map((row) => row.nome).sort();
  };
  beforeAll(async () => {
    const rows: Record<string, unknown>[] = [
      { nome: 'Int novo', equipe: 'interna' },
      { nome: 'Int contato', equipe: 'interna', status: 'em_contato' },
      { nome: 'Int inviável', equipe: 'interna', status: 'inviavel' },
      { nome: 'Int upgrade', equipe: 'interna', tipo: 'upgrade' },
      { nome: 'Int inadimplente', equipe: 'interna', cpf: OVERDUE },
      { nome: 'Ext novo', equipe: 'externa' },
      { nome: 'Ext excluído', equipe: 'externa', status: 'excluido' },
      { nome: 'Ext downgrade', equipe: 'externa', tipo: 'downgrade', cep: '30140-000', numero: '7' },
    ];
    for (const row of rows) ids.add((await lead(row, 'sellerA')).id);
    await block({ tipo: 'endereco', cep: '30140-000', numero: '7' });
  });

  it('each list\'s permanent filter, for both trees', async () => {
    const open = { tipo: 'novo', status: ['novo', 'em_contato', 'venda'] };
    expect(await listed({ equipe: 'interna', ...open })).toEqual(['Int contato', 'Int inadimplente', 'Int novo']);
    expect(await listed({ equipe: 'externa', ...open })).toEqual(['Ext novo']);
    expect(await listed({ equipe: 'interna', status: 'inviavel' })).toEqual(['Int inviável']);
    expect(await listed({ equipe: 'interna', tipo: 'upgrade' })).toEqual(['Int upgrade']);
    expect(await listed({ equipe: 'externa', tipo: 'downgrade' })).toEqual(['Ext downgrade']);
    expect(await listed({ equipe: 'externa', status: 'excluido' })).toEqual(['Ext excluído']);
    expect(await listed({ equipe: 'interna', inadimplente: true })).toEqual(['Int inadimplente']);
    expect(await listed({ equipe: 'externa', blacklist: ['cliente', 'endereco'] })).toEqual(['Ext downgrade']);
    expect(await listed({ equipe: 'interna', blacklist: ['cliente', 'endereco'] })).toEqual([]);
  });

  it('the aliases are declared on the schema with those filters', () => {
    const aliases = t.app.registry.get('leads')!.block.aliases ?? [];
    const internal = aliases.filter((a) => a.path.startsWith('/sales/internal/')).map((a) => a.path.split('/').pop());
    expect(internal).toEqual(['leads', 'upgrade', 'downgrade', 'blocklist', 'excluded', 'inactivated', 'unfeasible', 'without-coverage', 'overdue', 'wrong']);
    for (const alias of aliases) {
      const tree = alias.path.split('/')[2];
      expect(alias.filter?.equipe, alias.path).toBe(tree === 'internal' ? 'interna' : 'externa');
      expect(alias.back, alias.path).toBe(`/sales/${tree}/home`);
    }
  });
});
