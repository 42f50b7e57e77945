// The squad's inventory page (custom-pages/squads, /squads/inventory/{id}) against the real server:
// 'Abrir contagem' opens the count with what the system says the squad holds; the told quantity typed
// in a row is saved (on Enter, or on leaving the field) with the toast 'Dados atualizados com
// sucesso!' and its difference is highlighted (red missing, amber extra, green equal); a declared row
// is added; 'Validar inventário' asks first, then toasts 'Inventário validado com sucesso.' and lists
// the count among the validated ones (read-only); a refused validation toasts 'Erro ao validar
// inventário' and says why on the page.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { INVENTORY_MSG } from '../../src/domain/inventory.js';
import { SUPPLIES_MSG } from '../../src/domain/supplies.js';
import { renderPage, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let onu: number;
let cable: number;

const one = async (sql: string, params: unknown[]) => (await ui.server.db.query<{ id: number }>(sql, params)).rows[0].id;
async function squad(nome: string) {
  const city = await one(`INSERT INTO rh.cidade_provedor (nome, uf, id_empresa) VALUES ($1, 'CE', $2) RETURNING id`, [`Cidade ${nome}`, A]);
  return one(`INSERT INTO suprimentos.equipe (nome, id_empresa, id_cidade) VALUES ($1, $2, $3) RETURNING id`, [nome, A, city]);
}
const unitAt = (squadId: number, patrimonio: string) =>
  one(`INSERT INTO suprimentos.item (id_empresa, id_produto, patrimonio, local, id_equipe) VALUES ($1, $2, $3, 'equipe', $4) RETURNING id`, [A, onu, patrimonio, squadId]);
const cableAt = (squadId: number, quantidade: number) =>
  one(`INSERT INTO suprimentos.saldo (id_empresa, id_produto, local, id_equipe, quantidade) VALUES ($1, $2, 'equipe', $3, $4) RETURNING id`, [A, cable, squadId, quantidade]);

beforeAll(async () => {
  ui = await startServer();
  const r = await ui.api('POST', '/api/providers', { nome: 'Bitcom' });
  A = r.json.id;
  onu = await one(`INSERT INTO suprimentos.produto (nome, tipo, controle, unidade) VALUES ('ONU Huawei', 'onu', 'patrimonio', 'un') RETURNING id`, []);
  cable = await one(`INSERT INTO suprimentos.produto (nome, tipo, controle, unidade) VALUES ('Cabo drop', 'cabo', 'quantidade', 'm') RETURNING id`, []);
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

const table = () => screen.findByRole('table', { name: 'Itens da contagem' });
const rowOf = async (text: string) => (await within(await table()).findByText(text)).closest('tr')! as HTMLElement;
const toneIn = (row: HTMLElement) => within(row).getByLabelText(/^Diferença/).getAttribute('data-tone');

/** Types the told quantity of a row and leaves with Enter (or by leaving the field). */
async function tell(rowText: string, value: string, how: 'enter' | 'blur' = 'enter') {
  const input = within(await rowOf(rowText)).getByRole('spinbutton') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  if (how === 'enter') fireEvent.keyDown(input, { key: 'Enter' });
  else fireEvent.blur(input);
}

describe('the squad inventory page', () => {
  it('opens a count, saves the told quantities with their highlighted differences, and validates', async () => {
    const s = await squad('Equipe Alfa');
    await unitAt(s, 'UI-PAT-1');
    await unitAt(s, 'UI-PAT-2');
    await cableAt(s, 10);
    renderPage(ui.baseUrl, `/squads/inventory/${s}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Equipe Alfa' })).toBeTruthy();
    expect(screen.getByText(/Bitcom · Cidade Equipe Alfa/)).toBeTruthy();
    expect(await screen.findByText('Nenhuma contagem aberta para esta equipe.')).toBeTruthy();
    const holdings = screen.getByRole('table', { name: 'Com a equipe segundo o sistema' });
    expect(within(holdings).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Cabo drop10 m', 'ONU Huawei2 un']);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir contagem' }));
    expect(await screen.findByText(INVENTORY_MSG.opened)).toBeTruthy();
    // The snapshot: the two units and the cable's balance, nothing told yet.
    await waitFor(async () => expect(within(await table()).getAllByTestId('inventory-row')).toHaveLength(3));
    expect(toneIn(await rowOf('UI-PAT-1'))).toBe('pending');
    expect(within(await rowOf('Cabo drop')).getByText('10 m')).toBeTruthy();

    // Fewer metres of cable than the system says: red, -3.
    await tell('Cabo drop', '7');
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    await waitFor(async () => expect(toneIn(await rowOf('Cabo drop'))).toBe('missing'));
    expect(within(await rowOf('Cabo drop')).getByLabelText(/^Diferença/).textContent).toBe('-3 m');
    // A unit present: green; a unit missing: red (saved on leaving the field).
    await tell('UI-PAT-1', '1', 'blur');
    await waitFor(async () => expect(toneIn(await rowOf('UI-PAT-1'))).toBe('equal'));
    await tell('UI-PAT-2', '0');
    await waitFor(async () => expect(toneIn(await rowOf('UI-PAT-2'))).toBe('missing'));
    // A unit can only be 0 or 1: refused on the page, the field goes back.
    await tell('UI-PAT-1', '3');
    expect(await screen.findByText('Um equipamento com patrimônio conta 0 (não está com a equipe) ou 1.')).toBeTruthy();
    await waitFor(async () => expect((within(await rowOf('UI-PAT-1')).getByRole('spinbutton') as HTMLInputElement).value).toBe('1'));

    // A declared row: more cable is not possible (already counted), a unit the system does not give the squad is.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item informado' }));
    const dialog = await screen.findByRole('dialog', { name: /Adicionar item informado/ });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Produto/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ONU Huawei' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Patrimônio/ }), { target: { value: 'UI-NOVA' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(INVENTORY_MSG.rowAdded)).toBeTruthy();
    const declared = await rowOf('UI-NOVA');
    expect(within(declared).getByText('Informado pela equipe')).toBeTruthy();
    expect(within(declared).getByText('Não cadastrado')).toBeTruthy();
    expect(toneIn(declared)).toBe('extra');

    // Validating with an unknown patrimônio is refused: the spec's toast, and the reason on the page.
    fireEvent.click(screen.getByRole('button', { name: 'Validar inventário' }));
    const ask = await screen.findByRole('dialog', { name: /Validar inventário\?/ });
    fireEvent.click(within(ask).getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText(SUPPLIES_MSG.inventoryValidateError)).toBeTruthy();
    expect(await screen.findByText(new RegExp(`O patrimônio UI-NOVA não está cadastrado`))).toBeTruthy();
    // Removed, the count validates.
    fireEvent.click(within(await rowOf('UI-NOVA')).getByRole('button', { name: 'Remover item informado: ONU Huawei (UI-NOVA)' }));
    expect(await screen.findByText(INVENTORY_MSG.rowRemoved)).toBeTruthy();
    await waitFor(async () => expect(within(await table()).queryByText('UI-NOVA')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Validar inventário' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: /Validar inventário\?/ })).getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText('Inventário validado com sucesso.')).toBeTruthy();

    // Read-only now: no open count, the count among the validated ones, with its rows.
    expect(await screen.findByText('Nenhuma contagem aberta para esta equipe.')).toBeTruthy();
    const validated = screen.getByRole('region', { name: 'Contagens validadas' });
    expect(within(validated).getByText(/^Contagem de \d{2}\/\d{2}\/\d{4}$/)).toBeTruthy();
    expect(within(validated).getByText(/Validada por/)).toBeTruthy();
    expect(within(validated).getByText('4 em falta')).toBeTruthy();
    expect(within(validated).queryAllByRole('spinbutton')).toHaveLength(0);
    // The stock followed: the missing unit is written off.
    const { rows } = await ui.server.db.query<{ local: string }>(`SELECT local FROM suprimentos.item WHERE patrimonio = 'UI-PAT-2'`);
    expect(rows[0].local).toBe('extraviado');
    cleanup();
  });

  it('shows a reader the count without inputs nor actions', async () => {
    const s = await squad('Equipe Leitura');
    await cableAt(s, 5);
    expect((await ui.api('POST', `/v1/suprimentos/equipes/${s}/inventario`)).status).toBe(200);
    await ui.createUser({ email: 'leitor@suprimentos.test', papeis: ['suprimentos:leitor'], id_empresas: [A], funcionario: true });
    await signInAs(ui.baseUrl, 'leitor@suprimentos.test', TEST_PASSWORD);
    try {
      renderPage(ui.baseUrl, `/squads/inventory/${s}`);
      const row = await rowOf('Cabo drop');
      expect(within(row).getByText('5 m')).toBeTruthy();
      expect(within(row).queryByRole('spinbutton')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Validar inventário' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Adicionar item informado' })).toBeNull();
    } finally {
      signOutLocally();
      setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
    }
  });

  it('lists every squad\u2019s counts at /squads/inventories/list, each leading to its squad\u2019s page', async () => {
    const s = await squad('Equipe Lista');
    expect((await ui.api('POST', `/v1/suprimentos/equipes/${s}/inventario`)).status).toBe(200);
    renderPage(ui.baseUrl, '/squads/inventories/list');
    const cell = await screen.findByText('Equipe Lista', {}, { timeout: 10_000 });
    const row = cell.closest('tr')! as HTMLElement;
    const link = within(row).getByRole('link', { name: 'Abrir inventário da equipe' });
    expect(link.getAttribute('href')).toContain(`/squads/inventory/${s}`);
    // Internal: no add button, no Editar nor Excluir.
    expect(screen.queryByRole('link', { name: /NOVO/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Excluir' })).toBeNull();
    cleanup();
  });

  it('says the squad does not exist', async () => {
    renderPage(ui.baseUrl, '/squads/inventory/999999');
    expect(await screen.findByText('Dados não encontrados.')).toBeTruthy();
    cleanup();
  });
});
