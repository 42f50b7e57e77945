// A squad's inventory count (src/server/supplies/inventory.ts, src/server/v1/inventory.ts): rights and
// provider scoping; the opening's snapshot is what the system says the squad holds; the rows' PUT
// (v1/company/inventario/{id}); the validation (POST v1/company/suprimentos/inventario) with the spec's
// message, its refusal while a row is untold, what it moves through the ledger, and all-or-nothing when
// a row is refused; a validated count is read-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG } from '../../src/domain/inventory.js';
import { MSG } from '../../src/domain/messages.js';
import { SUPPLIES_MSG } from '../../src/domain/supplies.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

// The app's clock: the count's date is this day in São Paulo.
const NOW = new Date('2027-05-20T15:00:00Z');
const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';

let t: TestApp;
let A: number;
let B: number;
let cityA: number;
const tokens: Record<string, string> = {};
let seq = 0;

const as = (key: string) => bearer(tokens[key], tokens[key + ':role']);
async function user(key: string, papel: string, providers: number[]) {
  tokens[key] = await t.userToken({ papeis: [papel], id_empresas: providers, email: `inventario.${++seq}.${Date.now()}@teste.com.br`, funcionario: true });
  tokens[key + ':role'] = papel;
}

const one = async <T = Record<string, any>>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
const squad = async (nome: string, provider: number, city: number | null = null) =>
  (await one<{ id: number }>(`INSERT INTO suprimentos.equipe (nome, id_empresa, id_cidade) VALUES ($1, $2, $3) RETURNING id`, [nome, provider, city])).id;
const product = async (nome: string, controle: 'patrimonio' | 'quantidade', provider: number | null = null) =>
  (await one<{ id: number }>(
    `INSERT INTO suprimentos.produto (nome, tipo, controle, unidade, id_empresa) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [nome, controle === 'patrimonio' ? 'onu' : 'cabo', controle, controle === 'patrimonio' ? 'un' : 'm', provider],
  )).id;
/** A unit of `provider`, at the warehouse or with a squad. */
const unit = async (provider: number, productId: number, patrimonio: string, squadId: number | null = null) =>
  (await one<{ id: number }>(
    `INSERT INTO suprimentos.item (id_empresa, id_produto, patrimonio, local, id_equipe) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [provider, productId, patrimonio, squadId ? 'equipe' : 'almoxarifado', squadId],
  )).id;
const balance = (provider: number, productId: number, quantidade: number, squadId: number | null = null, local = squadId ? 'equipe' : 'almoxarifado') =>
  t.db.query(`INSERT INTO suprimentos.saldo (id_empresa, id_produto, local, id_equipe, quantidade) VALUES ($1, $2, $3, $4, $5)`, [provider, productId, local, squadId, quantidade]);
const held = async (provider: number, productId: number, local: string, squadId: number | null = null) =>
  (await one<{ q: number }>(
    `SELECT COALESCE(sum(quantidade), 0)::int AS q FROM suprimentos.saldo WHERE id_empresa = $1 AND id_produto = $2 AND local = $3 AND coalesce(id_equipe, 0) = coalesce($4::int, 0)`,
    [provider, productId, local, squadId],
  )).q;
const placeOf = async (itemId: number) => one<{ local: string; id_equipe: number | null }>(`SELECT local, id_equipe FROM suprimentos.item WHERE id = $1`, [itemId]);
const ledgerOf = async (inventory: number) =>
  (await t.db.query(
    `SELECT id_produto, id_item, quantidade, tipo, origem_local, origem_equipe, destino_local, destino_equipe FROM suprimentos.movimento
      WHERE registro_tabela = 'suprimentos.inventario' AND registro_id = $1 ORDER BY id`,
    [inventory],
  )).rows;

const view = (squadId: number, who = 'gestorA') => t.app.inject({ url: `/v1/suprimentos/equipes/${squadId}/inventario`, headers: as(who) });
const open = (squadId: number, who = 'solicitanteA') => t.app.inject({ method: 'POST', url: `/v1/suprimentos/equipes/${squadId}/inventario`, headers: as(who) });
const put = (rowId: number, payload: Record<string, unknown>, who = 'solicitanteA') =>
  t.app.inject({ method: 'PUT', url: `/v1/company/inventario/${rowId}`, headers: as(who), payload });
const declare = (inventory: number, payload: Record<string, unknown>, who = 'solicitanteA') =>
  t.app.inject({ method: 'POST', url: `/v1/company/inventario/${inventory}/itens`, headers: as(who), payload });
const validate = (payload: Record<string, unknown>, who = 'solicitanteA') =>
  t.app.inject({ method: 'POST', url: '/v1/company/suprimentos/inventario', headers: as(who), payload });

/** Opens a count of the squad and answers it (rows by patrimônio, or by product name for counted ones). */
async function opened(squadId: number) {
  const r = await open(squadId);
  expect(r.statusCode, r.body).toBe(200);
  const count = r.json().inventario;
  const row = (key: string) => count.itens.find((l: any) => l.patrimonio === key || (!l.patrimonio && l.produto === key));
  return { id: count.id as number, count, row };
}

let onu: number;
let cable: number;
let connector: number;

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  cityA = (await one<{ id: number }>(`INSERT INTO rh.cidade_provedor (nome, uf, id_empresa) VALUES ('Fortaleza', 'CE', $1) RETURNING id`, [A])).id;
  await user('gestorA', 'suprimentos:gestor', [A]);
  await user('solicitanteA', 'suprimentos:solicitante', [A]);
  await user('leitorA', 'suprimentos:leitor', [A]);
  await user('solicitanteB', 'suprimentos:solicitante', [B]);
  await user('semPapel', 'rh:gestor', [A]);
  // The group's catalogue: a tracked ONU, a counted cable and a counted connector.
  onu = await product('ONU Huawei HG8145', 'patrimonio');
  cable = await product('Cabo drop', 'quantidade');
  connector = await product('Conector SC/APC', 'quantidade');
});
afterAll(() => t?.close());

describe('rights and provider scoping', () => {
  it('reads for leitor and up, writes for solicitante and up, and nothing of another provider', async () => {
    const s = await squad('Equipe Rights', A, cityA);
    expect((await view(s, 'leitorA')).statusCode).toBe(200);
    const refused = await open(s, 'leitorA');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ALLOWED);
    expect((await view(s, 'semPapel')).statusCode).toBe(403);
    // Another provider's squad is not found, for reads and writes alike.
    expect((await view(s, 'solicitanteB')).statusCode).toBe(404);
    expect((await open(s, 'solicitanteB')).statusCode).toBe(404);
    const { id, count } = await opened(s);
    expect(count.itens).toEqual([]);
    expect((await declare(id, { id_produto: cable, quantidade_informada: 2 }, 'solicitanteB')).statusCode).toBe(404);
    expect((await validate({ id }, 'solicitanteB')).statusCode).toBe(404);
    expect((await validate({ id }, 'leitorA')).statusCode).toBe(403);
    const row = (await declare(id, { id_produto: cable, quantidade_informada: 2 })).json().item.id;
    expect((await put(row, { quantidade_informada: 3 }, 'solicitanteB')).statusCode).toBe(404);
    expect((await put(row, { quantidade_informada: 3 }, 'leitorA')).statusCode).toBe(403);
    // Nothing changed by the refusals.
    expect((await view(s, 'leitorA')).json().aberto.itens.map((l: any) => l.quantidade_informada)).toEqual([2]);
    // The registers are internal: no generic writes.
    expect((await t.inject({ method: 'POST', url: '/api/squad-inventories', payload: { id_empresa: A, id_equipe: s } })).statusCode).toBe(405);
    expect((await t.inject({ method: 'PUT', url: `/api/squad-inventory-items/${row}`, payload: { quantidade_informada: 9 } })).statusCode).toBe(405);
    // Their reads keep the provider's scope.
    const list = await t.app.inject({ url: '/api/squad-inventories', headers: as('solicitanteB') });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: any) => r.id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/squad-inventory-items/${row}`, headers: as('solicitanteB') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/squad-inventory-items/${row}`, headers: as('leitorA') })).statusCode).toBe(200);
  });

  it('answers 404 for a squad, count or row that does not exist, and 400 for a malformed call', async () => {
    expect((await view(999_999)).statusCode).toBe(404);
    expect((await open(999_999)).statusCode).toBe(404);
    expect((await put(999_999, { quantidade_informada: 1 })).statusCode).toBe(404);
    expect((await validate({ id: 999_999 })).statusCode).toBe(404);
    expect((await view(0)).statusCode).toBe(400);
    const bad = await put(1, { quantidade_informada: 'muitos' });
    expect(bad.statusCode).toBe(400);
    expect((await put(1, { quantidade_informada: -1 })).statusCode).toBe(400);
    expect((await put(1, { hack: 1 })).json().errors).toEqual({ hack: MSG.unknownField });
    expect((await validate({})).statusCode).toBe(400);
    expect((await validate({ id: 1, id_inventario: 2 })).statusCode).toBe(400);
  });
});

describe('opening a count', () => {
  it('is a snapshot of what the system says the squad holds now, once per squad', async () => {
    const s = await squad('Equipe Snapshot', A, cityA);
    const other = await squad('Equipe Vizinha', A, cityA);
    await unit(A, onu, 'SNAP-1', s);
    await unit(A, onu, 'SNAP-2', s);
    await unit(A, onu, 'SNAP-3', other);
    await unit(A, onu, 'SNAP-4');
    await balance(A, cable, 120, s);
    await balance(A, cable, 500);
    await balance(A, connector, 0, s);
    // Before the opening, what the system says the squad holds, by product.
    expect((await view(s)).json().posse.map((h: any) => [h.produto, h.quantidade, h.unidade])).toEqual([
      ['Cabo drop', 120, 'm'],
      ['ONU Huawei HG8145', 2, 'un'],
    ]);
    const { id, count } = await opened(s);
    expect(count.data).toBe('2027-05-20');
    expect(count.validado).toBe(false);
    const rows = count.itens.map((l: any) => [l.produto, l.patrimonio, l.sistema, l.quantidade_informada, l.origem, l.diferenca]);
    expect(rows).toEqual([
      ['Cabo drop', null, 120, null, 'sistema', null],
      ['ONU Huawei HG8145', 'SNAP-1', 1, null, 'sistema', null],
      ['ONU Huawei HG8145', 'SNAP-2', 1, null, 'sistema', null],
    ]);
    // The stored rows carry the squad and its city, as the spec's inventory row names them.
    const stored = (await t.db.query(`SELECT equipe, cidade, origem, validado FROM suprimentos.inventario_item WHERE id_inventario = $1`, [id])).rows;
    expect(stored.every((r) => r.equipe === s && r.cidade === 'Fortaleza' && r.origem === 'sistema' && r.validado === false)).toBe(true);
    const again = await open(s);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INVENTORY_MSG.alreadyOpen);
    const page = (await view(s)).json();
    expect(page.equipe).toMatchObject({ id: s, nome: 'Equipe Snapshot', empresa: 'Bitcom', cidade: 'Fortaleza' });
    expect(page.aberto.id).toBe(id);
    expect(page.validados).toEqual([]);
  });
});

describe('the rows', () => {
  it('take the told quantity (0 or 1 for a unit), and a declared row is added and removed', async () => {
    const s = await squad('Equipe Linhas', A, cityA);
    await unit(A, onu, 'ROW-1', s);
    await balance(A, cable, 50, s);
    const { id, row } = await opened(s);
    const r = await put(row('ROW-1').id, { quantidade_informada: 1 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ message: 'Dados atualizados com sucesso!', item: { quantidade_informada: 1, diferenca: 0 } });
    const two = await put(row('ROW-1').id, { quantidade_informada: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual({ quantidade_informada: INVENTORY_MSG.unitCount });
    expect((await put(row('Cabo drop').id, { quantidade_informada: 47 })).json().item.diferenca).toBe(-3);
    // A system row's patrimônio stays.
    expect((await put(row('ROW-1').id, { patrimonio: 'OUTRO' })).json().errors).toEqual({ patrimonio: INVENTORY_MSG.systemCodeFixed });
    expect((await put(row('ROW-1').id, { patrimonio: 'row-1' })).statusCode).toBe(200);
    // Clearing a told quantity.
    expect((await put(row('Cabo drop').id, { quantidade_informada: null })).json().item.diferenca).toBe(null);
    // Declared rows: a unit by its patrimônio (counted 1), a counted product not in the count yet.
    const declared = await declare(id, { id_produto: onu, patrimonio: 'ROW-NOVO' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().item).toMatchObject({ origem: 'informado', sistema: 0, quantidade_informada: 1, diferenca: 1, cadastrado: false });
    expect((await declare(id, { id_produto: onu, patrimonio: 'row-1' })).json().errors).toEqual({ patrimonio: INVENTORY_MSG.codeInCount('row-1') });
    expect((await declare(id, { id_produto: onu })).json().errors).toEqual({ patrimonio: INVENTORY_MSG.codeRequired });
    expect((await declare(id, { id_produto: cable, quantidade_informada: 3 })).json().errors).toEqual({ id_produto: INVENTORY_MSG.productInCount });
    const otherProvider = await product('ONU só da Vetorial', 'patrimonio', B);
    expect((await declare(id, { id_produto: otherProvider, patrimonio: 'X1' })).json().errors).toEqual({ id_produto: INVENTORY_MSG.productNotFound });
    // A patrimônio the provider has as another product.
    await unit(A, onu, 'ROW-ONU');
    const router = await product('Roteador TP-Link', 'patrimonio');
    expect((await declare(id, { id_produto: router, patrimonio: 'ROW-ONU' })).json().errors).toEqual({ patrimonio: SUPPLIES_MSG.otherProduct('ROW-ONU') });
    // The declared patrimônio may be corrected; the row removed; a system row may not be.
    const declaredId = declared.json().item.id;
    expect((await put(declaredId, { patrimonio: 'ROW-ONU' })).json().item).toMatchObject({ patrimonio: 'ROW-ONU', cadastrado: true });
    const gone = await t.app.inject({ method: 'DELETE', url: `/v1/company/inventario/${declaredId}`, headers: as('solicitanteA') });
    expect(gone.statusCode, gone.body).toBe(200);
    const kept = await t.app.inject({ method: 'DELETE', url: `/v1/company/inventario/${row('ROW-1').id}`, headers: as('solicitanteA') });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(INVENTORY_MSG.onlyDeclaredRemoved);
    expect((await view(s)).json().aberto.itens.map((l: any) => l.patrimonio ?? l.produto)).toEqual(['Cabo drop', 'ROW-1']);
  });
});

describe('validating a count', () => {
  it('refuses while a row is untold, naming it; then settles every difference through the ledger and is read-only', async () => {
    const s = await squad('Equipe Validação', A, cityA);
    const kept = await unit(A, onu, 'VAL-OK', s);
    const lost = await unit(A, onu, 'VAL-PERDIDA', s);
    const elsewhere = await unit(A, onu, 'VAL-ACHADA');
    await balance(A, cable, 100, s);
    await balance(A, connector, 10, s);
    await balance(A, connector, 40);
    const { id, row } = await opened(s);
    await put(row('VAL-OK').id, { quantidade_informada: 1 });
    const untold = await validate({ id });
    expect(untold.statusCode).toBe(400);
    expect(untold.json().message).toBe(INVENTORY_MSG.missingCounts(['Cabo drop', 'Conector SC/APC', 'ONU Huawei HG8145 (VAL-PERDIDA)']));
    expect((await one(`SELECT validado FROM suprimentos.inventario WHERE id = $1`, [id])).validado).toBe(false);
    await put(row('VAL-PERDIDA').id, { quantidade_informada: 0 });
    await put(row('Cabo drop').id, { quantidade_informada: 93 });
    await put(row('Conector SC/APC').id, { quantidade_informada: 12 });
    expect((await declare(id, { id_produto: onu, patrimonio: 'val-achada' })).statusCode).toBe(200);
    const done = await validate({ id_inventario: id }, 'gestorA');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: 'Inventário validado com sucesso.', resumo: { itens: 5, iguais: 1, faltas: 8, sobras: 3 } });
    expect(SUPPLIES_MSG.inventoryValidated).toBe('Inventário validado com sucesso.');
    // What moved: the lost unit is written off as missing, the found one joins the squad, the cable's
    // shortfall is missing, the connector's surplus enters the squad from outside (the warehouse keeps its 40).
    expect(await placeOf(kept)).toEqual({ local: 'equipe', id_equipe: s });
    expect(await placeOf(lost)).toEqual({ local: 'extraviado', id_equipe: null });
    expect(await placeOf(elsewhere)).toEqual({ local: 'equipe', id_equipe: s });
    expect(await held(A, cable, 'equipe', s)).toBe(93);
    expect(await held(A, cable, 'extraviado')).toBe(7);
    expect(await held(A, connector, 'equipe', s)).toBe(12);
    expect(await held(A, connector, 'almoxarifado')).toBe(40);
    expect(await ledgerOf(id)).toEqual([
      { id_produto: cable, id_item: null, quantidade: 7, tipo: 'inventario', origem_local: 'equipe', origem_equipe: s, destino_local: 'extraviado', destino_equipe: null },
      { id_produto: connector, id_item: null, quantidade: 2, tipo: 'inventario', origem_local: null, origem_equipe: null, destino_local: 'equipe', destino_equipe: s },
      { id_produto: onu, id_item: lost, quantidade: 1, tipo: 'inventario', origem_local: 'equipe', origem_equipe: s, destino_local: 'extraviado', destino_equipe: null },
      { id_produto: onu, id_item: elsewhere, quantidade: 1, tipo: 'inventario', origem_local: 'almoxarifado', origem_equipe: null, destino_local: 'equipe', destino_equipe: s },
    ]);
    // Marked validated, by whom and when; every row too.
    const stored = await one(`SELECT validado, validado_em, validado_por FROM suprimentos.inventario WHERE id = $1`, [id]);
    expect(stored.validado).toBe(true);
    expect(new Date(stored.validado_em).toISOString()).toBe(NOW.toISOString());
    expect(stored.validado_por).not.toBeNull();
    expect((await one(`SELECT bool_and(validado) AS all FROM suprimentos.inventario_item WHERE id_inventario = $1`, [id])).all).toBe(true);
    // Read-only from now on: no PUT, no new row, no second validation.
    const edit = await put(row('Cabo drop').id, { quantidade_informada: 100 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(SUPPLIES_MSG.validatedReadOnly);
    expect((await declare(id, { id_produto: onu, patrimonio: 'VAL-MAIS' })).json().message).toBe(SUPPLIES_MSG.validatedReadOnly);
    const twice = await validate({ id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(SUPPLIES_MSG.validatedReadOnly);
    expect(await ledgerOf(id)).toHaveLength(4);
    // The page: no open count, this one among the validated, with who validated it; a new count may open.
    const page = (await view(s)).json();
    expect(page.aberto).toBeNull();
    expect(page.validados).toHaveLength(1);
    expect(page.validados[0]).toMatchObject({ id, validado: true, validado_por_nome: 'Usuário de Teste', resumo: { itens: 5, iguais: 1, faltas: 8, sobras: 3 } });
    const next = await opened(s);
    expect(next.count.itens.map((l: any) => [l.patrimonio ?? l.produto, l.sistema])).toEqual([
      ['Cabo drop', 93],
      ['Conector SC/APC', 12],
      ['VAL-ACHADA', 1],
      ['VAL-OK', 1],
    ]);
  });

  it('is all or nothing: a row the ledger refuses leaves every other row unsettled, and says which', async () => {
    const s = await squad('Equipe Tudo ou Nada', A, cityA);
    const lost = await unit(A, onu, 'TN-PERDIDA', s);
    await balance(A, cable, 30, s);
    const { id, row } = await opened(s);
    await put(row('TN-PERDIDA').id, { quantidade_informada: 0 });
    await put(row('Cabo drop').id, { quantidade_informada: 10 });
    await declare(id, { id_produto: onu, patrimonio: 'TN-DESCONHECIDA' });
    const refused = await validate({ id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`ONU Huawei HG8145 (TN-DESCONHECIDA): ${INVENTORY_MSG.unknownCodeOnValidate('TN-DESCONHECIDA')}`);
    expect(await placeOf(lost)).toEqual({ local: 'equipe', id_equipe: s });
    expect(await held(A, cable, 'equipe', s)).toBe(30);
    expect(await ledgerOf(id)).toEqual([]);
    expect((await one(`SELECT validado FROM suprimentos.inventario WHERE id = $1`, [id])).validado).toBe(false);
    expect((await one(`SELECT count(*)::int AS n FROM suprimentos.inventario_item WHERE id_inventario = $1 AND validado`, [id])).n).toBe(0);
    // A unit of the count that left the squad after the opening cannot be written off from it.
    const s2 = await squad('Equipe Que Instalou', A, cityA);
    await unit(A, onu, 'TN-FICA', s2);
    const c2 = await opened(s2);
    await t.db.query(`UPDATE suprimentos.item SET local = 'almoxarifado', id_equipe = NULL WHERE patrimonio = 'TN-FICA'`);
    await put(c2.row('TN-FICA').id, { quantidade_informada: 0 });
    const stale = await validate({ id: c2.id });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(`ONU Huawei HG8145 (TN-FICA): ${SUPPLIES_MSG.notThere('TN-FICA', 'com esta equipe', 'no almoxarifado')}`);
    // Corrected (the row removed), the first count validates.
    const unknownRow = (await view(s)).json().aberto.itens.find((l: any) => l.patrimonio === 'TN-DESCONHECIDA');
    expect(unknownRow.cadastrado).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/company/inventario/${unknownRow.id}`, headers: as('solicitanteA') })).statusCode).toBe(200);
    const ok = await validate({ id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(SUPPLIES_MSG.inventoryValidated);
    expect(await placeOf(lost)).toEqual({ local: 'extraviado', id_equipe: null });
    expect(await held(A, cable, 'equipe', s)).toBe(10);
  });
});
