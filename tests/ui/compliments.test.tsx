// Compliments and incidents in the admin against the real server, as a plain employee: praising a
// colleague from /compliments/register/{id} (the colleague taken from the address, read-only; the
// category and the message typed), landing on what that colleague received; the colleague notified;
// the colleague chosen from the list never the user themselves; the incident form's impacted
// department offered from the employee's providers, its triage fields (Situação, Solução) only for
// the chosen category's managers, required selects without 'Não informado', and a create's toast
// saying what it made; the incident home's cards.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';
import { choicesOf, combo, optionsOf, pickOption } from './autocomplete.js';
import { monthsOf } from '../../custom-pages/incidents/DashboardPage.js';

let ui: UiServer;
let A: number;
let B: number;
let colleague: number;

async function employee(email: string, nome: string, providers: number[]) {
  const id = await ui.createUser({ email, nome, papeis: ['user'], funcionario: true });
  expect((await ui.api('PUT', `/api/users/${id}`, { id_empresas: providers })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  B = (await ui.api('POST', '/api/providers', { nome: 'Vetorial' })).json.id;
  await employee('ana@bitcom.com.br', 'Ana Lima', [A]);
  colleague = await employee('bruno@bitcom.com.br', 'Bruno Dias', [A]);
  expect((await ui.api('POST', '/api/compliment-categories', { titulo: 'Trabalho em equipe', id_empresa: A })).status).toBe(201);
  expect((await ui.api('POST', '/api/departments', { nome: 'Suporte', id_empresa: A })).status).toBe(201);
  expect((await ui.api('POST', '/api/departments', { nome: 'Vendas', id_empresa: B })).status).toBe(201);
  // Bruno manages the incidents of 'Rede'; nobody those of 'Energia'.
  expect((await ui.api('POST', '/api/incident-categories', { titulo: 'Rede', id_empresa: A, gestores: [colleague] })).status).toBe(201);
  expect((await ui.api('POST', '/api/incident-categories', { titulo: 'Energia', id_empresa: A })).status).toBe(201);
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

describe('compliments', () => {
  it('an employee praises the colleague of the address, who is notified, and lands on what they received', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, `/compliments/register/${colleague}`);
    // The file's first screen: the whole admin loads, signs in and reads the colleague (12 s alone on
    // a 2-core machine, past 15 s with other suites running).
    await waitFor(() => expect(combo(/^Colega elogiado/).value).toBe('Bruno Dias (Bitcom)'), { timeout: 40_000 });
    expect(combo(/^Colega elogiado/).getAttribute('aria-readonly')).toBe('true');
    await pickOption(/^Categoria/, 'Trabalho em equipe');
    fireEvent.change(screen.getByRole('textbox', { name: /^Mensagem/ }), { target: { value: 'Valeu pela força no plantão!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar elogio' }));
    await screen.findByText('Elogios recebidos por Bruno Dias.', undefined, { timeout: 15_000 });
    await screen.findByRole('cell', { name: 'Valeu pela força no plantão!' }, { timeout: 15_000 });
    const { rows } = await ui.server.db.query<{ data: { modulo: string; msg: string } }>(`SELECT data FROM notificacao.notificacao WHERE id_usuario = $1`, [colleague]);
    expect(rows.map((r) => r.data.msg)).toEqual(['Ana Lima elogiou você: Trabalho em equipe']);
  });
});

describe('compliments, choosing the colleague', () => {
  it('the list of colleagues leaves out the signed-in user', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/compliments/register');
    await screen.findByRole('combobox', { name: /^Colega elogiado/ }, { timeout: 15_000 });
    let names: string[] = [];
    await waitFor(async () => {
      names = await optionsOf(/^Colega elogiado/);
      expect(names).toContain('Bruno Dias (Bitcom)');
    }, { timeout: 15_000 });
    expect(names).not.toContain('Ana Lima (Bitcom)');
  });
});

describe('incidents', () => {
  it("the reporter's form has no Situação nor Solução; saving says 'Incidente cadastrado com sucesso!'", async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/incidents/register');
    await screen.findByRole('combobox', { name: /^Departamento impactado/ }, { timeout: 15_000 });
    fireEvent.change(screen.getByRole('textbox', { name: /^Título/ }), { target: { value: 'Sem energia no CPD' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Descrição/ }), { target: { value: 'O nobreak desligou às 9h.' } });
    await pickOption(/^Categoria/, 'Rede');
    await pickOption(/^Departamento impactado/, 'Suporte');
    fireEvent.change(screen.getByRole('textbox', { name: /^Início/ }), { target: { value: '10/03/2026 - 09:00' } });
    // Not her category: the triage fields are not drawn, nor their section.
    expect(screen.queryByRole('combobox', { name: /^Situação/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Solução/ })).toBeNull();
    expect(screen.queryByText('Acompanhamento')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Incidente cadastrado com sucesso!', undefined, { timeout: 15_000 })).toBeTruthy();
    const { rows } = await ui.server.db.query<{ status: string; solucao: string | null }>(`SELECT status, solucao FROM incidentes.incidente WHERE titulo = 'Sem energia no CPD'`);
    expect(rows).toEqual([{ status: 'aberto', solucao: null }]);
  });

  it("a category's manager gets Situação and Solução once their category is chosen; required selects offer no 'Não informado'", async () => {
    await signInAs(ui.baseUrl, 'bruno@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/incidents/register');
    await screen.findByRole('combobox', { name: /^Departamento impactado/ }, { timeout: 15_000 });
    expect(screen.queryByRole('combobox', { name: /^Situação/ })).toBeNull();
    await pickOption(/^Categoria/, 'Energia');
    await pickOption(/^Categoria/, 'Rede');
    await screen.findByRole('combobox', { name: /^Situação/ }, { timeout: 15_000 });
    expect(screen.getByRole('textbox', { name: /^Solução/ })).toBeTruthy();
    expect(await choicesOf(/^Situação/)).toEqual(['Aberto', 'Em andamento', 'Resolvido']);
    expect(await choicesOf(/^Impacto/)).toEqual(['Baixo', 'Médio', 'Alto', 'Crítico']);
    // Another category: hidden again.
    await pickOption(/^Categoria/, 'Energia');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^Situação/ })).toBeNull());
  });

  it('the incident form offers the departments of the employee’s providers', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/incidents/register');
    await screen.findByRole('combobox', { name: /^Departamento impactado/ }, { timeout: 15_000 });
    await waitFor(async () => expect(await optionsOf(/^Departamento impactado/)).toEqual(['Suporte']), { timeout: 15_000 });
  });

  it('the incident home leads an employee to report, list and the dashboard', async () => {
    await signInAs(ui.baseUrl, 'ana@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/incidents/home');
    expect((await screen.findByRole('link', { name: /Relatar incidente/ }, { timeout: 15_000 })).getAttribute('href')).toBe('/incidents/register');
    expect(screen.getByRole('link', { name: /Painel de incidentes/ }).getAttribute('href')).toBe('/incidents/dashboards');
    expect(screen.getByRole('link', { name: /Categorias de incidentes/ }).getAttribute('href')).toBe('/incidents-categories/list');
  });

  it('the dashboard’s months run over the whole period', () => {
    expect(monthsOf('2025-11-15', '2026-02-03', [{ mes: '2026-01', total: 3 }])).toEqual([
      { mes: '2025-11', total: 0 },
      { mes: '2025-12', total: 0 },
      { mes: '2026-01', total: 3 },
      { mes: '2026-02', total: 0 },
    ]);
  });
});
