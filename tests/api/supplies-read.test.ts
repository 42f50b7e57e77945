// The supplies area's read-only calls (src/server/v1/suppliesRead.ts over src/server/supplies/dashboard.ts):
// "where is it now" (v1/suprimentos/localizar/{codigo}: the unit's place and its ledger newest first,
// any case, trimmed, within the caller's providers), the home's figures (v1/suprimentos/painel, on a
// fixed day: units per place and product, counted balances, pending and overdue removals, open repairs,
// squads' holdings and value, movements of 30 days) and the squads' values (v1/suprimentos/equipes/valores).
// The data is written with SQL and through ledger.ts (the one mechanism that moves equipment), so that
// the test needs none of the registers' schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveItem, moveQuantity, receiveItem, type MovementKind, type Place } from '../../src/server/supplies/ledger.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

// The calls' day: fixed, so that no date of the run changes what they count.
const NOW = new Date('2027-05-20T15:00:00Z');
const TODAY = '2027-05-20';
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY).toISOString();
const dayOffset = (n: number) => new Date(Date.parse(`${TODAY}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

let t: TestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let seq = 0;
let registro = 0;

const as = (key: string) => bearer(tokens[key], key.replace(/@.*$/, ''));

async function provider(nome: string) {
  const r = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

async function user(key: string, papeis: string[], providers: number[], nome = `Pessoa ${key}`) {
  const email = `suprimentos.${++seq}.${Date.now()}@teste.com.br`;
  tokens[key] = await t.userToken({ papeis, id_empresas: providers, email, nome, funcionario: true });
  userIds[key] = (await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email])).rows[0].id;
}

async function product(nome: string, tipo: string, valor: number, controle = 'patrimonio', unidade = 'un') {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO suprimentos.produto (nome, tipo, valor, controle, unidade) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [`${nome} ${++seq}`, tipo, valor, controle, unidade],
  );
  return { id: rows[0].id, nome: `${nome} ${seq}` };
}

async function squad(id_empresa: number, nome: string, ativo = true) {
  const { rows } = await t.db.query<{ id: number }>(`INSERT INTO suprimentos.equipe (nome, id_empresa, ativo) VALUES ($1, $2, $3) RETURNING id`, [nome, id_empresa, ativo]);
  return rows[0].id;
}

const common = (id_empresa: number, id_produto: number, tipo: MovementKind, data: string, extra: { os?: string; id_usuario?: number } = {}) => ({
  id_empresa,
  id_produto,
  tipo,
  data,
  registro: { tabela: tipo, id: ++registro },
  ...extra,
});

const receive = (id_empresa: number, id_produto: number, data: string, codes: { patrimonio?: string; serial?: string }, id_usuario?: number) =>
  t.db.transaction((tx) => receiveItem(tx, { ...common(id_empresa, id_produto, 'entrada', data, { id_usuario }), ...codes }));

const move = (
  id_empresa: number,
  id_produto: number,
  tipo: MovementKind,
  data: string,
  code: string,
  from: Place,
  to: Place,
  extra: { os?: string; id_usuario?: number } = {},
) => t.db.transaction((tx) => moveItem(tx, { ...common(id_empresa, id_produto, tipo, data, extra), code, from, to }));

const count = (id_empresa: number, id_produto: number, tipo: MovementKind, data: string, quantidade: number, from: Place | null, to: Place) =>
  t.db.transaction((tx) => moveQuantity(tx, { ...common(id_empresa, id_produto, tipo, data), quantidade, from, to }));

const get = (url: string, key?: string) => (key ? t.app.inject({ method: 'GET', url, headers: as(key) }) : t.inject({ method: 'GET', url }));

let A: number;
let B: number;

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  A = await provider('Bitcom Suprimentos Leitura');
  B = await provider('Vetorial Suprimentos Leitura');
  await user('suprimentos:leitor', ['suprimentos:leitor'], [A], 'Lia Leitora');
  await user('suprimentos:gestor', ['suprimentos:gestor', 'user'], [A], 'Gustavo Almoxarife');
  await user('suprimentos:leitor@B', ['suprimentos:leitor'], [B]);
  await user('user', ['user'], [A]);
  await user('frota:gestor', ['frota:gestor'], [A]);
});
afterAll(() => t?.close());

describe('GET v1/suprimentos/localizar/{codigo}', () => {
  let onu: { id: number; nome: string };
  let norte: number;

  beforeAll(async () => {
    onu = await product('ONU Huawei EG8145V5', 'onu', 249.9);
    norte = await squad(A, 'Equipe Norte Localizar');
    const who = userIds['suprimentos:gestor'];
    await receive(A, onu.id, '2027-03-01T12:00:00Z', { patrimonio: 'PAT-0001', serial: 'HWTC1A2B3C4D' }, who);
    await move(A, onu.id, 'envio', '2027-04-02T13:30:00Z', 'PAT-0001', { local: 'almoxarifado' }, { local: 'equipe', id_equipe: norte }, { id_usuario: who });
    await move(
      A,
      onu.id,
      'instalacao',
      '2027-05-10T17:45:00Z',
      'hwtc1a2b3c4d',
      { local: 'equipe', id_equipe: norte },
      { local: 'cliente', cliente: { sistema: 'IXC', codigo: '48213', nome: 'Maria das Dores' } },
      { os: 'OS-7781' },
    );
    // The same patrimônio at another provider; and a unit only A has.
    await receive(B, onu.id, '2027-03-05T12:00:00Z', { patrimonio: 'pat-0001' });
    await receive(A, onu.id, '2027-03-06T12:00:00Z', { serial: 'SO-DE-A-777' });
    await receive(A, onu.id, '2027-03-07T12:00:00Z', { patrimonio: 'BIT/2027 #15' });
  });

  it("answers where the unit is now, its product and value, and its movements newest first, by patrimônio or serial in any case", async () => {
    const r = await get('/v1/suprimentos/localizar/%20pat-0001%20', 'suprimentos:leitor');
    expect(r.statusCode, r.body).toBe(200);
    const { itens } = r.json();
    expect(itens).toHaveLength(1);
    expect(itens[0]).toMatchObject({
      id_empresa: A,
      empresa: 'Bitcom Suprimentos Leitura',
      id_produto: onu.id,
      produto: onu.nome,
      tipo: 'onu',
      patrimonio: 'PAT-0001',
      serial: 'HWTC1A2B3C4D',
      local: 'cliente',
      local_label: 'No cliente',
      id_equipe: null,
      equipe: null,
      cliente_sistema: 'IXC',
      cliente_codigo: '48213',
      cliente_nome: 'Maria das Dores',
      os: 'OS-7781',
      valor: 249.9,
    });
    expect(itens[0].historico.map((m: any) => [m.tipo, m.tipo_label, m.data, m.origem_local, m.origem_equipe_nome, m.destino_local, m.destino_equipe_nome, m.os, m.usuario])).toEqual([
      ['instalacao', 'Instalação no cliente', '2027-05-10T17:45:00.000Z', 'equipe', 'Equipe Norte Localizar', 'cliente', null, 'OS-7781', null],
      ['envio', 'Envio para equipe', '2027-04-02T13:30:00.000Z', 'almoxarifado', null, 'equipe', 'Equipe Norte Localizar', null, 'Gustavo Almoxarife'],
      ['entrada', 'Entrada no almoxarifado', '2027-03-01T12:00:00.000Z', null, null, 'almoxarifado', null, null, 'Gustavo Almoxarife'],
    ]);
    expect(itens[0].historico[0]).toMatchObject({ cliente_sistema: 'IXC', cliente_codigo: '48213', registro_tabela: 'instalacao', origem_equipe: norte });
    const bySerial = await get('/v1/suprimentos/localizar/hwtc1a2b3c4d', 'suprimentos:leitor');
    expect(bySerial.statusCode).toBe(200);
    expect(bySerial.json().itens.map((i: any) => i.id)).toEqual([itens[0].id]);
  });

  it("answers only the caller's providers: the superadmin sees both units, ?empresa= narrows, another provider's user gets 404", async () => {
    const all = await get('/v1/suprimentos/localizar/PAT-0001');
    expect(all.json().itens.map((i: any) => [i.empresa, i.patrimonio, i.local])).toEqual([
      ['Bitcom Suprimentos Leitura', 'PAT-0001', 'cliente'],
      ['Vetorial Suprimentos Leitura', 'pat-0001', 'almoxarifado'],
    ]);
    const onlyB = await get(`/v1/suprimentos/localizar/PAT-0001?empresa=${B}`);
    expect(onlyB.json().itens.map((i: any) => i.id_empresa)).toEqual([B]);
    const theirs = await get('/v1/suprimentos/localizar/pat-0001', 'suprimentos:leitor@B');
    expect(theirs.json().itens.map((i: any) => i.id_empresa)).toEqual([B]);
    const other = await get('/v1/suprimentos/localizar/SO-DE-A-777', 'suprimentos:leitor@B');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Nenhum equipamento com o patrimônio ou serial SO-DE-A-777 neste provedor.');
    const outside = await get(`/v1/suprimentos/localizar/SO-DE-A-777?empresa=${B}`, 'suprimentos:leitor');
    expect(outside.statusCode).toBe(404);
    expect((await get('/v1/suprimentos/localizar/so-de-a-777', 'suprimentos:leitor')).json().itens[0]).toMatchObject({ serial: 'SO-DE-A-777', patrimonio: null, local: 'almoxarifado', local_label: 'Almoxarifado' });
    // A code with a slash, a space and a hash, as the screens send it (encodeURIComponent).
    const odd = await get(`/v1/suprimentos/localizar/${encodeURIComponent('bit/2027 #15')}`, 'suprimentos:leitor');
    expect(odd.statusCode, odd.body).toBe(200);
    expect(odd.json().itens[0].patrimonio).toBe('BIT/2027 #15');
  });

  it('says which code it did not find; refuses a blank or too long code and a bad provider filter; no suprimentos role is 403', async () => {
    const none = await get('/v1/suprimentos/localizar/NAO-EXISTE-9', 'suprimentos:gestor');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Nenhum equipamento com o patrimônio ou serial NAO-EXISTE-9 neste provedor.');
    const blank = await get('/v1/suprimentos/localizar/%20%20', 'suprimentos:leitor');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Informe o patrimônio ou o serial do equipamento.');
    // Past 100 characters the router itself refuses the address (414).
    expect((await get(`/v1/suprimentos/localizar/${'X'.repeat(101)}`, 'suprimentos:leitor')).statusCode).toBe(414);
    expect((await get('/v1/suprimentos/localizar/PAT-0001?empresa=abc', 'suprimentos:leitor')).statusCode).toBe(400);
    expect((await get('/v1/suprimentos/localizar/PAT-0001?outro=1', 'suprimentos:leitor')).statusCode).toBe(400);
    for (const key of ['user', 'frota:gestor']) {
      const r = await get('/v1/suprimentos/localizar/PAT-0001', key);
      expect(r.statusCode, key).toBe(403);
      expect(r.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/suprimentos/localizar/PAT-0001' })).statusCode).toBe(401);
  });

  it('stays an index read over a large ledger', async () => {
    // 1,000 units with 40 ledger lines each (40,000 lines) besides the test's own: enough for the planner
    // to prefer the indexes, as it does over a million lines.
    const filler = await product('ONU de carga', 'onu', 100);
    await t.db.query(
      `INSERT INTO suprimentos.item (id_empresa, id_produto, patrimonio, serial, local)
       SELECT $1, $2, 'CARGA-' || g, 'SN-CARGA-' || g, 'almoxarifado' FROM generate_series(1, 1000) g`,
      [B, filler.id],
    );
    await t.db.query(
      `INSERT INTO suprimentos.movimento (id_empresa, id_produto, id_item, tipo, destino_local, registro_tabela, registro_id, data)
       SELECT $1, $2, i.id, 'entrada', 'almoxarifado', 'entrada', g, now() - g * interval '1 hour'
         FROM suprimentos.item i, generate_series(1, 40) g WHERE i.id_produto = $2`,
      [B, filler.id],
    );
    await t.db.query('ANALYZE suprimentos.item');
    await t.db.query('ANALYZE suprimentos.movimento');
    const plan = async (sql: string, params: unknown[]) =>
      (await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const items = await plan(`SELECT id FROM suprimentos.item i WHERE (upper(i.patrimonio) = upper($1) OR upper(i.serial) = upper($1))`, ['CARGA-77']);
    expect(items).not.toMatch(/Seq Scan/);
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM suprimentos.item WHERE patrimonio = 'CARGA-77'`);
    const history = await plan(`SELECT id FROM suprimentos.movimento m WHERE m.id_item = $1 ORDER BY m.data DESC, m.id DESC LIMIT 1000`, [rows[0].id]);
    expect(history).toMatch(/Index Scan on movimento_item_idx|Index Scan using movimento_item_idx/);
    expect(history).not.toMatch(/Seq Scan/);
    const r = await get('/v1/suprimentos/localizar/carga-77');
    expect(r.statusCode).toBe(200);
    expect(r.json().itens[0].historico).toHaveLength(40);
    const dates = r.json().itens[0].historico.map((m: any) => m.data);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('GET v1/suprimentos/painel and v1/suprimentos/equipes/valores', () => {
  let C: number;
  let onu: { id: number; nome: string };
  let router: { id: number; nome: string };
  let cable: { id: number; nome: string };
  let norte: number;
  let sul: number;

  beforeAll(async () => {
    // A provider of its own, so that the other tests' rows do not count.
    C = await provider('Provedor do Painel de Suprimentos');
    await user('suprimentos:leitor@C', ['suprimentos:leitor'], [C]);
    onu = await product('ONU Painel', 'onu', 250);
    router = await product('Roteador Painel', 'roteador', 180.5);
    cable = await product('Cabo drop Painel', 'cabo', 1.5, 'quantidade', 'm');
    norte = await squad(C, 'Equipe Norte');
    sul = await squad(C, 'Equipe Sul');
    await squad(C, 'Equipe Antiga', false);
    const store: Place = { local: 'almoxarifado' };
    const atNorte: Place = { local: 'equipe', id_equipe: norte };
    await receive(C, onu.id, daysAgo(60), { patrimonio: 'PNL-C1' });
    await move(C, onu.id, 'envio', daysAgo(10), 'PNL-C1', store, atNorte);
    await receive(C, onu.id, daysAgo(60), { patrimonio: 'PNL-C2' });
    await move(C, onu.id, 'envio', daysAgo(20), 'PNL-C2', store, atNorte);
    await move(C, onu.id, 'instalacao', daysAgo(5), 'PNL-C2', atNorte, { local: 'cliente', cliente: { sistema: 'IXC', codigo: '900' } }, { os: 'OS-1' });
    await receive(C, onu.id, daysAgo(5), { patrimonio: 'PNL-C3' });
    await receive(C, onu.id, daysAgo(40), { patrimonio: 'PNL-C4' });
    await move(C, onu.id, 'manutencao', daysAgo(3), 'PNL-C4', store, { local: 'manutencao' });
    await receive(C, router.id, daysAgo(2), { serial: 'PNL-R1' });
    await move(C, router.id, 'envio', daysAgo(1), 'PNL-R1', store, { local: 'equipe', id_equipe: sul });
    await count(C, cable.id, 'entrada', daysAgo(50), 100, null, store);
    await count(C, cable.id, 'envio', daysAgo(4), 30, store, atNorte);
    const removal = (status: string, data_prevista: string | null) =>
      t.db.query(
        `INSERT INTO suprimentos.retirada (id_empresa, cliente_sistema, cliente_codigo, os, id_produto, status, data_prevista) VALUES ($1, 'IXC', '900', 'OS-R', $2, $3, $4)`,
        [C, onu.id, status, data_prevista],
      );
    await removal('pendente', dayOffset(-1));
    await removal('pendente', TODAY);
    await removal('pendente', null);
    await removal('retirado', dayOffset(-30));
    await removal('cancelado', dayOffset(-30));
    const repair = (status: string) =>
      t.db.query(`INSERT INTO suprimentos.manutencao (id_empresa, id_produto, fornecedor, data_envio, status) VALUES ($1, $2, 'Reparos Ltda', $3, $4)`, [C, onu.id, dayOffset(-3), status]);
    await repair('em_reparo');
    await repair('reparado');
  });

  it("counts the provider's units per place and product, balances, pending and overdue removals (against São Paulo's today), repairs, squads and 30 days of movements", async () => {
    const r = await get('/v1/suprimentos/painel', 'suprimentos:leitor@C');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d.hoje).toBe(TODAY);
    expect(d.unidades).toEqual({ almoxarifado: 1, equipe: 2, cliente: 1, manutencao: 1, baixado: 0, extraviado: 0, total: 5 });
    const zero = { almoxarifado: 0, equipe: 0, cliente: 0, manutencao: 0, baixado: 0, extraviado: 0 };
    expect(d.produtos).toEqual([
      { id_produto: cable.id, produto: cable.nome, tipo: 'cabo', controle: 'quantidade', unidade: 'm', valor: 1.5, locais: { ...zero, almoxarifado: 70, equipe: 30 }, total: 100 },
      { id_produto: onu.id, produto: onu.nome, tipo: 'onu', controle: 'patrimonio', unidade: 'un', valor: 250, locais: { ...zero, almoxarifado: 1, equipe: 1, cliente: 1, manutencao: 1 }, total: 4 },
      { id_produto: router.id, produto: router.nome, tipo: 'roteador', controle: 'patrimonio', unidade: 'un', valor: 180.5, locais: { ...zero, equipe: 1 }, total: 1 },
    ]);
    expect(d.retiradas).toEqual({ pendentes: 3, atrasadas: 1 });
    expect(d.manutencoes_abertas).toBe(1);
    expect(d.equipes).toEqual([
      { id: norte, nome: 'Equipe Norte', id_empresa: C, empresa: 'Provedor do Painel de Suprimentos', unidades: 1, quantidade: 30, valor: 295 },
      { id: sul, nome: 'Equipe Sul', id_empresa: C, empresa: 'Provedor do Painel de Suprimentos', unidades: 1, quantidade: 0, valor: 180.5 },
    ]);
    const moved = Object.fromEntries(d.movimentos.filter((m: any) => m.movimentos).map((m: any) => [m.tipo, [m.movimentos, m.quantidade]]));
    expect(moved).toEqual({ entrada: [2, 2], envio: [4, 33], instalacao: [1, 1], manutencao: [1, 1] });
    expect(d.movimentos).toHaveLength(10);
    expect(d.movimentos[0]).toEqual({ tipo: 'entrada', tipo_label: 'Entrada no almoxarifado', movimentos: 2, quantidade: 2 });
    expect(d.empresas).toEqual([{ id: C, nome: 'Provedor do Painel de Suprimentos' }]);
  });

  it("gives the superadmin every provider, or one with ?empresa=, and another provider's reader nothing of C", async () => {
    const mine = (await get('/v1/suprimentos/painel', 'suprimentos:leitor@C')).json();
    const filtered = (await get(`/v1/suprimentos/painel?empresa=${C}`)).json();
    expect({ ...filtered, empresas: mine.empresas }).toEqual(mine);
    const all = (await get('/v1/suprimentos/painel')).json();
    expect(all.unidades.total).toBeGreaterThan(mine.unidades.total);
    expect(all.empresas.map((e: any) => e.id)).toEqual(expect.arrayContaining([A, B, C]));
    const other = (await get(`/v1/suprimentos/painel?empresa=${C}`, 'suprimentos:leitor')).json();
    expect(other.unidades.total).toBe(0);
    expect(other.equipes).toEqual([]);
    expect(other.retiradas).toEqual({ pendentes: 0, atrasadas: 0 });
    expect((await get('/v1/suprimentos/painel', 'user')).statusCode).toBe(403);
  });

  it('answers per squad and product the quantity held and its value, with totals', async () => {
    const r = await get('/v1/suprimentos/equipes/valores', 'suprimentos:leitor@C');
    expect(r.statusCode, r.body).toBe(200);
    const empresa = 'Provedor do Painel de Suprimentos';
    expect(r.json()).toEqual({
      equipes: [
        {
          id: norte,
          nome: 'Equipe Norte',
          id_empresa: C,
          empresa,
          ativo: true,
          itens: [
            { id_produto: cable.id, produto: cable.nome, tipo: 'cabo', controle: 'quantidade', unidade: 'm', quantidade: 30, unidades: 0, valor_unitario: 1.5, valor: 45 },
            { id_produto: onu.id, produto: onu.nome, tipo: 'onu', controle: 'patrimonio', unidade: 'un', quantidade: 1, unidades: 1, valor_unitario: 250, valor: 250 },
          ],
          quantidade: 31,
          valor: 295,
        },
        {
          id: sul,
          nome: 'Equipe Sul',
          id_empresa: C,
          empresa,
          ativo: true,
          itens: [{ id_produto: router.id, produto: router.nome, tipo: 'roteador', controle: 'patrimonio', unidade: 'un', quantidade: 1, unidades: 1, valor_unitario: 180.5, valor: 180.5 }],
          quantidade: 1,
          valor: 180.5,
        },
      ],
      total: { quantidade: 32, valor: 475.5 },
    });
    expect((await get('/v1/suprimentos/equipes/valores', 'frota:gestor')).statusCode).toBe(403);
  });
});
