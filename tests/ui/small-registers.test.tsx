// The screens of issue 34 against the real server: /financial/home opens without signing in and
// lists the active providers with their sites; /contracting leads to the contracting companies with
// their active count; an employee opens the bookings' calendar and the register of a booking.
import './setup.js';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="layout">{children}</div> }));

const EMPLOYEE = 'joana@recursos-ui.teste';
const HR = 'rh@recursos-ui.teste';
let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
  const provider = (await ui.api('POST', '/api/providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' })).json.id;
  await ui.api('POST', '/api/providers', { nome: 'Vetorial' });
  await ui.api('POST', '/api/providers', { nome: 'Antigo Provedor', ativo: false });
  const company = await ui.api('POST', '/api/contracting-companies', {
    id_empresa: provider,
    razao_social: 'Construtora Horizonte Ltda',
    nome_fantasia: 'Horizonte',
    cnpj: '11.444.777/0001-61',
    cep: '30110-000',
    endereco: 'Rua da Bahia',
    numero: '900',
    bairro: 'Lourdes',
    cidade: 'Belo Horizonte',
    estado: 'MG',
  });
  expect(company.status, JSON.stringify(company.json)).toBe(201);
  await ui.createUser({ email: EMPLOYEE, nome: 'Joana', papeis: ['user'], funcionario: true, id_empresas: [provider] });
  await ui.createUser({ email: HR, nome: 'Helena do RH', papeis: ['rh:leitor', 'user'], funcionario: true, id_empresas: [provider] });
});
afterEach(() => signOutLocally());
afterAll(() => ui?.close());

describe('the small registers’ screens', () => {
  it('/financial/home opens without signing in and lists the active providers with their sites', async () => {
    setSession(null);
    renderAdmin(ui.baseUrl, '/financial/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Financeiro' }, { timeout: 10_000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Provedores' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('link', { name: /Site da Bitcom/ }).getAttribute('href')).toBe('https://www.bitcom.com.br/');
    expect(within(list).queryByText('Antigo Provedor')).toBeNull();
    expect(screen.getByRole('region', { name: 'Segunda via da fatura' })).toBeTruthy();
  });

  it('/contracting leads an HR reader to the contracting companies, with how many are active', async () => {
    await signInAs(ui.baseUrl, HR, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/contracting');
    const card = await screen.findByRole('link', { name: /Empresas contratantes/ }, { timeout: 10_000 });
    expect(card.getAttribute('href')).toBe('/contracting/companies/list');
    await waitFor(() => expect(card.textContent).toContain('1 ativa'));
    // A reader does not register: no card for it.
    expect(screen.queryByRole('link', { name: /Nova empresa contratante/ })).toBeNull();
  });

  it('an employee opens the bookings’ calendar and the register of a booking', async () => {
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resources/bookings/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: /Reservas de recursos/i }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Hoje' })).toBeTruthy();
    signOutLocally();
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/resources/bookings/register');
    expect(await screen.findByRole('combobox', { name: /Recurso/ }, { timeout: 10_000 })).toBeTruthy();
    // The employee's one provider comes chosen (they cannot list the providers register).
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Provedor/ }).textContent).toBe('Bitcom'));
    expect(screen.getByRole('textbox', { name: /Finalidade/ })).toBeTruthy();
  });
});
