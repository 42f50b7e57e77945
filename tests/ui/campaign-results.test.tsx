// The campaign results' generated screens (marketing spec, sections 2 "Campaign result register and
// edit forms" and "Campaign results lists", 5 "Campaign result forms", 8, 9): the count masks with
// thousands dots, the per-field maximum messages, the money input (R$, max length 20), the required
// messages ('Campo obrigatório' and the 'Preencha os seguintes campos obrigatórios: ...' toast),
// Salvar e Continuar keeping the register open, the campaign in the title, and the global list.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { pickOption } from './autocomplete.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;
let campaign: number;
let channel: number;

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

beforeAll(async () => {
  ui = await startServer();
  bitcom = await create('providers', { nome: 'Bitcom' });
  campaign = await create('sales-campaigns', { nome: 'Black Friday', bitcom: true });
  await create('sales-campaigns', { nome: 'Natal', bitcom: true });
  channel = await create('sales-channels', { nome: 'Facebook', bitcom: true });
});

afterEach(() => setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] }));

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });

async function openRegister(path = `/marketing/results-campaigns/register?idCampaign=${campaign}`) {
  renderAdmin(ui.baseUrl, path);
  await screen.findByRole('combobox', { name: /^Provedor/ });
}

async function fillRequired(start = '01/11/2026', end = '30/11/2026') {
  await pickOption(/^Provedor/, 'Bitcom');
  await waitFor(() => expect((screen.getByRole('combobox', { name: /^Canal/ }) as HTMLInputElement).disabled).toBe(false));
  await pickOption(/^Canal/, 'Facebook');
  type(/^Início do período/, start);
  type(/^Fim do período/, end);
}

describe('campaign result register', () => {
  it('names the campaign in the title and offers Cancelar, Salvar e Continuar and Salvar', async () => {
    await openRegister();
    expect(await screen.findByRole('heading', { level: 1, name: /Black Friday/i })).toBeTruthy();
    const names = screen.getAllByRole('button').map((b) => b.textContent?.trim());
    const order = ['Cancelar', 'Salvar e Continuar', 'Salvar'].map((n) => names.indexOf(n));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('types counts with thousands dots, keeps only digits, and says each maximum', async () => {
    await openRegister();
    type(/^Impressões/, '1234567');
    expect(input(/^Impressões/).value).toBe('1.234.567');
    type(/^Cliques/, '12a34');
    expect(input(/^Cliques/).value).toBe('1.234');
    type(/^Conversas iniciadas/, '2000000');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O número máximo de impressões é 1.000.000')).toBeTruthy();
    expect(screen.getByText('O número máximo de conversas iniciadas é 1.000.000')).toBeTruthy();
    expect(screen.queryByText('O número máximo de cliques é 1.000.000')).toBeNull();
  });

  it('types money after an R$ prefix with comma decimals, at most 20 characters', async () => {
    await openRegister();
    const money = input(/^Valor investido/);
    expect(money.maxLength).toBe(20);
    expect(within(money.closest('.MuiInputBase-root') as HTMLElement).getByText('R$')).toBeTruthy();
    type(/^Valor investido/, '123456');
    expect(money.value).toBe('1.234,56');
    type(/^Valor investido/, '100000001');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O número máximo de valor investido é 1.000.000')).toBeTruthy();
  });

  it('refuses a save without provider, period and channel: Campo obrigatório under each and the list of them in the toast', async () => {
    await openRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha os seguintes campos obrigatórios: Provedor, Período, Canal')).toBeTruthy();
    expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(3);
  });

  it('without idCampaign offers the campaign select, and names it when missing', async () => {
    await openRegister('/marketing/results-campaigns-report/register');
    expect(screen.getByRole('combobox', { name: /^Campanha/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha os seguintes campos obrigatórios: Provedor, Campanha, Período, Canal')).toBeTruthy();
  });

  it('Salvar e Continuar saves, toasts and stays for the next entry: provider and channel kept, period and counts cleared', async () => {
    await openRegister();
    await fillRequired('02/11/2026', '08/11/2026');
    type(/^Impressões/, '4321');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e Continuar' }));
    expect(await screen.findByText('Resultado de campanha cadastrado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(input(/^Impressões/).value).toBe(''));
    expect(input(/^Início do período/).value).toBe('');
    expect((screen.getByRole('combobox', { name: /^Provedor/ }) as HTMLInputElement).value).toBe('Bitcom');
    expect((screen.getByRole('combobox', { name: /^Canal/ }) as HTMLInputElement).value).toBe('Facebook');
    const list = await ui.api('GET', `/api/campaign-results?filter=${encodeURIComponent(JSON.stringify({ id_campanha: campaign, impressoes: 4321 }))}`);
    expect(list.status).toBe(200);
    const rows = (Array.isArray(list.json) ? list.json : (list.json.data ?? [])) as { impressoes: number; id_canal: number; id_empresa: number }[];
    expect(rows.some((r) => r.impressoes === 4321 && r.id_canal === channel && r.id_empresa === bitcom)).toBe(true);
  });
});

describe('campaign results lists', () => {
  it('the global list names each row\'s campaign and shows counts with thousands dots', async () => {
    await create('campaign-results', { id_empresa: bitcom, id_campanha: campaign, id_canal: channel, periodo_inicio: '2026-10-01', periodo_fim: '2026-10-31', impressoes: 98765, cliques: 12 });
    renderAdmin(ui.baseUrl, '/marketing/results-campaigns/list');
    // The table is read anew at each try: the list may draw it again once its rows arrive (a loaded machine).
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Campanha')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByText('Black Friday').length).toBeGreaterThan(0), { timeout: 10_000 });
  });

  it('the list of one campaign leaves the campaign column out', async () => {
    renderAdmin(ui.baseUrl, `/marketing/results-campaigns/list?idCampaign=${campaign}`);
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Período')).toBeTruthy(), { timeout: 10_000 });
    expect(within(screen.getByRole('table')).queryByText('Campanha')).toBeNull();
  });
});
