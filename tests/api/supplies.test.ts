// Supplies (issue 34): the catalogue, the squads and the movement registers (schemas/suprimentos/*.json)
// with their rules (src/server/supplies/service.ts over the ledger, src/server/supplies/ledger.ts):
// rights and provider scoping on every register; a unit is in one place at a time and moves only from
// where it is; counted balances never go negative; removals, repairs and recycling move what their
// status says; a row's moved fields never change and its delete undoes only the latest moves; and
// POST v1/suprimentos/retorno/atualizar/os/patrimonio with its three answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIES_MSG } from '../../src/domain/supplies.js';
import { SUPPLY_RULES_MSG } from '../../src/domain/supplyMovements.js';
import { MSG } from '../../src/domain/messages.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

// The app's clock: fixed, so that no date of the run changes what the rules fill (a repair's return day).
const NOW = new Date('2027-03-10T13:00:00Z');

let t: TestApp;
let A: number;
let B: number;
const tokens: Record<string, string> = {};
let seq = 0;
const customers: Record<string, string> = {};
let onuA: number;
let onuB: number;
let cabo: number;
let squadA1: number;
let squadA2: number;
let squadB: number;

const REGISTERS = [
  'supply-receipts', 'supply-dispatches', 'supply-installations', 'supply-devolutions', 'supply-returns',
  'supply-removals', 'supply-maintenance', 'supply-recycling',
] as const;
const READ_ONLY = ['supply-items', 'supply-balances', 'supply-movements'] as const;

const as = (key: string) => bearer(tokens[key], key.replace(/@.*$/, ''));
const code = (prefix = 'ONU') => `${prefix}-${++seq}-${Date.now() % 100000}`;

async function post(resource: string, payload: Record<string, unknown>, headers?: Record<string, string>) {
  const r = headers ? await t.app.inject({ method: 'POST', url: `/api/${resource}`, payload, headers }) : await t.inject({ method: 'POST', url: `/api/${resource}`, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, headers?: Record<string, string>) =>
  headers ? t.app.inject({ method, url, payload, headers }) : t.inject({ method, url, payload });

/** Where the unit of provider `provider` with this patrimônio is. */
async function item(patrimonio: string, provider = A) {
  const r = await t.inject(`/api/supply-items?${new URLSearchParams({ filter: JSON.stringify({ id_empresa: provider, q: patrimonio }) })}`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Record<string, any>[]).find((i) => i.patrimonio === patrimonio);
}
async function balance(produto: number, local: string, equipe: number | null = null, provider = A) {
  const { rows } = await t.db.query<{ quantidade: number }>(
    `SELECT quantidade FROM suprimentos.saldo WHERE id_empresa = $1 AND id_produto = $2 AND local = $3 AND coalesce(id_equipe, 0) = coalesce($4::int, 0)`,
    [provider, produto, local, equipe],
  );
  return rows[0]?.quantidade ?? 0;
}

/** A new unit of ONU A brought to the warehouse (and on to a squad, a customer). */
async function unitAt(place: 'almoxarifado' | 'equipe' | 'cliente', squad = squadA1, customer = customers.A1) {
  const patrimonio = code();
  await post('supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio, nota_fiscal: 'NF 1001', fornecedor: 'Distribuidora Fibra' });
  if (place === 'almoxarifado') return patrimonio;
  await post('supply-dispatches', { id_empresa: A, id_equipe: squad, id_produto: onuA, patrimonio });
  if (place === 'equipe') return patrimonio;
  await post('supply-installations', { id_empresa: A, id_equipe: squad, id_produto: onuA, patrimonio, cliente_codigo: customer, os: 'OS-1' });
  return patrimonio;
}

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  A = (await post('providers', { nome: 'Bitcom Suprimentos' })).id;
  B = (await post('providers', { nome: 'Vetorial Suprimentos' })).id;
  for (const [provider, key] of [[A, 'A'], [B, 'B']] as const) {
    const system = await post('systems', { nome: `SIS${key}${Date.now() % 10000}`, id_empresa: provider });
    for (const n of [1, 2]) {
      customers[`${key}${n}`] = `C${key}${n}`;
      await t.db.query(
        `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, situacao) VALUES ($1, $2, $3, $3, $4, 'ativo')`,
        [system.nome, provider, `C${key}${n}`, `Cliente ${key}${n}`],
      );
    }
  }
  onuA = (await post('supply-products', { nome: 'ONU GPON', tipo: 'onu', controle: 'patrimonio', valor: 250, id_empresa: A })).id;
  onuB = (await post('supply-products', { nome: 'ONU GPON', tipo: 'onu', controle: 'patrimonio', valor: 250, id_empresa: B })).id;
  // The group's catalogue: no provider.
  cabo = (await post('supply-products', { nome: 'Cabo drop', tipo: 'cabo', controle: 'quantidade', unidade: 'm', valor: 1.5, id_empresa: null })).id;
  squadA1 = (await post('squads', { id_empresa: A, nome: 'Equipe Norte' })).id;
  squadA2 = (await post('squads', { id_empresa: A, nome: 'Equipe Sul' })).id;
  squadB = (await post('squads', { id_empresa: B, nome: 'Equipe Centro' })).id;
  tokens['suprimentos:leitor'] = await t.userToken({ papeis: ['suprimentos:leitor'], id_empresas: [A] });
  tokens['suprimentos:solicitante'] = await t.userToken({ papeis: ['suprimentos:solicitante'], id_empresas: [A] });
  tokens['suprimentos:gestor'] = await t.userToken({ papeis: ['suprimentos:gestor'], id_empresas: [A] });
  tokens['suprimentos:solicitante@B'] = await t.userToken({ papeis: ['suprimentos:solicitante'], id_empresas: [B] });
});

afterAll(async () => {
  await t?.close();
});

describe('rights and provider scoping', () => {
  it('a reader lists every supplies register of their provider and writes none', async () => {
    const patrimonio = await unitAt('equipe');
    for (const name of [...REGISTERS, ...READ_ONLY, 'supply-products', 'squads']) {
      const r = await t.app.inject({ url: `/api/${name}`, headers: as('suprimentos:leitor') });
      expect(r.statusCode, `${name}: ${r.body}`).toBe(200);
    }
    for (const name of REGISTERS) {
      const r = await send('POST', `/api/${name}`, { id_empresa: A, id_produto: onuA, patrimonio }, as('suprimentos:leitor'));
      expect(r.statusCode, `${name}: ${r.body}`).toBe(403);
    }
    expect((await send('POST', '/api/supply-products', { nome: 'Roteador', tipo: 'roteador', id_empresa: A }, as('suprimentos:leitor'))).statusCode).toBe(403);
    expect((await send('POST', '/api/squads', { nome: 'Equipe Leste', id_empresa: A }, as('suprimentos:leitor'))).statusCode).toBe(403);
  });

  it('a requester registers movements but not the catalogue nor the squads (the manager does); only the superadmin writes the group catalogue', async () => {
    const patrimonio = code();
    const receipt = await post('supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio }, as('suprimentos:solicitante'));
    expect(receipt).toMatchObject({ modo: 'patrimonio', quantidade: 1, patrimonio });
    expect(receipt.id_usuario).toEqual(expect.any(Number));
    await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio }, as('suprimentos:solicitante'));
    expect((await send('POST', '/api/supply-products', { nome: 'Roteador AX', tipo: 'roteador', id_empresa: A }, as('suprimentos:solicitante'))).statusCode).toBe(403);
    expect((await send('POST', '/api/squads', { nome: 'Equipe Oeste', id_empresa: A }, as('suprimentos:solicitante'))).statusCode).toBe(403);
    await post('supply-products', { nome: 'Roteador AX', tipo: 'roteador', id_empresa: A }, as('suprimentos:gestor'));
    await post('squads', { nome: 'Equipe Oeste', id_empresa: A }, as('suprimentos:gestor'));
    expect((await send('POST', '/api/supply-products', { nome: 'Conector SC/APC', tipo: 'conector', id_empresa: null }, as('suprimentos:gestor'))).statusCode).toBe(403);
    // A requester's delete (manage) is refused.
    expect((await send('DELETE', `/api/supply-receipts/${receipt.id}`, undefined, as('suprimentos:solicitante'))).statusCode).toBe(403);
  });

  it("another provider's user sees none of A's rows and cannot move A's equipment; the superadmin sees all", async () => {
    const patrimonio = await unitAt('almoxarifado');
    for (const name of [...REGISTERS, ...READ_ONLY, 'squads']) {
      const r = await t.app.inject({ url: `/api/${name}?${new URLSearchParams({ filter: JSON.stringify({ id_empresa: A }) })}`, headers: as('suprimentos:solicitante@B') });
      expect(r.statusCode, `${name}: ${r.body}`).toBe(200);
      expect(r.json(), name).toEqual([]);
    }
    // The group's catalogue is everyone's; A's product is not B's.
    const products = (await t.app.inject({ url: '/api/supply-products', headers: as('suprimentos:solicitante@B') })).json() as { id: number }[];
    expect(products.map((p) => p.id)).toEqual(expect.arrayContaining([cabo, onuB]));
    expect(products.map((p) => p.id)).not.toContain(onuA);
    const r = await send('POST', '/api/supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio }, as('suprimentos:solicitante@B'));
    expect(r.statusCode).toBe(403);
    // In their own provider, A's unit does not exist.
    const own = await send('POST', '/api/supply-dispatches', { id_empresa: B, id_equipe: squadB, id_produto: onuB, patrimonio }, as('suprimentos:solicitante@B'));
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SUPPLIES_MSG.unknownCode(patrimonio));
    const all = (await t.inject(`/api/supply-items?${new URLSearchParams({ filter: JSON.stringify({ q: patrimonio }) })}`)).json();
    expect(all).toHaveLength(1);
  });

  it("the movement's squad and product are of its provider (or the product the group's)", async () => {
    const patrimonio = await unitAt('almoxarifado');
    const squad = await send('POST', '/api/supply-dispatches', { id_empresa: A, id_equipe: squadB, id_produto: onuA, patrimonio });
    expect(squad.statusCode).toBe(400);
    expect(squad.json().errors.id_equipe).toBe(MSG.sameProvider('Equipe'));
    const product = await send('POST', '/api/supply-receipts', { id_empresa: A, id_produto: onuB, patrimonio: code() });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors.id_produto).toBe(MSG.sameProvider('Produto'));
    await post('supply-receipts', { id_empresa: A, id_produto: cabo, quantidade: 10 });
  });
});

describe('the movement rules', () => {
  it('a unit is in one place at a time: received, dispatched, installed, given back; every refusal says where it is', async () => {
    const patrimonio = code();
    await post('supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio });
    expect(await item(patrimonio)).toMatchObject({ local: 'almoxarifado', id_equipe: null });
    const twice = await send('POST', '/api/supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio: patrimonio.toLowerCase() });
    expect([twice.statusCode, twice.json().message]).toEqual([400, SUPPLIES_MSG.codeTaken(patrimonio.toLowerCase())]);

    await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio });
    expect(await item(patrimonio)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
    const again = await send('POST', '/api/supply-dispatches', { id_empresa: A, id_equipe: squadA2, id_produto: onuA, patrimonio });
    expect([again.statusCode, again.json().message]).toEqual([400, SUPPLIES_MSG.notThere(patrimonio, 'no almoxarifado', 'com a equipe')]);

    // Returning a unit the squad does not hold is refused.
    const wrong = await send('POST', '/api/supply-returns', { id_empresa: A, id_equipe: squadA2, id_produto: onuA, patrimonio });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, SUPPLIES_MSG.notThere(patrimonio, 'com esta equipe', 'com outra equipe')]);
    expect(wrong.json().errors.patrimonio).toBe(wrong.json().message);

    await post('supply-installations', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio, cliente_codigo: customers.A1, os: 'OS-77' });
    expect(await item(patrimonio)).toMatchObject({ local: 'cliente', id_equipe: null, cliente_codigo: customers.A1, cliente_nome: 'Cliente A1', os: 'OS-77' });
    const unknown = await send('POST', '/api/supply-installations', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio, cliente_codigo: customers.B1 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, SUPPLY_RULES_MSG.customerNotFound]);

    const otherCustomer = await send('POST', '/api/supply-devolutions', { id_empresa: A, id_produto: onuA, patrimonio, cliente_codigo: customers.A2 });
    expect([otherCustomer.statusCode, otherCustomer.json().message]).toEqual([400, SUPPLIES_MSG.notThere(patrimonio, 'com este cliente', 'com outro cliente')]);
    const back = await post('supply-devolutions', { id_empresa: A, id_produto: onuA, patrimonio, cliente_codigo: customers.A1, estado: 'defeito' });
    expect(back).toMatchObject({ cliente_nome: 'Cliente A1', modo: 'patrimonio' });
    expect(await item(patrimonio)).toMatchObject({ local: 'almoxarifado', cliente_codigo: null });

    // The ledger is the unit's history.
    const { id } = (await item(patrimonio))!;
    const lines = (await t.inject(`/api/supply-movements?${new URLSearchParams({ filter: JSON.stringify({ id_item: id }), sort: JSON.stringify(['id', 'ASC']) })}`)).json() as Record<string, any>[];
    expect(lines.map((l) => [l.tipo, l.origem_local, l.destino_local])).toEqual([
      ['entrada', null, 'almoxarifado'],
      ['envio', 'almoxarifado', 'equipe'],
      ['instalacao', 'equipe', 'cliente'],
      ['devolucao', 'cliente', 'almoxarifado'],
    ]);
  });

  it('a returned unit leaves the squad', async () => {
    const patrimonio = await unitAt('equipe', squadA2);
    const ret = await post('supply-returns', { id_empresa: A, id_equipe: squadA2, id_produto: onuA, patrimonio, motivo: 'defeito' });
    expect(ret.modo).toBe('patrimonio');
    expect(await item(patrimonio)).toMatchObject({ local: 'almoxarifado', id_equipe: null });
    const held = (await t.inject(`/api/supply-items?${new URLSearchParams({ filter: JSON.stringify({ id_equipe: squadA2, local: 'equipe' }) })}`)).json() as { patrimonio: string }[];
    expect(held.map((i) => i.patrimonio)).not.toContain(patrimonio);
  });

  it('a tracked product needs its unit, one at a time; a counted one a quantity and no unit', async () => {
    const none = await send('POST', '/api/supply-receipts', { id_empresa: A, id_produto: onuA });
    expect([none.statusCode, none.json().message]).toEqual([400, SUPPLY_RULES_MSG.unitRequired]);
    const five = await send('POST', '/api/supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio: code(), quantidade: 5 });
    expect([five.statusCode, five.json().message]).toEqual([400, SUPPLY_RULES_MSG.oneUnit]);
    const unit = await send('POST', '/api/supply-receipts', { id_empresa: A, id_produto: cabo, patrimonio: code(), quantidade: 5 });
    expect([unit.statusCode, unit.json().message]).toEqual([400, SUPPLY_RULES_MSG.noUnitForCounted]);
  });

  it('counted balances move between places and never go negative', async () => {
    const product = (await post('supply-products', { nome: `Conector ${code()}`, tipo: 'conector', controle: 'quantidade', id_empresa: A })).id;
    const receipt = await post('supply-receipts', { id_empresa: A, id_produto: product, quantidade: 100 });
    expect(receipt).toMatchObject({ modo: 'quantidade', quantidade: 100, patrimonio: null });
    await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: product, quantidade: 30 });
    expect([await balance(product, 'almoxarifado'), await balance(product, 'equipe', squadA1)]).toEqual([70, 30]);
    const over = await send('POST', '/api/supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: product, quantidade: 40 });
    expect([over.statusCode, over.json().message]).toEqual([400, SUPPLIES_MSG.notEnough('com a equipe', 30, 40)]);
    const otherSquad = await send('POST', '/api/supply-returns', { id_empresa: A, id_equipe: squadA2, id_produto: product, quantidade: 1 });
    expect(otherSquad.statusCode).toBe(400);
    await post('supply-installations', { id_empresa: A, id_equipe: squadA1, id_produto: product, quantidade: 2, cliente_codigo: customers.A1 });
    // A counted devolution is taken as told; the "alternative" list shows the counted ones.
    await post('supply-devolutions', { id_empresa: A, id_produto: product, quantidade: 2, cliente_codigo: customers.A2 });
    await post('supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: product, quantidade: 28 });
    expect([await balance(product, 'almoxarifado'), await balance(product, 'equipe', squadA1)]).toEqual([100, 0]);
    const counted = (await t.inject(`/api/supply-returns?${new URLSearchParams({ filter: JSON.stringify({ modo: 'quantidade', id_produto: product }) })}`)).json();
    expect(counted).toHaveLength(1);
    const tooMuch = await send('POST', '/api/supply-recycling', { id_empresa: A, id_produto: product, quantidade: 101, motivo: 'Oxidados' });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, SUPPLIES_MSG.notEnough('no almoxarifado', 100, 101)]);
  });

  it('a pending removal moves nothing; retirado moves the unit from the customer to the squad, and does not go back', async () => {
    const patrimonio = await unitAt('cliente');
    const removal = await post('supply-removals', { id_empresa: A, id_produto: onuA, patrimonio, cliente_codigo: customers.A1, os: 'OS-CANCEL-1', data_prevista: '2027-03-12' });
    expect(removal).toMatchObject({ status: 'pendente', data_retirada: null, cliente_nome: 'Cliente A1' });
    expect(await item(patrimonio)).toMatchObject({ local: 'cliente' });
    const noSquad = await send('PUT', `/api/supply-removals/${removal.id}`, { status: 'retirado' });
    expect([noSquad.statusCode, noSquad.json().message]).toEqual([400, SUPPLY_RULES_MSG.removalSquadRequired]);
    const done = await send('PUT', `/api/supply-removals/${removal.id}`, { status: 'retirado', id_equipe: squadA2 });
    expect(done.statusCode, done.body).toBe(200);
    expect(Date.parse(done.json().data_retirada)).toBe(NOW.getTime());
    expect(await item(patrimonio)).toMatchObject({ local: 'equipe', id_equipe: squadA2 });
    const back = await send('PUT', `/api/supply-removals/${removal.id}`, { status: 'pendente' });
    expect([back.statusCode, back.json().message]).toEqual([400, SUPPLY_RULES_MSG.removalDone]);
    // Not found, or cancelled: nothing moves.
    const other = await unitAt('cliente', squadA1, customers.A2);
    const lost = await post('supply-removals', { id_empresa: A, id_produto: onuA, patrimonio: other, cliente_codigo: customers.A2, os: 'OS-CANCEL-2', status: 'nao_localizado' });
    expect(lost.status).toBe('nao_localizado');
    expect(await item(other)).toMatchObject({ local: 'cliente' });
    // Created already done: moved at once.
    await post('supply-removals', { id_empresa: A, id_produto: onuA, patrimonio: other, cliente_codigo: customers.A2, os: 'OS-CANCEL-3', status: 'retirado', id_equipe: squadA1 });
    expect(await item(other)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
  });

  it('maintenance: sent from the warehouse; reparado brings it back, sem_conserto writes it off; no going back', async () => {
    const fixed = await unitAt('almoxarifado');
    const m1 = await post('supply-maintenance', { id_empresa: A, id_produto: onuA, patrimonio: fixed, fornecedor: 'Assistência Fibra', defeito: 'Não liga', data_envio: '2027-03-01' });
    expect(await item(fixed)).toMatchObject({ local: 'manutencao' });
    const repaired = await send('PUT', `/api/supply-maintenance/${m1.id}`, { status: 'reparado', laudo: 'Fonte trocada', custo: 45.5 });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().data_retorno).toBe('2027-03-10');
    expect(await item(fixed)).toMatchObject({ local: 'almoxarifado' });
    const reopen = await send('PUT', `/api/supply-maintenance/${m1.id}`, { status: 'em_reparo' });
    expect([reopen.statusCode, reopen.json().message], reopen.body).toEqual([400, SUPPLY_RULES_MSG.maintenanceClosed]);

    const broken = await unitAt('almoxarifado');
    const m2 = await post('supply-maintenance', { id_empresa: A, id_produto: onuA, patrimonio: broken, fornecedor: 'Assistência Fibra', data_envio: '2027-03-01' });
    await send('PUT', `/api/supply-maintenance/${m2.id}`, { status: 'sem_conserto', data_retorno: '2027-03-05' });
    expect(await item(broken)).toMatchObject({ local: 'baixado' });
    // Only a unit in the warehouse goes to repair.
    const inSquad = await unitAt('equipe');
    const r = await send('POST', '/api/supply-maintenance', { id_empresa: A, id_produto: onuA, patrimonio: inSquad, fornecedor: 'Assistência Fibra', data_envio: '2027-03-01' });
    expect([r.statusCode, r.json().message]).toEqual([400, SUPPLIES_MSG.notThere(inSquad, 'no almoxarifado', 'com a equipe')]);
  });

  it('recycling writes off a unit of the warehouse or of a squad', async () => {
    const fromSquad = await unitAt('equipe');
    const noSquad = await send('POST', '/api/supply-recycling', { id_empresa: A, origem: 'equipe', id_produto: onuA, patrimonio: fromSquad, motivo: 'Queimada' });
    expect([noSquad.statusCode, noSquad.json().message]).toEqual([400, SUPPLY_RULES_MSG.recyclingSquadRequired]);
    await post('supply-recycling', { id_empresa: A, origem: 'equipe', id_equipe: squadA1, id_produto: onuA, patrimonio: fromSquad, motivo: 'Queimada' });
    expect(await item(fromSquad)).toMatchObject({ local: 'baixado', id_equipe: null });
    const fromWarehouse = await unitAt('almoxarifado');
    await post('supply-recycling', { id_empresa: A, id_produto: onuA, patrimonio: fromWarehouse, motivo: 'Obsoleta' });
    expect(await item(fromWarehouse)).toMatchObject({ local: 'baixado' });
    const squads = (await t.inject(`/api/supply-recycling?${new URLSearchParams({ filter: JSON.stringify({ origem: 'equipe', id_empresa: A }) })}`)).json() as { patrimonio: string }[];
    expect(squads.map((s) => s.patrimonio)).toContain(fromSquad);
    expect(squads.map((s) => s.patrimonio)).not.toContain(fromWarehouse);
  });

  it('an update changes notes and status, never what moved', async () => {
    const patrimonio = await unitAt('almoxarifado');
    const dispatch = await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio });
    for (const change of [{ id_equipe: squadA2 }, { patrimonio: code() }, { quantidade: 2 }]) {
      const r = await send('PUT', `/api/supply-dispatches/${dispatch.id}`, change);
      expect([r.statusCode, r.json().message], JSON.stringify(change)).toEqual([400, SUPPLY_RULES_MSG.movedFields]);
    }
    const notes = await send('PUT', `/api/supply-dispatches/${dispatch.id}`, { ...dispatch, observacoes: 'Entregue ao técnico João' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().observacoes).toBe('Entregue ao técnico João');
    expect(await item(patrimonio)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
    const install = await post('supply-installations', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio, cliente_codigo: customers.A1 });
    const customer = await send('PUT', `/api/supply-installations/${install.id}`, { cliente_codigo: customers.A2 });
    expect([customer.statusCode, customer.json().message]).toEqual([400, SUPPLY_RULES_MSG.movedFields]);
  });

  it("the product's control and provider, and a squad's provider, do not change once they have movements", async () => {
    const product = (await post('supply-products', { nome: `ONU ${code()}`, tipo: 'onu', id_empresa: A })).id;
    expect((await send('PUT', `/api/supply-products/${product}`, { controle: 'quantidade' })).statusCode).toBe(200);
    expect((await send('PUT', `/api/supply-products/${product}`, { controle: 'patrimonio' })).statusCode).toBe(200);
    await post('supply-receipts', { id_empresa: A, id_produto: product, patrimonio: code() });
    const r = await send('PUT', `/api/supply-products/${product}`, { controle: 'quantidade' });
    expect([r.statusCode, r.json().message]).toEqual([400, SUPPLY_RULES_MSG.controlLocked]);
    const provider = await send('PUT', `/api/supply-products/${product}`, { id_empresa: B });
    expect([provider.statusCode, provider.json().message]).toEqual([400, SUPPLY_RULES_MSG.productProviderLocked]);
    // Nor does a squad that moved equipment change provider; a new one does.
    const squad = await send('PUT', `/api/squads/${squadA1}`, { id_empresa: B });
    expect([squad.statusCode, squad.json().message]).toEqual([400, SUPPLY_RULES_MSG.squadProviderLocked]);
    const fresh = await post('squads', { id_empresa: A, nome: `Equipe ${code()}` });
    expect((await send('PUT', `/api/squads/${fresh.id}`, { id_empresa: B })).statusCode).toBe(200);
  });

  it("a delete undoes the row's moves only while they are their units' latest", async () => {
    const patrimonio = code();
    const receipt = await post('supply-receipts', { id_empresa: A, id_produto: onuA, patrimonio });
    const dispatch = await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio });
    const install = await post('supply-installations', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio, cliente_codigo: customers.A1 });
    const early = await send('DELETE', `/api/supply-dispatches/${dispatch.id}`);
    expect([early.statusCode, early.json().message]).toEqual([409, SUPPLY_RULES_MSG.notLatest(patrimonio)]);
    expect(await item(patrimonio)).toMatchObject({ local: 'cliente' });
    expect((await send('DELETE', `/api/supply-installations/${install.id}`)).statusCode).toBe(200);
    expect(await item(patrimonio)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
    expect((await send('DELETE', `/api/supply-dispatches/${dispatch.id}`)).statusCode).toBe(200);
    expect(await item(patrimonio)).toMatchObject({ local: 'almoxarifado' });
    expect((await send('DELETE', `/api/supply-receipts/${receipt.id}`)).statusCode).toBe(200);
    expect(await item(patrimonio)).toBeUndefined();
    // Counted: a receipt whose quantity already left the warehouse is not undone.
    const product = (await post('supply-products', { nome: `Cabo ${code()}`, tipo: 'cabo', controle: 'quantidade', unidade: 'm', id_empresa: A })).id;
    const counted = await post('supply-receipts', { id_empresa: A, id_produto: product, quantidade: 50 });
    await post('supply-dispatches', { id_empresa: A, id_equipe: squadA1, id_produto: product, quantidade: 20 });
    const refused = await send('DELETE', `/api/supply-receipts/${counted.id}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, SUPPLIES_MSG.notEnough('no almoxarifado', 30, 50)]);
    expect(await balance(product, 'almoxarifado')).toBe(30);
  });
});

describe('POST v1/suprimentos/retorno/atualizar/os/patrimonio', () => {
  const URL = '/v1/suprimentos/retorno/atualizar/os/patrimonio';

  it('corrects the OS and the unit: the old unit goes back to the squad, the new one into the warehouse', async () => {
    const wrong = await unitAt('equipe');
    const right = await unitAt('equipe');
    const ret = await post('supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio: wrong, os: 'OS-1' });
    const r = await send('POST', URL, { id: String(ret.id), os: 'OS-2', patrimonio: right }, as('suprimentos:solicitante'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ message: SUPPLIES_MSG.returnEdited, update_suprimentos_retorno: { affected_rows: 1, returning: [{ id: ret.id, os: 'OS-2', patrimonio: right }] } });
    expect(await item(wrong)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
    expect(await item(right)).toMatchObject({ local: 'almoxarifado', os: 'OS-2' });
    // Only the OS.
    const os = await send('POST', URL, { id: ret.id, os: 'OS-3' }, as('suprimentos:solicitante'));
    expect(os.json()).toMatchObject({ message: SUPPLIES_MSG.returnEdited, update_suprimentos_retorno: { returning: [{ os: 'OS-3', patrimonio: right }] } });
  });

  it("'Ops... Verifique os dados e tente novamente!' when no row is affected: an unknown id, another provider's return, nothing to change", async () => {
    const patrimonio = await unitAt('equipe');
    const ret = await post('supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio, os: 'OS-9' });
    const none = { message: SUPPLIES_MSG.noRowAffected, update_suprimentos_retorno: { affected_rows: 0, returning: [] } };
    for (const [body, headers] of [
      [{ id: 2_000_000_000, os: 'OS-1' }, as('suprimentos:solicitante')],
      [{ id: ret.id, os: 'OS-1' }, as('suprimentos:solicitante@B')],
      [{ id: ret.id, os: 'OS-9', patrimonio }, as('suprimentos:solicitante')],
    ] as const) {
      const r = await send('POST', URL, body, headers);
      expect([r.statusCode, r.json()], JSON.stringify(body)).toEqual([200, none]);
    }
    expect((await t.inject(`/api/supply-returns/${ret.id}`)).json().os).toBe('OS-9');
  });

  it('a refused move is 400 with its text, and nothing changes; bad input is 400; a reader is refused', async () => {
    const patrimonio = await unitAt('equipe');
    const elsewhere = await unitAt('equipe', squadA2);
    const ret = await post('supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio });
    const r = await send('POST', URL, { id: ret.id, patrimonio: elsewhere }, as('suprimentos:solicitante'));
    expect([r.statusCode, r.json().message]).toEqual([400, SUPPLIES_MSG.notThere(elsewhere, 'com esta equipe', 'com outra equipe')]);
    expect(await item(patrimonio)).toMatchObject({ local: 'almoxarifado' });
    expect(await item(elsewhere)).toMatchObject({ local: 'equipe', id_equipe: squadA2 });
    // The old unit moved on since: its return cannot be undone.
    await post('supply-dispatches', { id_empresa: A, id_equipe: squadA2, id_produto: onuA, patrimonio });
    const moved = await send('POST', URL, { id: ret.id, patrimonio: await unitAt('equipe') }, as('suprimentos:solicitante'));
    expect([moved.statusCode, moved.json().message]).toEqual([400, SUPPLY_RULES_MSG.notLatest(patrimonio)]);
    for (const body of [{}, { id: 'abc', os: 'x' }, { id: ret.id }, { id: ret.id, os: 5.5, extra: 1 }, { id: -1, os: 'x' }]) {
      const bad = await send('POST', URL, body, as('suprimentos:solicitante'));
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    const reader = await send('POST', URL, { id: ret.id, os: 'OS-X' }, as('suprimentos:leitor'));
    expect(reader.statusCode).toBe(403);
  });

  it('the edit form changes the patrimônio by the same rule', async () => {
    const wrong = await unitAt('equipe');
    const right = await unitAt('equipe');
    const ret = await post('supply-returns', { id_empresa: A, id_equipe: squadA1, id_produto: onuA, patrimonio: wrong });
    const r = await send('PUT', `/api/supply-returns/${ret.id}`, { patrimonio: right });
    expect(r.statusCode, r.body).toBe(200);
    expect(await item(wrong)).toMatchObject({ local: 'equipe', id_equipe: squadA1 });
    expect(await item(right)).toMatchObject({ local: 'almoxarifado' });
  });
});
