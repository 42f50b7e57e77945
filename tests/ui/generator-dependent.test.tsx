import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { reconcile } from '../../src/admin/generator/dependent.js';
import { renderAdmin, startServer, type UiServer } from './server.js';
import { combo, optionsOf, pickOption } from './autocomplete.js';

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
  ids.suporteBit = await create('departments', { nome: 'Suporte Bitcom', id_empresa: ids.bitcom });
  ids.vendasBit = await create('departments', { nome: 'Vendas Bitcom', id_empresa: ids.bitcom });
  ids.suporteVet = await create('departments', { nome: 'Suporte Vetorial', id_empresa: ids.vetorial });
  ids.n1 = await create('sectors', { nome: 'Nível 1', id_departamento: ids.suporteBit });
  ids.lojas = await create('sectors', { nome: 'Lojas', id_departamento: ids.vendasBit });
  ids.campo = await create('sectors', { nome: 'Campo Vetorial', id_departamento: ids.suporteVet });
  ids.tecnico = await create('positions', { nome: 'Técnico N1', id_setor: ids.n1 });
  ids.vendedorVet = await create('positions', { nome: 'Vendedor Vetorial', id_setor: ids.campo });
  // A user of Bitcom with a Bitcom position, and one of Vetorial whose position is Bitcom's.
  ids.userBit = await create('users', { email: 'bit@exemplo.com.br', nome: 'Ana Bitcom', id_empresas: [ids.bitcom], id_cargo: ids.tecnico });
  ids.userMismatch = await create('users', { email: 'vet@exemplo.com.br', nome: 'Bruno Vetorial', id_empresas: [ids.vetorial], id_cargo: ids.tecnico });
});

afterAll(async () => ui?.close());

async function choose(label: RegExp, option: string) {
  await pickOption(label, option);
  await waitFor(() => expect(combo(label).value).toBe(option));
}

describe('dependent selects', () => {
  it('filters department and sector by their parent and clears them when the provider changes', async () => {
    renderAdmin(ui.baseUrl, '/positions/register');
    await screen.findByRole('heading', { name: 'Dados Básicos' });
    // A position has a sector only; provider and department are shown to narrow the choice.
    expect(combo(/^Provedor/)).toBeTruthy();
    expect(combo(/^Departamento/)).toBeTruthy();

    await choose(/^Provedor/, 'Bitcom');
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(['Suporte Bitcom', 'Vendas Bitcom']));
    await choose(/^Departamento/, 'Suporte Bitcom');
    await waitFor(async () => expect(await optionsOf(/^Setor/)).toEqual(['Nível 1']));
    await choose(/^Setor/, 'Nível 1');

    // Changing the provider clears department and sector.
    await choose(/^Provedor/, 'Vetorial');
    await waitFor(() => expect(combo(/^Departamento/).value).toBe(''));
    await waitFor(() => expect(combo(/^Setor/).value).toBe(''));
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(['Suporte Vetorial']));
  });

  it('choosing a sector first fills its department and provider, and the position saves without them', async () => {
    renderAdmin(ui.baseUrl, '/positions/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Vendedor' } });
    await choose(/^Setor/, 'Lojas');
    await waitFor(() => expect(combo(/^Departamento/).value).toBe('Vendas Bitcom'));
    await waitFor(() => expect(combo(/^Provedor/).value).toBe('Bitcom'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cargo cadastrado com sucesso!')).toBeTruthy();
    const saved = await ui.api('GET', `/api/positions?filter=${encodeURIComponent(JSON.stringify({ nome: 'Vendedor' }))}`);
    expect(saved.json).toHaveLength(1);
    expect(saved.json[0].id_setor).toBe(ids.lojas);
  });

  it('on edit, the context selects show where the sector belongs', async () => {
    renderAdmin(ui.baseUrl, `/positions/edit/${ids.tecnico}`);
    await screen.findByDisplayValue('Técnico N1');
    await waitFor(() => expect(combo(/^Setor/).value).toBe('Nível 1'));
    await waitFor(() => expect(combo(/^Departamento/).value).toBe('Suporte Bitcom'));
    await waitFor(() => expect(combo(/^Provedor/).value).toBe('Bitcom'));
  });

  it('an option that does not belong to the chosen parent is cleared (an invalid department)', () => {
    const ref = { resource: 'departments', label: 'nome', dependsOn: 'id_empresa', filterField: 'id_empresa' };
    expect(reconcile(ref, 2, { id: 9, id_empresa: 1 })).toEqual({ clear: true });
    expect(reconcile(ref, 1, { id: 9, id_empresa: 1 })).toEqual({});
    expect(reconcile(ref, null, { id: 9, id_empresa: 1 })).toEqual({ fillParent: 1 });
  });

  it('the sector form offers the provider before the department', async () => {
    renderAdmin(ui.baseUrl, '/sectors/register');
    await screen.findByRole('heading', { name: 'Dados Básicos' });
    await choose(/^Provedor/, 'Vetorial');
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(['Suporte Vetorial']));
  });
});

describe('dependent selects of the users form (providers -> department -> sector -> position)', () => {
  it('a loaded user shows the department and sector of their position', async () => {
    renderAdmin(ui.baseUrl, `/users/edit/${ids.userBit}`);
    await screen.findByDisplayValue('Ana Bitcom');
    await waitFor(() => expect(combo(/^Cargo/).value).toBe('Técnico N1'));
    await waitFor(() => expect(combo(/^Setor/).value).toBe('Nível 1'));
    await waitFor(() => expect(combo(/^Departamento/).value).toBe('Suporte Bitcom'));
  });

  it('an invalid department clears sector and position on a loaded record', async () => {
    renderAdmin(ui.baseUrl, `/users/edit/${ids.userMismatch}`);
    await screen.findByDisplayValue('Bruno Vetorial');
    // The position is Bitcom's; the user is Vetorial's: department, sector and position go.
    await waitFor(() => expect(combo(/^Departamento/).value).toBe(''));
    await waitFor(() => expect(combo(/^Setor/).value).toBe(''));
    await waitFor(() => expect(combo(/^Cargo/).value).toBe(''));
    // And the choices left are Vetorial's, before any sector is chosen.
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(['Suporte Vetorial']));
    await waitFor(async () => expect(await optionsOf(/^Cargo/)).toEqual(['Vendedor Vetorial']));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    const saved = await ui.api('GET', `/api/users/${ids.userMismatch}`);
    expect(saved.json.id_cargo).toBeNull();
  });

  it('the positions offered follow the chosen providers, and a position that no longer fits is cleared', async () => {
    renderAdmin(ui.baseUrl, `/users/edit/${ids.userBit}`);
    await waitFor(() => expect(combo(/^Cargo/).value).toBe('Técnico N1'));
    // Adding Vetorial keeps the Bitcom position (it still belongs to one of the providers).
    const providers = combo(/^Provedores/);
    fireEvent.mouseDown(providers);
    fireEvent.keyDown(providers, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Vetorial' }));
    await waitFor(async () => expect(await optionsOf(/^Departamento/)).toEqual(expect.arrayContaining(['Suporte Vetorial', 'Vendas Bitcom'])));
    expect(combo(/^Cargo/).value).toBe('Técnico N1');
    // Removing Bitcom: the department no longer fits, so sector and position are cleared.
    const chip = screen.getByRole('button', { name: 'Bitcom' });
    fireEvent.keyUp(chip, { key: 'Backspace' });
    await waitFor(() => expect(combo(/^Cargo/).value).toBe(''));
    expect(combo(/^Setor/).value).toBe('');
    await waitFor(async () => expect(await optionsOf(/^Cargo/)).toEqual(['Vendedor Vetorial']));
  });
});
