// The employee's header buttons against the real server: Contatos (search by name, a name given in
// the URL, the provider select, a colleague's page) and Calendário (the month's holidays and birthdays, moving
// between months).
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { holidayPlace, monthCells } from '../../custom-pages/calendar/Calendar.js';
import { contactsPath } from '../../custom-pages/contacts/api.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
let B: number;
const now = new Date();
const month = String(now.getMonth() + 1).padStart(2, '0');

async function employee(email: string, nome: string, providers: number[], nascimento?: string, cpf?: string) {
  const id = await ui.createUser({ email, nome, papeis: ['user'], funcionario: true });
  expect((await ui.api('PUT', `/api/users/${id}`, { id_empresas: providers })).status).toBe(200);
  if (nascimento) {
    // A manager writes someone else's profile through the profile screen's call.
    const r = await ui.api('PUT', `/v1/profile/${id}`, { perfil: { nome, cpf, genero: 'M', estado_civil: 'CASADO', data_nascimento: nascimento } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  ui = await startServer();
  A = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  B = (await ui.api('POST', '/api/providers', { nome: 'RazãoInfo' })).json.id;
  await employee('paulo@bitcom.com.br', 'Paulo Souza', [A, B], `1990-${month}-05`, '529.982.247-25');
  await employee('otavio@bitcom.com.br', 'Otávio Reis', [A]);
  await employee('rita@razaoinfo.com.br', 'Rita Alves', [B]);
  expect((await ui.api('POST', '/api/holidays', { nome: 'Feriado do Teste', data: `${month}-10`, tipo: 'Nacional' })).status).toBe(201);
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

describe('helpers', () => {
  it('builds the list paths, the month grid and the holiday place', () => {
    expect(contactsPath('', '')).toBe('/contacts/list');
    expect(contactsPath(' ana ', '')).toBe('/contacts/list/ana');
    expect(contactsPath('', '3')).toBe('/contacts/list/-/3');
    // November 2026 starts on a Sunday and has 30 days; March 2026 on a Sunday too, 31 days.
    expect(monthCells(2026, 11).slice(0, 2)).toEqual([1, 2]);
    expect(monthCells(2026, 2)).toHaveLength(28);
    expect(monthCells(2026, 4).indexOf(1)).toBe(3);
    expect(monthCells(2026, 4)).toHaveLength(35);
    expect(monthCells(2026, 4).filter(Boolean)).toHaveLength(30);
    expect(holidayPlace({ tipo: 'Municipal', uf: 'MG', cidades: ['Belo Horizonte'] })).toBe('Municipal (Belo Horizonte - MG)');
  });
});

describe('contacts', () => {
  it('lists the colleagues, searches by name and filters by provider', async () => {
    await signInAs(ui.baseUrl, 'paulo@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/contacts/list');
    const list = await screen.findByRole('list', { name: 'Contatos' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar por nome' }), { target: { value: 'otavio' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Contatos' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Otávio Reis')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar por nome' }), { target: { value: '' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Contatos' })).getAllByRole('listitem')).toHaveLength(3));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Provedor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'RazãoInfo' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Contatos' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('Rita Alves')).toBeTruthy();
    expect(screen.queryByText('Otávio Reis')).toBeNull();
  });

  it("opens a colleague's page, and another provider's colleague is not found", async () => {
    await signInAs(ui.baseUrl, 'otavio@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/contacts/list/paulo');
    fireEvent.click(await screen.findByText('Paulo Souza'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Paulo Souza' })).toBeTruthy();
    expect(screen.getByText(`05/${month}`)).toBeTruthy();
    expect(screen.getByText('paulo@bitcom.com.br')).toBeTruthy();
    const rita = (await ui.api('GET', '/v1/company/users?nome=rita')).json.usuarios[0].id;
    renderAdmin(ui.baseUrl, `/contacts/profile/${rita}`);
    expect(await screen.findByText('Dados não encontrados.')).toBeTruthy();
  });
});

describe('calendar', () => {
  it("shows this month's holiday and birthday, and moves to the next month", async () => {
    await signInAs(ui.baseUrl, 'otavio@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/calendar');
    const events = await screen.findByRole('list', { name: 'Eventos do mês' });
    expect(within(events).getByText('Feriado do Teste')).toBeTruthy();
    expect(within(events).getByText('Paulo Souza')).toBeTruthy();
    expect(within(events).getByText(`10/${month}/${now.getFullYear()}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    expect(await screen.findByText('Nenhum feriado ou aniversário neste mês.')).toBeTruthy();
  });
});
