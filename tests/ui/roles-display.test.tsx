// Roles as people read them (format "role" on the items of the users' and the access profiles'
// papeis): 'Gestor de RH' for rh:gestor, with the code in the chip's tooltip, in the users list, its
// CSV export, the user form's roles input (options named, codes stored), the access profiles and the
// profile page.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { roleOptions } from '../../src/admin/generator/RoleInput.js';
import { exportCsv } from './csv.js';
import { combo } from './autocomplete.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let gestora: number;

beforeAll(async () => {
  ui = await startServer();
  const bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  gestora = await ui.createUser({ email: 'gestora.papeis@bitcom.com.br', nome: 'Gestora Papéis', papeis: ['rh:gestor', 'user'], funcionario: true, id_empresas: [bitcom] });
});
afterAll(async () => ui?.close());
afterEach(() => vi.restoreAllMocks());

/** The chip of a role: its name, the code as its tooltip. */
const chipOf = (container: HTMLElement, name: string) => within(container).getByText(name).closest('[title]') as HTMLElement;

describe('roles by name', () => {
  it('the roles a manager may grant are offered, filtered by the schema pattern', () => {
    expect(roleOptions(['rh:gestor'])).toEqual(['rh:gestor', 'rh:solicitante', 'rh:leitor', 'user']);
    const all = roleOptions(['users:superadmin']);
    expect(all[0]).toBe('users:superadmin');
    expect(all).toContain('onboarding:leitor');
    // The access profiles' items pattern leaves the superadmin role out.
    expect(roleOptions(['users:superadmin'], '^(user|[a-z][a-z_]*:(gestor|solicitante|leitor))$')).not.toContain('users:superadmin');
  });

  it('the users list names the roles, the code in the tooltip, and so does its CSV', async () => {
    renderAdmin(ui.baseUrl, '/users/list');
    const row = (await screen.findByText('Gestora Papéis')).closest('tr')!;
    expect(chipOf(row, 'Gestor de RH').getAttribute('title')).toBe('rh:gestor');
    expect(chipOf(row, 'Usuário').getAttribute('title')).toBe('user');
    expect(within(row).queryByText('rh:gestor')).toBeNull();
    const { lines } = await exportCsv();
    expect(lines[0].split(';')).toContain('Papéis');
    const line = lines.find((l) => l.includes('gestora.papeis@bitcom.com.br'))!;
    expect(line).toContain('Gestor de RH, Usuário');
    expect(line).not.toContain('rh:gestor');
  });

  it('the roles input shows names, offers roles by name and stores their codes', async () => {
    renderAdmin(ui.baseUrl, `/users/edit/${gestora}`);
    const input = await screen.findByRole('combobox', { name: /^Papéis/ });
    const field = input.closest('.MuiAutocomplete-root') as HTMLElement;
    await waitFor(() => expect(chipOf(field, 'Gestor de RH').getAttribute('title')).toBe('rh:gestor'));
    expect(within(field).queryByText('rh:gestor')).toBeNull();
    fireEvent.change(combo(/^Papéis/), { target: { value: 'onboard' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Gestor de Onboarding', 'Solicitante de Onboarding', 'Leitor de Onboarding']);
    fireEvent.click(screen.getByRole('option', { name: 'Leitor de Onboarding' }));
    await waitFor(() => expect(chipOf(field, 'Leitor de Onboarding').getAttribute('title')).toBe('onboarding:leitor'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await ui.api('GET', `/api/users/${gestora}`)).json.papeis.sort()).toEqual(['onboarding:leitor', 'rh:gestor', 'user']));
  });

  it('a role typed by its name is stored by its code', async () => {
    renderAdmin(ui.baseUrl, '/access-profiles/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Leitura de vendas' } });
    const papeis = combo(/^Papéis/);
    fireEvent.change(papeis, { target: { value: 'leitor de vendas' } });
    fireEvent.keyDown(papeis, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => {
      const list = (await ui.api('GET', `/api/access-profiles?filter=${encodeURIComponent(JSON.stringify({ q: 'Leitura de vendas' }))}`)).json;
      expect(list.map((p: { papeis: string[] }) => p.papeis)).toEqual([['vendas:leitor']]);
    });
  });

  it('the access profiles list names their roles', async () => {
    renderAdmin(ui.baseUrl, '/access-profiles/list');
    const row = (await screen.findByText('Leitura de vendas')).closest('tr')!;
    expect(chipOf(row, 'Leitor de Vendas').getAttribute('title')).toBe('vendas:leitor');
  });

  it('the profile page names the roles', async () => {
    renderAdmin(ui.baseUrl, `/users/profile/${gestora}`);
    const roles = await screen.findByLabelText('Perfis de acesso');
    await waitFor(() => expect(chipOf(roles, 'Gestor de RH').getAttribute('title')).toBe('rh:gestor'));
    expect(within(roles).queryByText('rh:gestor')).toBeNull();
  });
});
