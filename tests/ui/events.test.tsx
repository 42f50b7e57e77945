// The marketing events' screens (marketing document, sections 2 to 8 "Events"), generated from
// schemas/marketing/events.json against the real server: the list's columns and row actions (the
// superadmin's Excluir; the reduced set of other marketing users), Detalhes, Site, Ativar/Desativar
// and Excluir with the document's toasts; the register's rules (required fields shown under their
// inputs, never a silent submit; 'Adicionar'; the toasts), the city select's own error toast, the
// warning of an overlapping event, the edit's history, where each screen's back arrow leads, and
// the month calendar beside the list.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DELETE_WARNING } from '../../src/admin/generator/RowActions.js';
import { monthTitle, type MonthCursor } from '../../src/admin/generator/MonthGrid.js';
import { setSession } from '../../src/admin/core/session.js';
import { MSG } from '../../src/domain/messages.js';
import { overlapMark, overlapNotice } from '../../custom-pages/events/texts.js';
import { combo, pickOption } from './autocomplete.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let A: number;
const city: Record<string, number> = {};
const ids: Record<string, number> = {};

const now = new Date();
const month: MonthCursor = { ano: now.getFullYear(), mes: now.getMonth() + 1 };
const thisMonth = (day: number) => `${month.ano}-${String(month.mes).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

const event = (evento: string, extra: Record<string, unknown> = {}) =>
  create('events', {
    evento,
    nome_do_local: 'Centro de Eventos do Ceará',
    endereco_do_local: 'Av. Washington Soares, 999',
    cidade: city.fortaleza,
    data_inicio: '2030-08-10',
    data_fim: '2030-08-12',
    site_do_evento: 'https://www.expofortaleza.com.br',
    ...extra,
  });

beforeAll(async () => {
  ui = await startServer();
  A = await create('providers', { nome: 'Bitcom' });
  city.fortaleza = await create('cities', { nome: 'Fortaleza', uf: 'CE', id_empresa: A });
  city.caucaia = await create('cities', { nome: 'Caucaia', uf: 'CE', id_empresa: A });
  ids.expo = await event('Expo Fortaleza');
  ids.noSite = await event('Feira Sem Site', { site_do_evento: null, cidade: city.caucaia, data_inicio: '2030-09-01', data_fim: '2030-09-01' });
  ids.calA = await event('Calendário A', { data_inicio: thisMonth(10), data_fim: thisMonth(12) });
  ids.calB = await event('Calendário B', { data_inicio: thisMonth(12), data_fim: thisMonth(13) });
  ids.calOff = await event('Calendário Inativo', { data_inicio: thisMonth(5), data_fim: thisMonth(5), status: false });
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

afterEach(() => {
  signOutLocally();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

/** Renders the admin as a new Bitcom user with these roles. */
async function openAs(papeis: string[], path: string) {
  signOutLocally();
  const token = await ui.server.userToken({ papeis, id_empresas: [A], nome: 'Pessoa do Marketing', funcionario: true });
  setSession({ token, roles: papeis });
  renderAdmin(ui.baseUrl, path);
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const actionNames = (row: HTMLElement) =>
  [...row.querySelectorAll('button, a')].map((b) => b.getAttribute('aria-label') ?? b.textContent).filter((n) => n && !/expandir|recolher/i.test(n));

describe('the events list', () => {
  it("shows the document's columns, NOVO EVENTO, the switch to the calendar, and the superadmin's actions", async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/list');
    const row = await rowOf('Expo Fortaleza');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const title of ['Criação', 'Evento', 'Data Início', 'Data Fim', 'Status']) expect(headers).toContain(title);
    expect(screen.getByRole('link', { name: 'NOVO EVENTO' }).getAttribute('href')).toBe('/marketing/events/register');
    const views = screen.getByRole('group', { name: 'Visualização' });
    expect(within(views).getByRole('link', { name: 'Lista' }).getAttribute('aria-current')).toBe('page');
    expect(within(views).getByRole('link', { name: 'Calendário' }).getAttribute('href')).toBe('/marketing/events/calendar');
    expect(within(row).getByText('10/08/2030')).toBeTruthy();
    expect(actionNames(row)).toEqual(['Detalhes', 'Site', 'Editar', 'Desativar', 'Excluir']);
    // Site opens the event's site in a new tab; disabled without one.
    const site = within(row).getByRole('link', { name: 'Site' });
    expect(site.getAttribute('href')).toBe('https://www.expofortaleza.com.br');
    expect(site.getAttribute('target')).toBe('_blank');
    const noSite = await rowOf('Feira Sem Site');
    expect((within(noSite).getByRole('button', { name: 'Site' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('other marketing users get the reduced set: no Excluir; readers only look', async () => {
    await openAs(['marketing:gestor', 'user'], '/marketing/events/list');
    expect(actionNames(await rowOf('Expo Fortaleza'))).toEqual(['Detalhes', 'Site', 'Editar', 'Desativar']);
    await openAs(['regua_comunicacao:leitor', 'user'], '/marketing/events/list');
    expect(actionNames(await rowOf('Expo Fortaleza'))).toEqual(['Detalhes', 'Site']);
    expect(screen.queryByRole('link', { name: 'NOVO EVENTO' })).toBeNull();
  });

  it('Detalhes shows the venue name, address and city', async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/list');
    fireEvent.click(within(await rowOf('Expo Fortaleza')).getByRole('button', { name: 'Detalhes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalhes' });
    expect(within(dialog).getByText('Nome do local')).toBeTruthy();
    expect(within(dialog).getByText('Centro de Eventos do Ceará')).toBeTruthy();
    expect(within(dialog).getByText('Av. Washington Soares, 999')).toBeTruthy();
    expect(await within(dialog).findByText('Fortaleza')).toBeTruthy();
  });

  it('Desativar and Ativar toast the status text; Excluir asks first and toasts the deletion', async () => {
    const id = await event('Evento de Status', { data_inicio: '2031-01-10', data_fim: '2031-01-10' });
    renderAdmin(ui.baseUrl, '/marketing/events/list');
    fireEvent.click(within(await rowOf('Evento de Status')).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Status do evento atualizado com sucesso')).toBeTruthy();
    await waitFor(async () => expect((await ui.api('GET', `/api/events/${id}`)).json.status).toBe(false));
    await waitFor(async () => expect(within(await rowOf('Evento de Status')).getByRole('button', { name: 'Ativar' })).toBeTruthy());

    fireEvent.click(within(await rowOf('Evento de Status')).getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_WARNING)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Evento excluído com sucesso')).toBeTruthy();
    await waitFor(async () => expect((await ui.api('GET', `/api/events/${id}`)).status).toBe(404));
  });

  it("toasts 'Ocorreu algum erro ao carregar os dados!' when the list cannot be loaded", async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      /\/api\/events\?/.test(String(input instanceof Request ? input.url : input)) ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init)) as typeof fetch;
    try {
      renderAdmin(ui.baseUrl, '/marketing/events/list');
      // After the data provider's retries.
      expect(await screen.findByText('Ocorreu algum erro ao carregar os dados!', undefined, { timeout: 20_000 })).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('the event register', () => {
  it("shows each missing required field's error instead of doing nothing, with the required-fields toast; the button reads Adicionar", async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/register');
    const add = await screen.findByRole('button', { name: 'Adicionar' });
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Data' })).toBeTruthy();
    fireEvent.click(add);
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    // evento, data (start and end), nome_do_local, endereco_do_local and cidade; not the site.
    await waitFor(() => expect(screen.getAllByText(MSG.required)).toHaveLength(6));
    const site = screen.getByRole('textbox', { name: 'Site do evento' });
    expect(site.getAttribute('aria-invalid')).not.toBe('true');
    for (const name of [/^Evento/, /^Nome do local/, /^Endereço do local/]) {
      expect(screen.getByRole('textbox', { name }).getAttribute('aria-invalid'), String(name)).toBe('true');
    }
  });

  it('saves with the chosen city and toasts the document\'s text; a site that is no link is refused under it', async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/register');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Evento/ }), { target: { value: 'Feira Nova' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Site do evento' }), { target: { value: 'sem link' } });
    fireEvent.change(screen.getByLabelText(/^Data Início/), { target: { value: '01/10/2031' } });
    fireEvent.change(screen.getByLabelText(/^Data Fim/), { target: { value: '02/10/2031' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nome do local/ }), { target: { value: 'Praça Portugal' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Endereço do local/ }), { target: { value: 'Av. Dom Luís, s/n' } });
    await pickOption(/^Cidade/, 'Caucaia');
    await waitFor(() => expect(combo(/^Cidade/).value).toBe('Caucaia'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(MSG.url)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Site do evento' }), { target: { value: 'https://feiranova.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Evento cadastrado com sucesso')).toBeTruthy();
    const saved = (await ui.api('GET', `/api/events?filter=${encodeURIComponent(JSON.stringify({ q: 'Feira Nova' }))}`)).json;
    expect(saved).toEqual([
      expect.objectContaining({ evento: 'Feira Nova', cidade: city.caucaia, data_inicio: '2031-10-01', data_fim: '2031-10-02', nome_do_local: 'Praça Portugal', site_do_evento: 'https://feiranova.com.br', status: true }),
    ]);
  });

  it('warns, without stopping the save, when another active event of the city shares a day of the period', async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/register');
    await screen.findByRole('combobox', { name: /^Cidade/ });
    await pickOption(/^Cidade/, 'Fortaleza');
    fireEvent.change(screen.getByLabelText(/^Data Início/), { target: { value: '12/08/2030' } });
    fireEvent.change(screen.getByLabelText(/^Data Fim/), { target: { value: '15/08/2030' } });
    const text = overlapNotice([{ id: ids.expo, evento: 'Expo Fortaleza', data_inicio: '2030-08-10', data_fim: '2030-08-12' }]);
    expect(text).toBe('Atenção: o evento Expo Fortaleza (10/08/2030 a 12/08/2030) acontece na mesma cidade neste período.');
    expect(await screen.findByText(text)).toBeTruthy();
    // It does not stop the save.
    fireEvent.change(screen.getByRole('textbox', { name: /^Evento/ }), { target: { value: 'Feira Coincidente' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nome do local/ }), { target: { value: 'Praça do Ferreira' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Endereço do local/ }), { target: { value: 'Rua Floriano Peixoto, s/n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Evento cadastrado com sucesso')).toBeTruthy();
  });

  it('has no warning for another period, nor for an inactive event', async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/register');
    await screen.findByRole('combobox', { name: /^Cidade/ });
    await pickOption(/^Cidade/, 'Fortaleza');
    fireEvent.change(screen.getByLabelText(/^Data Início/), { target: { value: '12/08/2030' } });
    fireEvent.change(screen.getByLabelText(/^Data Fim/), { target: { value: '12/08/2030' } });
    const warning = await screen.findByText(/^Atenção: .*Expo Fortaleza/);
    fireEvent.click(screen.getByRole('switch', { name: 'Status' }));
    await waitFor(() => expect(warning.isConnected).toBe(false));
    fireEvent.click(screen.getByRole('switch', { name: 'Status' }));
    await screen.findByText(/^Atenção: .*Expo Fortaleza/);
    fireEvent.change(screen.getByLabelText(/^Data Início/), { target: { value: '13/08/2030' } });
    fireEvent.change(screen.getByLabelText(/^Data Fim/), { target: { value: '14/08/2030' } });
    await waitFor(() => expect(screen.queryByText(/^Atenção:/)).toBeNull());
  });

  it("toasts 'Erro ao buscar cidades!' when the city options cannot be loaded", async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).includes('/api/cities') ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init)) as typeof fetch;
    try {
      renderAdmin(ui.baseUrl, '/marketing/events/register');
      // After the data provider's retries.
      expect(await screen.findByText('Erro ao buscar cidades!', undefined, { timeout: 20_000 })).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('the edit screen shows the change history and Salvar; its back arrow leads to the list', async () => {
    renderAdmin(ui.baseUrl, `/marketing/events/edit/${ids.expo}`);
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeTruthy();
    expect(await screen.findByText('Ver histórico de Edições')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Evento/ }) as HTMLInputElement).value).toBe('Expo Fortaleza'));
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/marketing/events/list');
  });

  it("the register's back arrow, opened with no earlier page of the app, leads to the list (the e2e test goes back to the calendar)", async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/register');
    await screen.findByRole('button', { name: 'Adicionar' });
    const back = screen.getByRole('link', { name: 'Voltar' });
    expect(back.getAttribute('href')).toBe('/marketing/events/list');
    fireEvent.click(back);
    expect(await screen.findByText('Expo Fortaleza')).toBeTruthy();
  });
});

describe('the events calendar', () => {
  it("shows the month's events on their days, the inactive greyed, the overlapping marked; a click opens the edit screen", async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/calendar');
    const grid = await screen.findByRole('grid', { name: monthTitle(month) });
    const day = (n: number) => within(grid).getByRole('gridcell', { name: String(n) });
    const markA = overlapMark([{ id: ids.calB, evento: 'Calendário B', data_inicio: thisMonth(12), data_fim: thisMonth(13) }]);
    await waitFor(() => expect(within(day(10)).getByRole('link', { name: `Calendário A - ${markA}` })).toBeTruthy());
    // Calendário A on the 10th to the 12th, B on the 12th and 13th: both on the 12th.
    expect(within(day(11)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Calendário A']);
    expect(within(day(12)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Calendário A', 'Calendário B']);
    expect(within(day(13)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Calendário B']);
    expect(within(day(5)).getByRole('link', { name: 'Calendário Inativo - Inativo' })).toBeTruthy();
    // The month's list under the grid.
    expect(within(screen.getByRole('list', { name: 'Eventos do mês' })).getAllByRole('listitem').length).toBe(3);
    fireEvent.click(within(day(13)).getByRole('link', { name: /^Calendário B/ }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Evento/ }) as HTMLInputElement).value).toBe('Calendário B'));
  });

  it('moves between months and back to today', async () => {
    renderAdmin(ui.baseUrl, '/marketing/events/calendar');
    await screen.findByRole('grid', { name: monthTitle(month) });
    fireEvent.click(screen.getByRole('button', { name: 'Próximo mês' }));
    const next = month.mes === 12 ? { ano: month.ano + 1, mes: 1 } : { ano: month.ano, mes: month.mes + 1 };
    const grid = await screen.findByRole('grid', { name: monthTitle(next) });
    await waitFor(() => expect(screen.getByText('Nenhum registro neste mês.')).toBeTruthy());
    expect(within(grid).queryAllByRole('link')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Hoje' }));
    expect(await screen.findByRole('grid', { name: monthTitle(month) })).toBeTruthy();
  });
});
