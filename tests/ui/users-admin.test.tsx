// The users register for a module manager outside HR (a sales manager): the selects of providers,
// department, sector and position read the manager's own providers and their organisation, and a
// user is saved with them.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';
import { combo, optionsOf, pickOption } from './autocomplete.js';

const NOT_ALLOWED = 'Este usuário não tem autorização para realizar esta operação.';

let ui: UiServer;
const ids: Record<string, number> = {};

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

beforeAll(async () => {
  ui = await startServer();
  ids.bitcom = await create('providers', { nome: 'Bitcom' });
  ids.vetorial = await create('providers', { nome: 'Vetorial' });
  const comercialBit = await create('departments', { nome: 'Comercial Bitcom', id_empresa: ids.bitcom });
  const lojasBit = await create('sectors', { nome: 'Lojas Bitcom', id_departamento: comercialBit });
  await create('positions', { nome: 'Vendedor Bitcom', id_setor: lojasBit });
  const comercialVet = await create('departments', { nome: 'Comercial Vetorial', id_empresa: ids.vetorial });
  const lojasVet = await create('sectors', { nome: 'Lojas Vetorial', id_departamento: comercialVet });
  ids.vendedorVet = await create('positions', { nome: 'Vendedor Vetorial', id_setor: lojasVet });
  await ui.createUser({ email: 'gestor.vendas@vetorial.net', nome: 'Gestor de Vendas', papeis: ['vendas:gestor', 'marketing:gestor', 'user'], id_empresas: [ids.vetorial] });
  await signInAs(ui.baseUrl, 'gestor.vendas@vetorial.net', TEST_PASSWORD);
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

const choose = pickOption;

describe('the users register of a sales manager', () => {
  it('creates a user of their provider with department, sector and position, reading only their organisation', async () => {
    renderAdmin(ui.baseUrl, '/users/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Vendedora Nova' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'vendedora.nova@vetorial.net' } });
    // Their own provider only, and its organisation only.
    await waitFor(async () => expect(await optionsOf(/^Provedores/)).toEqual(['Vetorial']));
    await choose(/^Provedores/, 'Vetorial');
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(['Comercial Vetorial']));
    await choose(/^Departamento/, 'Comercial Vetorial');
    await waitFor(() => expect(combo(/^Departamento/).value).toBe('Comercial Vetorial'));
    await waitFor(async () => expect(await optionsOf(/^Setor/)).toEqual(['Lojas Vetorial']));
    await choose(/^Setor/, 'Lojas Vetorial');
    await waitFor(() => expect(combo(/^Setor/).value).toBe('Lojas Vetorial'));
    await waitFor(async () => expect(await optionsOf(/^Cargo/)).toEqual(['Vendedor Vetorial']));
    await choose(/^Cargo/, 'Vendedor Vetorial');
    await waitFor(() => expect(combo(/^Cargo/).value).toBe('Vendedor Vetorial'));
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => {
      const found = await ui.api('GET', `/api/users?filter=${encodeURIComponent(JSON.stringify({ q: 'vendedora.nova' }))}`);
      expect(found.json).toEqual([expect.objectContaining({ email: 'vendedora.nova@vetorial.net', nome: 'Vendedora Nova', id_empresas: [ids.vetorial], id_cargo: ids.vendedorVet })]);
    });
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
  });

  it('the list names the providers of each user, with no refusal', async () => {
    renderAdmin(ui.baseUrl, '/users/list');
    expect(await screen.findByText('vendedora.nova@vetorial.net')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Vetorial').length).toBeGreaterThan(0));
    expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
  });

  it('a user without providers is refused with the message on the field', async () => {
    renderAdmin(ui.baseUrl, '/users/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Sem Provedor' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'sem.provedor@vetorial.net' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Selecione um ou mais provedores')).toBeTruthy();
    expect((await ui.api('GET', `/api/users?filter=${encodeURIComponent(JSON.stringify({ q: 'sem.provedor' }))}`)).json).toEqual([]);
  });
});
