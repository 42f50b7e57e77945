// The unit, quantity and customer inputs of a supplies movement (custom-pages/supply-registers): a counted
// product hides the patrimônio, a tracked one the quantity; on the generated installation
// form, the customer's code is looked up as it is typed, within the chosen provider and with the
// suprimentos role (POST /v1/relacionamento/clientes), and names the customer under the field; saving
// moves the squad's unit to that customer, whose name the server fills.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LOOKUP_TEXT } from '../../custom-pages/sales/CustomerLookup.js';
import { renderAdmin, startServer, type UiServer } from './server.js';
import { combo, pickOption } from './autocomplete.js';

let ui: UiServer;
let provider: number;

beforeAll(async () => {
  ui = await startServer();
  provider = (await ui.api('POST', '/api/providers', { nome: 'Bitcom Suprimentos UI' })).json.id;
  await ui.server.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING', ['BITSUP', provider]);
  await ui.server.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial) VALUES ('BITSUP', $1, '9001', '9001', 'Maria Suprimentos')`,
    [provider],
  );
  const product = (await ui.api('POST', '/api/supply-products', { nome: 'ONU UI', tipo: 'onu', id_empresa: provider })).json.id;
  expect((await ui.api('POST', '/api/supply-products', { nome: 'Cabo UI', tipo: 'cabo', controle: 'quantidade', unidade: 'm', id_empresa: provider })).status).toBe(201);
  const squad = (await ui.api('POST', '/api/squads', { nome: 'Equipe UI', id_empresa: provider })).json.id;
  expect((await ui.api('POST', '/api/supply-receipts', { id_empresa: provider, id_produto: product, patrimonio: 'UI-0001' })).status).toBe(201);
  expect((await ui.api('POST', '/api/supply-dispatches', { id_empresa: provider, id_equipe: squad, id_produto: product, patrimonio: 'UI-0001' })).status).toBe(201);
});

afterAll(async () => {
  await ui?.close();
});

const textbox = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('the unit, the quantity and the customer of a movement', () => {
  it('a counted product asks the quantity, not the patrimônio', async () => {
    renderAdmin(ui.baseUrl, '/supplies/dispatch/register');
    await screen.findByRole('textbox', { name: /^Patrimônio ou serial/ });
    expect(screen.getByRole('textbox', { name: /^Quantidade/ })).toBeTruthy();
    await pickOption(/^Provedor/, 'Bitcom Suprimentos UI');
    await pickOption(/^Produto/, 'Cabo UI');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Patrimônio ou serial/ })).toBeNull());
    expect(screen.getByRole('textbox', { name: /^Quantidade/ })).toBeTruthy();
  });

  it('is looked up by its code within the provider, and the installation moves the unit to them', async () => {
    renderAdmin(ui.baseUrl, '/supplies/installations/register');
    await screen.findByRole('textbox', { name: /^Código do cliente/ });
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '9002' } });
    expect(await screen.findByText('Escolha primeiro o provedor')).toBeTruthy();
    await pickOption(/^Provedor/, 'Bitcom Suprimentos UI');
    expect(await screen.findByText(LOOKUP_TEXT.none)).toBeTruthy();
    fireEvent.change(textbox(/^Código do cliente/), { target: { value: '9001' } });
    expect(await screen.findByText('Cliente Maria Suprimentos (BITSUP)')).toBeTruthy();
    await pickOption(/^Equipe/, 'Equipe UI');
    await pickOption(/^Produto/, 'ONU UI');
    await waitFor(() => expect(combo(/^Produto/).value).toBe('ONU UI'));
    // A tracked product: one unit at a time, no quantity asked.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Quantidade/ })).toBeNull());
    fireEvent.change(textbox(/^Patrimônio ou serial/), { target: { value: 'UI-0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Instalação cadastrada com sucesso!')).toBeTruthy();
    const { json } = await ui.api('GET', `/api/supply-items?filter=${encodeURIComponent(JSON.stringify({ patrimonio: 'UI-0001' }))}`);
    expect(json).toEqual([expect.objectContaining({ local: 'cliente', cliente_codigo: '9001', cliente_nome: 'Maria Suprimentos' })]);
  });
});
