import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;
let razao: number;
let hrManager: string;
let reader: string;

const superadmin = () => setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });

beforeAll(async () => {
  ui = await startServer();
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  razao = (await ui.api('POST', '/api/providers', { nome: 'RazãoInfo' })).json.id;
  hrManager = await ui.server.userToken({ papeis: ['rh:gestor', 'user'], id_empresas: [bitcom], nome: 'Gestora RH', funcionario: true });
  reader = await ui.server.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [bitcom], nome: 'Leitor RH' });
});

afterEach(superadmin);
afterAll(async () => ui?.close());

const cardTitles = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('/settings/home', () => {
  it('the superadmin sees users, access profiles, companies and the e-mail outbox', async () => {
    renderAdmin(ui.baseUrl, '/settings/home');
    await screen.findByRole('heading', { level: 1, name: 'Configurações' });
    expect(cardTitles('Usuários e acessos')).toEqual(['Usuários', 'Cadastrar usuário', 'Perfis de acesso']);
    expect(cardTitles('Organização')).toEqual(['Empresas', 'Cadastros gerais']);
    expect(cardTitles('Sistema')).toEqual(['Caixa de saída de e-mails']);
  });

  it('a gestor of any module sees the settings cards but not the outbox', async () => {
    setSession({ token: hrManager, roles: ['rh:gestor', 'user'] });
    renderAdmin(ui.baseUrl, '/settings/home');
    await screen.findByRole('heading', { level: 1, name: 'Configurações' });
    expect(cardTitles('Usuários e acessos')).toEqual(['Usuários', 'Cadastrar usuário', 'Perfis de acesso']);
    expect(screen.queryByText('Caixa de saída de e-mails')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sistema' })).toBeNull();
  });

  it('someone who manages no module is told it is not allowed; /settings leads home', async () => {
    setSession({ token: reader, roles: ['rh:leitor', 'user'] });
    renderAdmin(ui.baseUrl, '/settings');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.queryByText('Perfis de acesso')).toBeNull();
  });
});

describe('users under /settings', () => {
  it('a gestor lists the users of their providers; rows lead to /settings/profile/edit and the permission editor', async () => {
    const other = await ui.createUser({ email: 'fora@razaoinfo.com.br', nome: 'Pessoa de Fora', papeis: ['user'] });
    await ui.api('PUT', `/api/users/${other}`, { id_empresas: [razao] });
    setSession({ token: hrManager, roles: ['rh:gestor', 'user'] });
    renderAdmin(ui.baseUrl, '/settings/list');
    await screen.findByText('Leitor RH');
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeTruthy();
    expect(screen.queryByText('Pessoa de Fora')).toBeNull();
    const row = screen.getByText('Leitor RH').closest('tr')!;
    const edit = within(row).getByRole('link', { name: 'Editar' });
    expect(edit.getAttribute('href')).toMatch(/^\/settings\/profile\/edit\/\d+$/);
    // Leitor RH is not an employee: the partner editor.
    expect(within(row).getByRole('link', { name: 'Permissões' }).getAttribute('href')).toMatch(/^\/settings\/permission\/partner\/profile\/\d+$/);
    const own = screen.getByText('Gestora RH').closest('tr')!;
    expect(within(own).getByRole('link', { name: 'Permissões' }).getAttribute('href')).toMatch(/^\/settings\/permission\/edit\/\d+$/);
  });
});

describe('permission editor', () => {
  it('a gestor raises a user in the module they manage; the roles are saved through the API', async () => {
    const id = await ui.createUser({ email: 'promovido@bitcom.com.br', nome: 'Pessoa Promovida', papeis: ['rh:leitor', 'user'], funcionario: true });
    await ui.api('PUT', `/api/users/${id}`, { id_empresas: [bitcom] });
    setSession({ token: hrManager, roles: ['rh:gestor', 'user'] });
    renderAdmin(ui.baseUrl, `/settings/permission/edit/${id}`);
    await screen.findByText('Pessoa Promovida');
    expect(screen.getByRole('heading', { level: 1, name: 'Permissões do usuário' })).toBeTruthy();
    // Only the modules they manage can be changed: rh, not sales.
    expect(screen.queryByLabelText('Permissão em Vendas')).toBeNull();
    const rh = screen.getByRole('combobox', { name: 'Permissão em Recursos Humanos' });
    expect(rh.textContent).toBe('Leitor');
    fireEvent.mouseDown(rh);
    fireEvent.click(await screen.findByRole('option', { name: 'Gestor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    const saved = await ui.api('GET', `/api/users/${id}`);
    expect(saved.json.papeis.sort()).toEqual(['rh:gestor', 'user']);
  });

  it('a gestor cannot change a superadmin: the editor says so and does not save', async () => {
    const id = await ui.createUser({ email: 'super2@bitcom.com.br', nome: 'Outro Super', papeis: ['users:superadmin'], funcionario: true });
    await ui.api('PUT', `/api/users/${id}`, { id_empresas: [bitcom] });
    setSession({ token: hrManager, roles: ['rh:gestor', 'user'] });
    renderAdmin(ui.baseUrl, `/settings/permission/edit/${id}`);
    expect(await screen.findByText('Só o superadmin altera as permissões de um superadmin.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the partner editor names the partner and points employees to the other editor', async () => {
    const id = await ui.createUser({ email: 'parceiro@empresa.com.br', nome: 'Parceiro Externo', papeis: ['user'], funcionario: true });
    renderAdmin(ui.baseUrl, `/settings/permission/partner/profile/${id}`);
    await screen.findByText('Parceiro Externo');
    expect(screen.getByRole('heading', { level: 1, name: 'Permissões do parceiro' })).toBeTruthy();
    expect(screen.getByText('Este usuário é funcionário: use o editor de permissões de funcionários.')).toBeTruthy();
    // The superadmin may grant any module.
    expect(screen.getByRole('combobox', { name: 'Permissão em Vendas' })).toBeTruthy();
  });
});

describe('/companies', () => {
  it('lists the providers under the name Empresas, with their edit screens under /companies', async () => {
    renderAdmin(ui.baseUrl, '/companies/list');
    await screen.findByText('RazãoInfo');
    expect(screen.getByRole('heading', { level: 1, name: 'Empresas' })).toBeTruthy();
    expect(screen.getByText('Bitcom')).toBeTruthy();
    expect(screen.getByRole('link', { name: /NOVA EMPRESA/ }).getAttribute('href')).toBe('/companies/register');
    const row = screen.getByText('Bitcom').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(`/companies/edit/${bitcom}`);
  });
});

describe('access profiles', () => {
  it('a profile registered on the generated form is saved with its roles', async () => {
    renderAdmin(ui.baseUrl, '/access-profiles/register');
    const nome = await screen.findByLabelText(/^Nome/);
    fireEvent.change(nome, { target: { value: 'Leitura de onboarding' } });
    const papeis = screen.getByLabelText(/^Papéis/);
    fireEvent.change(papeis, { target: { value: 'onboarding:leitor' } });
    fireEvent.keyDown(papeis, { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => {
      const list = (await ui.api('GET', `/api/access-profiles?filter=${encodeURIComponent(JSON.stringify({ q: 'Leitura de onboarding' }))}`)).json;
      expect(list.map((p: { papeis: string[] }) => p.papeis)).toEqual([['onboarding:leitor']]);
    });
  });

  it('the list shows the default profiles', async () => {
    renderAdmin(ui.baseUrl, '/access-profiles/list');
    // The profile 'Gestor de RH' and its role, shown by its name too.
    expect((await screen.findAllByText('Gestor de RH')).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Perfis de acesso' })).toBeTruthy();
  });
});
