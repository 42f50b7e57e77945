import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { rightsOf } from '../../src/admin/core/access.js';
import { configByResource } from '../../src/admin/generator/registry.js';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;
let reader: string;
let requester: string;

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  await ui.api('POST', '/api/departments', { nome: 'Financeiro', id_empresa: bitcom });
  reader = await ui.server.userToken({ papeis: ['rh:leitor'], id_empresas: [bitcom], nome: 'Leitora RH' });
  requester = await ui.server.userToken({ papeis: ['rh:solicitante'], id_empresas: [bitcom], nome: 'Solicitante RH' });
});

afterEach(() => setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] }));
afterAll(async () => ui?.close());

describe('role gates', () => {
  it('rights come from the schema access and the effective role', () => {
    const departments = configByResource.get('departments')!;
    expect(rightsOf(departments, ['rh:leitor'])).toEqual({ list: true, get: true, create: false, update: false, delete: false });
    expect(rightsOf(departments, ['rh:solicitante'])).toEqual({ list: true, get: true, create: true, update: true, delete: false });
    expect(rightsOf(departments, ['rh:gestor'])).toMatchObject({ create: true, update: true, delete: true });
    // A manager of another module reads the organisation (access ["read", "anyGestor"]), writes none of it.
    expect(rightsOf(departments, ['vendas:gestor'])).toEqual({ list: true, get: true, create: false, update: false, delete: false });
    expect(rightsOf(configByResource.get('holidays')!, ['vendas:gestor']).list).toBe(false);
    // The leitor role of rh does not lift the gestor role of another module.
    expect(rightsOf(departments, ['vendas:gestor', 'rh:leitor']).create).toBe(false);
    // Registers the group shares (provider null): read by sellers and requesters, changed by managers.
    for (const resource of ['sales-campaigns', 'sales-channels']) {
      const config = configByResource.get(resource)!;
      expect(rightsOf(config, ['vendas:solicitante', 'user']), resource).toEqual({ list: true, get: true, create: false, update: false, delete: false });
      expect(rightsOf(config, ['marketing:solicitante']), resource).toMatchObject({ create: false, update: false });
      expect(rightsOf(config, ['vendas:gestor']), resource).toEqual({ list: true, get: true, create: true, update: true, delete: true });
      expect(rightsOf(config, ['marketing:gestor']), resource).toMatchObject({ create: true, update: true, delete: true });
    }
    expect(rightsOf(configByResource.get('holidays')!, ['rh:solicitante'])).toMatchObject({ list: true, create: false, update: false });
  });

  it('a leitor sees the rows but no add, edit, delete or Ativar/Desativar, and no actions column', async () => {
    setSession({ token: reader, roles: ['rh:leitor'] });
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Financeiro');
    expect(screen.queryByRole('link', { name: /NOVO DEPARTAMENTO/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Desativar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByText('Ações')).toBeNull();
    // The row does not open the edit screen.
    fireEvent.click(screen.getByText('Financeiro'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByRole('heading', { level: 1, name: 'Departamentos' })).toBeTruthy();
  });

  it('a leitor opening the register screen is told it is not allowed', async () => {
    setSession({ token: reader, roles: ['rh:leitor'] });
    renderAdmin(ui.baseUrl, '/departments/register');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });

  it('a solicitante may add, edit and toggle, but not delete', async () => {
    setSession({ token: requester, roles: ['rh:solicitante'] });
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Financeiro');
    expect(screen.getByRole('link', { name: /NOVO DEPARTAMENTO/ })).toBeTruthy();
    const row = screen.getByText('Financeiro').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Desativar' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Editar' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it("'Super Admin' rows cannot be deleted", async () => {
    await ui.api('POST', '/api/users', { email: 'comum@teste.com.br', nome: 'Pessoa Comum', papeis: ['rh:leitor'] });
    renderAdmin(ui.baseUrl, '/users/list');
    const superRow = (await screen.findAllByText('Super Admin'))[0].closest('tr')!;
    expect((within(superRow).getByRole('button', { name: 'Excluir' }) as HTMLButtonElement).disabled).toBe(true);
    const commonRow = screen.getByText('Pessoa Comum').closest('tr')!;
    expect((within(commonRow).getByRole('button', { name: 'Excluir' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('optional-id routes', () => {
  it('register/{id} opens that record, edit without id opens the register screen', async () => {
    const created = await ui.api('POST', '/api/departments', { nome: 'Compras', id_empresa: bitcom });
    renderAdmin(ui.baseUrl, `/departments/register/${created.json.id}`);
    expect(await screen.findByDisplayValue('Compras')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Departamento' })).toBeTruthy();
  });

  it('edit without an id is the register screen', async () => {
    renderAdmin(ui.baseUrl, '/holidays/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cadastrar Feriado' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('* CAMPO DE PREENCHIMENTO OBRIGATÓRIO')).toBeTruthy());
  });
});
