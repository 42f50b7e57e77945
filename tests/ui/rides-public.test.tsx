// The rides board /ride-employee (issue 33) against the real server: a visitor reads the offers with
// no person's name and no WhatsApp; a signed-in employee reads who offers and a WhatsApp button that
// links to wa.me with the country code 55, while a phone without digits says 'Número de telefone
// inválido.'; the search form goes to /ride-employee/search/{origem}/{destino}/{data} ('todos' and
// 'todas' for the empty ones) and finds without accents or case. The offer form (/ride/register,
// generated): an employee of one provider finds it chosen; a date already past is refused before sending.
import './setup.js';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { ApiBaseContext } from '../../src/admin/core/auth/context.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { setSession } from '../../src/admin/core/session.js';
import { INVALID_PHONE_TEXT } from '../../src/domain/format.js';
import { RIDE_MSG, RIDE_TEXTS } from '../../src/domain/rides.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

// The signed-in frame (header, menus, notifications) is not what these tests look at.
vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="layout">{children}</div> }));

let ui: UiServer;
let where = '';
let providerId = 0;
let ownerId = 0;

function Probe() {
  const location = useLocation();
  where = location.pathname;
  return null;
}

function renderAt(path: string) {
  const dataProvider = createDataProvider(`${ui.baseUrl}/api`, resourceModules);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <ApiBaseContext.Provider value={ui.baseUrl}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} disableTelemetry>
          <CustomRoutes noLayout>{customPageRoutes(true)}</CustomRoutes>
          <CustomRoutes>{customPageRoutes(false)}</CustomRoutes>
        </Admin>
      </ApiBaseContext.Provider>
    </MemoryRouter>,
  );
}

const EMPLOYEE = 'maria@caronas-ui.teste';
/** The offer's card, found by its heading (origin → destination). */
const card = async (origin: RegExp) => (await screen.findByRole('heading', { level: 2, name: origin })).closest('article') as HTMLElement;

beforeAll(async () => {
  ui = await startServer();
  const provider = await ui.api('POST', '/api/providers', { nome: 'Bitcom' });
  expect(provider.status, JSON.stringify(provider.json)).toBe(201);
  providerId = provider.json.id;
  await ui.api('POST', '/api/providers', { nome: 'Vetorial' });
  const owner = await ui.createUser({ email: EMPLOYEE, nome: 'Maria Aparecida Souza', papeis: ['user'], funcionario: true, id_empresas: [provider.json.id] });
  // Written straight to the table: a phone without digits is one no form would take (legacy data).
  const offer = (origem: string, destino: string, telefone: string, days: number) =>
    ui.server.db.query(
      `INSERT INTO frota.carona (id_empresa, id_usuario, nome, origem, destino, data_hora, vagas, telefone, observacoes)
       VALUES ($1, $2, 'Maria Aparecida Souza', $3, $4, now() + make_interval(days => $5), 3, $6, 'Saio pontualmente.')`,
      [provider.json.id, owner, origem, destino, days, telefone],
    );
  await offer('São José', 'Sede Centro', '(31) 98765-4321', 1);
  await offer('Pampulha', 'Contagem', 'sem número', 2);
  ownerId = owner;
});
afterEach(() => signOutLocally());
afterAll(() => ui?.close());

describe('the rides board', () => {
  it('a visitor reads the offers without the offerer’s name or a WhatsApp button', async () => {
    setSession(null);
    renderAt('/ride-employee/list');
    const first = await card(/São José/);
    expect(within(first).getByText('Sede Centro')).toBeTruthy();
    expect(within(first).getByText(RIDE_TEXTS.seats(3))).toBeTruthy();
    expect(within(first).getByText('Bitcom')).toBeTruthy();
    expect(within(first).getByText('Saio pontualmente.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: RIDE_TEXTS.title })).toBeTruthy();
    expect(screen.queryByText(/Maria/)).toBeNull();
    expect(screen.queryByRole('link', { name: RIDE_TEXTS.whatsapp })).toBeNull();
    expect(screen.queryByRole('button', { name: RIDE_TEXTS.whatsapp })).toBeNull();
  });

  it('a signed-in employee sees who offers and a WhatsApp button to wa.me/55…; a phone without digits says so', async () => {
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAt('/ride-employee/list');
    const first = await card(/São José/);
    expect(within(first).getByText(RIDE_TEXTS.offeredBy('Maria'))).toBeTruthy();
    const link = within(first).getByRole('link', { name: RIDE_TEXTS.whatsapp });
    expect(link.getAttribute('href')).toBe('https://wa.me/5531987654321');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const second = await card(/Pampulha/);
    expect(within(second).queryByRole('link', { name: RIDE_TEXTS.whatsapp })).toBeNull();
    expect(within(second).queryByText(INVALID_PHONE_TEXT)).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: RIDE_TEXTS.whatsapp }));
    expect((await within(second).findByRole('alert')).textContent).toBe(INVALID_PHONE_TEXT);
    // The employee offers rides from here.
    expect(screen.getByRole('link', { name: RIDE_TEXTS.offer }).getAttribute('href')).toBe('/ride/register');
  });

  it('the search goes to the address, with todos/todas for what is left empty, and finds without accents or case', async () => {
    setSession(null);
    renderAt('/ride-employee/list');
    await card(/Pampulha/);
    fireEvent.change(screen.getByRole('textbox', { name: RIDE_TEXTS.origin }), { target: { value: 'SAO JOSE' } });
    fireEvent.click(screen.getByRole('button', { name: RIDE_TEXTS.search }));
    await waitFor(() => expect(where).toBe('/ride-employee/search/SAO%20JOSE/todos/todas'));
    expect(await screen.findByText(RIDE_TEXTS.results(1))).toBeTruthy();
    expect(await card(/São José/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: /Pampulha/ })).toBeNull();

    // Nothing found: says so and leads back to every offer.
    fireEvent.change(screen.getByRole('textbox', { name: RIDE_TEXTS.destination }), { target: { value: 'Marte' } });
    fireEvent.click(screen.getByRole('button', { name: RIDE_TEXTS.search }));
    await waitFor(() => expect(where).toBe('/ride-employee/search/SAO%20JOSE/Marte/todas'));
    expect(await screen.findByText(RIDE_TEXTS.none)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: RIDE_TEXTS.all }));
    await waitFor(() => expect(where).toBe('/ride-employee/list'));
    expect(await card(/Pampulha/)).toBeTruthy();
  });
});

/** A date and time `days` ahead as the form takes it (DD/MM/AAAA - HH:MM, the browser's time zone). */
function typed(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} - 08:30`;
}

describe('the offer form /ride/register', () => {
  it('an employee of one provider finds it chosen, offers a ride and owns it; a past date is refused with its message', async () => {
    await signInAs(ui.baseUrl, EMPLOYEE, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/ride/register');
    const provider = await screen.findByRole('combobox', { name: /^Provedor/ }, { timeout: 15_000 });
    // Only the employee's provider is offered, and it comes chosen.
    await waitFor(() => expect(provider.textContent).toBe('Bitcom'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Origem/ }), { target: { value: 'Barreiro' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Destino/ }), { target: { value: 'Sede Centro' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Data e hora/ }), { target: { value: typed(-2) } });
    const seats = screen.queryByRole('spinbutton', { name: /^Vagas/ }) ?? screen.getByRole('textbox', { name: /^Vagas/ });
    fireEvent.change(seats, { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Telefone/ }), { target: { value: '31987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // Told before sending: under the field and as the toast.
    expect((await screen.findAllByText(RIDE_MSG.pastDate, undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expect((await ui.server.db.query(`SELECT 1 FROM frota.carona WHERE origem = 'Barreiro'`)).rows).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^Data e hora/ }), { target: { value: typed(3) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Carona cadastrada com sucesso!', undefined, { timeout: 15_000 })).toBeTruthy();
    const { rows } = await ui.server.db.query<{ id_empresa: number; id_usuario: number; vagas: number; telefone: string }>(
      `SELECT id_empresa, id_usuario, vagas, telefone FROM frota.carona WHERE origem = 'Barreiro'`,
    );
    expect(rows).toEqual([{ id_empresa: providerId, id_usuario: ownerId, vagas: 2, telefone: '(31) 98765-4321' }]);
  });
});
