import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../src/domain/messages.js';
import { renderAdmin, startServer, type UiServer } from './server.js';

let ui: UiServer;
let providerId: number;

beforeAll(async () => {
  ui = await startServer();
  const provider = await ui.api('POST', '/api/providers', { nome: 'Bitcom' });
  expect(provider.status).toBe(201);
  providerId = provider.json.id;
  for (let i = 1; i <= 25; i++) {
    const res = await ui.api('POST', '/api/departments', { nome: `Depto ${String(i).padStart(2, '0')}`, id_empresa: providerId });
    expect(res.status).toBe(201);
  }
});

afterAll(async () => {
  await ui?.close();
});

const rows = () => screen.getAllByRole('row').slice(1);

describe('generated list', () => {
  it('pages on the server and sorts by a header', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Departamentos' })).toBeTruthy();
    await screen.findByText('Depto 01');
    expect(screen.getByText('1-20 de 25')).toBeTruthy();
    expect(screen.queryByText('Depto 21')).toBeNull();
    expect(rows()).toHaveLength(20);
    // References by their label, 'ativo' as Ativo.
    expect(within(rows()[0]).getByText('Bitcom')).toBeTruthy();
    expect(within(rows()[0]).getByText('Ativo')).toBeTruthy();
    expect(screen.getByRole('link', { name: /NOVO DEPARTAMENTO/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await screen.findByText('Depto 21');
    expect(screen.getByText('21-25 de 25')).toBeTruthy();
    expect(rows()).toHaveLength(5);

    // Sorting goes back to page 1, descending by name.
    fireEvent.click(screen.getByText('Nome'));
    await waitFor(() => expect(within(rows()[0]).getByText('Depto 25')).toBeTruthy());
    expect(screen.getByText('1-20 de 25')).toBeTruthy();

    // Page size 'Todos': every row in one page.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Linhas por página/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByText('1-25 de 25')).toBeTruthy();
  });

  it('searches with the search box and says when nothing matches', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Depto 01');
    fireEvent.change(screen.getByPlaceholderText('Pesquisar'), { target: { value: 'depto 07' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByText('Depto 07')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Pesquisar'), { target: { value: 'nada disso' } });
    expect(await screen.findByText('Nenhum dado encontrado')).toBeTruthy();
  });

  it('deactivates a row from its action', async () => {
    renderAdmin(ui.baseUrl, '/departments/list');
    await screen.findByText('Depto 01');
    const first = rows()[0];
    fireEvent.click(within(first).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(within(rows()[0]).getByText('Inativo')).toBeTruthy());
    expect(within(rows()[0]).getByRole('button', { name: 'Ativar' })).toBeTruthy();
    const saved = await ui.api('GET', `/api/departments?filter=${encodeURIComponent(JSON.stringify({ nome: 'Depto 01' }))}`);
    expect(saved.json[0].ativo).toBe(false);
  });
});

describe('generated form', () => {
  it('shows the banner and the spec messages for missing and invalid fields', async () => {
    renderAdmin(ui.baseUrl, '/contracting/companies/register');
    expect(await screen.findByText('* CAMPO DE PREENCHIMENTO OBRIGATÓRIO')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dados Básicos' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Endereço' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    expect((await screen.findAllByText('Campo obrigatório')).length).toBeGreaterThanOrEqual(4);

    fireEvent.change(screen.getByLabelText(/Razão social/), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText(/^CNPJ/), { target: { value: '11111111111111' } });
    fireEvent.change(screen.getByLabelText(/^CEP/), { target: { value: '3012' } });
    // Masks apply as the user types.
    expect((screen.getByLabelText(/^CNPJ/) as HTMLInputElement).value).toBe('11.111.111/1111-11');
    expect((screen.getByLabelText(/^CEP/) as HTMLInputElement).value).toBe('3012');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Utilize no mínimo 2 caracteres.')).toBeTruthy();
    expect(screen.getByText('Ops! Parece que seu cnpj é inválido!')).toBeTruthy();
    expect(screen.getByText('CEP invalido')).toBeTruthy();
  });

  it('shows the server-side field errors under their fields', async () => {
    renderAdmin(ui.baseUrl, '/providers/register');
    const nome = await screen.findByLabelText(/^Nome/);
    // The name is unique: only the server can tell.
    fireEvent.change(nome, { target: { value: 'bitcom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const fieldError = await screen.findAllByText(MSG.duplicate);
    // Once under the field, once in the toast.
    expect(fieldError.length).toBeGreaterThanOrEqual(1);
    const helper = document.getElementById(`${nome.id}-helper-text`);
    expect(helper?.textContent).toContain(MSG.duplicate);
  });

  it('saves, shows the success toast and goes back to the list', async () => {
    renderAdmin(ui.baseUrl, '/providers/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Vetorial' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Provedor cadastrado com sucesso!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Provedores' })).toBeTruthy();
    expect(await screen.findByText('Vetorial')).toBeTruthy();
  });
});

describe('edit/{id?} without the id', () => {
  it.each([
    ['/holidays/edit', 'Cadastrar Feriado'],
    ['/holidays/edit/', 'Cadastrar Feriado'],
    ['/careers/admin/edit', 'Cadastrar Vaga'],
  ])('%s opens the register form (%s)', async (path, title) => {
    renderAdmin(ui.baseUrl, path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
  });
});

describe('a record that does not exist', () => {
  it.each([
    ['/contracting/companies/edit/99999', 'Empresas contratantes'],
    ['/microrregions/edit/99999', 'Microrregiões'],
    ['/companies/edit/99999', 'Empresas'],
    ['/departments/edit/99999', 'Departamentos'],
  ])("%s says 'O item não existe' and goes to the spec's list path (%s)", async (path, title) => {
    // The server's 404 is final: the record is asked for once, not four times seven seconds long
    // (react-query's default retries; src/admin/core/queryClient.ts).
    const resource = path.replace(/\/edit\/99999$/, '');
    const native = globalThis.fetch;
    const asked: string[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      if (/\/api\/.+\/99999$/.test(url.pathname)) asked.push(url.pathname);
      return native(input, init);
    }) as typeof fetch;
    try {
      renderAdmin(ui.baseUrl, path);
      expect(await screen.findByText('O item não existe')).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: /^NOV[OA] / })).toBeTruthy();
      expect(asked, resource).toHaveLength(1);
    } finally {
      globalThis.fetch = native;
    }
  });
});

describe('history panel', () => {
  it('lists who changed what, newest first', async () => {
    const created = await ui.api('POST', '/api/departments', { nome: 'Financeiro', id_empresa: providerId });
    const id = created.json.id;
    const updated = await ui.api('PUT', `/api/departments/${id}`, { nome: 'Financeiro e Contas', ativo: false });
    expect(updated.status).toBe(200);

    renderAdmin(ui.baseUrl, `/departments/edit/${id}`);
    expect(await screen.findByDisplayValue('Financeiro e Contas')).toBeTruthy();
    fireEvent.click(screen.getByText('Ver histórico de Edições'));
    const list = await screen.findByRole('list', { name: 'Histórico de edições' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('editou o item');
    expect(items[1].textContent).toContain('criou o item');
    const changes = within(items[0]).getAllByRole('row').map((r) => r.textContent);
    expect(changes).toContain('NomeFinanceiroFinanceiro e Contas');
    expect(changes).toContain('StatusAtivoInativo');
  });
});
