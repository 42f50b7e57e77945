// The tracking links' screens (marketing document, sections 2, 4, 5, 8 and 9, "Tracking link"): the
// generated list under its banner (columns, Copiar Link copying the link with its notice), the
// register (Campanha and Canal by the provider's flag, disabled without a provider; Adicionar
// refused without a link; Gerar Link filling the Link and disabled after; the copy icon's notice),
// the edit (Atualizar Link, the history) and the statistics page.
import './setup.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { CHOOSE_PROVIDER } from '../../src/admin/generator/inputs.js';
import { TEXTS } from '../../custom-pages/tracking/texts.js';
import { combo, optionsOf, pickOption } from './autocomplete.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let bitcom: number;
let campaign: number;
let channel: number;
const writeText = vi.fn(async (_text: string) => undefined);

async function create(resource: string, body: Record<string, unknown>) {
  const res = await ui.api('POST', `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Record<string, any>;
}

beforeAll(async () => {
  ui = await startServer({ config: { trackingBaseUrl: 'https://lnk.exemplo.com.br' } });
  bitcom = (await create('providers', { nome: 'Bitcom', site: 'https://www.bitcom.com.br' })).id;
  await create('providers', { nome: 'Vetorial', site: 'https://www.vetorial.net' });
  campaign = (await create('sales-campaigns', { nome: 'Verão Bitcom', bitcom: true })).id;
  await create('sales-campaigns', { nome: 'Verão Vetorial', vetorial: true });
  channel = (await create('sales-channels', { nome: 'Instagram', bitcom: true, vetorial: true })).id;
  await create('tracking-destinations', { nome: 'WhatsApp', url: 'https://wa.me/5531999990000' });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  writeText.mockClear();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the list', () => {
  it('shows the banner, the columns and Copiar Link, which copies the link and says so', async () => {
    const link = await create('tracking-links', { id_empresa: bitcom, id_campanha: campaign, id_canal: channel });
    renderAdmin(ui.baseUrl, '/marketing/tracking-link/list');
    expect(await screen.findByText(TEXTS.listBanner)).toBeTruthy();
    await screen.findByText('Verão Bitcom');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Criação', 'Provedor', 'Campanha', 'Canal', 'Usuário', 'Cliques']));
    expect(screen.getByRole('link', { name: /NOVO LINK/ })).toBeTruthy();
    const row = (await screen.findByText('Verão Bitcom')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Copiar Link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.url));
    expect(await screen.findByText(TEXTS.copied)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Estatísticas' }).getAttribute('href')).toBe(`/marketing/tracking-link/stats/${link.id}`);
  });
});

describe('the register', () => {
  it('keeps Campanha and Canal disabled until a provider is chosen, then offers its options; clearing it disables them again', async () => {
    renderAdmin(ui.baseUrl, '/marketing/tracking-link/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    expect(screen.getByText(TEXTS.formBanner)).toBeTruthy();
    expect(screen.getByText(TEXTS.requiredNote)).toBeTruthy();
    expect(combo(/^Campanha/).disabled).toBe(true);
    expect(combo(/^Canal/).disabled).toBe(true);
    expect(screen.getAllByText(CHOOSE_PROVIDER)).toHaveLength(2);
    await pickOption(/^Provedor/, 'Bitcom');
    await waitFor(() => expect(combo(/^Campanha/).disabled).toBe(false));
    expect(await optionsOf(/^Campanha/)).toEqual(['Verão Bitcom']);
    expect(await optionsOf(/^Canal/)).toEqual(['Instagram']);
    const provider = combo(/^Provedor/);
    const clear = provider.closest('.MuiAutocomplete-root')!.querySelector('.MuiAutocomplete-clearIndicator') as HTMLButtonElement;
    fireEvent.click(clear);
    await waitFor(() => expect(combo(/^Campanha/).disabled).toBe(true));
    expect(combo(/^Canal/).disabled).toBe(true);
  });

  it('refuses Adicionar without a link, and asks for the required fields on Gerar Link', async () => {
    renderAdmin(ui.baseUrl, '/marketing/tracking-link/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    fireEvent.click(button(TEXTS.add));
    expect(await screen.findByText(TEXTS.needLink)).toBeTruthy();
    fireEvent.click(button(TEXTS.generate));
    await waitFor(() => expect(screen.getAllByText('Campo obrigatório').length).toBeGreaterThanOrEqual(1));
  });

  it('Gerar Link fills the Link and is disabled after; the copy icon copies it with its notice', async () => {
    renderAdmin(ui.baseUrl, '/marketing/tracking-link/register');
    await screen.findByRole('combobox', { name: /^Provedor/ });
    await pickOption(/^Provedor/, 'Bitcom');
    await waitFor(() => expect(combo(/^Campanha/).disabled).toBe(false));
    await pickOption(/^Campanha/, 'Verão Bitcom');
    await pickOption(/^Canal/, 'Instagram');
    await waitFor(() => expect(combo(/^Canal/).value).toBe('Instagram'));
    fireEvent.click(button(TEXTS.generate));
    const field = screen.getByRole('textbox', { name: TEXTS.link }) as HTMLInputElement;
    await waitFor(() => expect(field.value).toMatch(/^https:\/\/lnk\.exemplo\.com\.br\/l\/[0-9A-Za-z]{7,}$/));
    // The register keeps its 'Gerar Link', disabled while the link matches the choices.
    await waitFor(() => expect(button(TEXTS.generate).disabled).toBe(true));
    fireEvent.click(button(TEXTS.copyLink));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(field.value));
    expect(await screen.findByText(TEXTS.copied)).toBeTruthy();
    // Another destination: the link may be updated again.
    await pickOption(/^Destino/, 'WhatsApp');
    await waitFor(() => expect(button(TEXTS.generate).disabled).toBe(false));
    const links = await ui.api('POST', '/v1/vendas/tracking/url/filtro', { filtro: { codigo: field.value.split('/l/')[1] } });
    expect(links.json.vendas_tracking_url).toHaveLength(1);
  });
});

describe('the edit and the statistics', () => {
  it('the edit shows the link with Atualizar Link disabled and the history', async () => {
    const link = await create('tracking-links', { id_empresa: bitcom, id_campanha: campaign, id_canal: channel });
    renderAdmin(ui.baseUrl, `/marketing/tracking-link/edit/${link.id}`);
    const field = (await screen.findByRole('textbox', { name: TEXTS.link })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(link.url));
    await waitFor(() => expect(button(TEXTS.update).disabled).toBe(true));
    expect(await screen.findByText(/Ver histórico de Edições/i)).toBeTruthy();
  });

  it('the statistics page shows the link, the totals and the empty state', async () => {
    const link = await create('tracking-links', { id_empresa: bitcom, id_campanha: campaign, id_canal: channel });
    renderAdmin(ui.baseUrl, `/marketing/tracking-link/stats/${link.id}`);
    expect(await screen.findByText(link.url)).toBeTruthy();
    expect(await screen.findByText(TEXTS.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: TEXTS.qrPng })).toBeTruthy();
    expect(screen.getByLabelText('Cliques').textContent).toBe('0');
  });

  it('the statistics period is typed DD/MM/AAAA in the engine\'s date box, and read for those days', async () => {
    const link = await create('tracking-links', { id_empresa: bitcom, id_campanha: campaign, id_canal: channel });
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      renderAdmin(ui.baseUrl, `/marketing/tracking-link/stats/${link.id}`);
      const from = (await screen.findByRole('textbox', { name: TEXTS.from })) as HTMLInputElement;
      const to = screen.getByRole('textbox', { name: TEXTS.to }) as HTMLInputElement;
      expect(from.getAttribute('type')).not.toBe('date');
      expect(from.placeholder).toBe('DD/MM/AAAA');
      expect(from.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      const shownEnd = to.value;
      fireEvent.change(from, { target: { value: '05/12/2026' } });
      expect(from.value).toBe('05/12/2026');
      // One bound typed: read with the end the box shows, when that period is a period.
      const [d, m, y] = shownEnd.split('/');
      if (`${y}-${m}-${d}` >= '2026-12-05') await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes(`/estatisticas?de=2026-12-05&ate=${y}-${m}-${d}`))).toBe(true));
      // The other typed (a day the box did not show): those days.
      const end = shownEnd === '31/12/2026' ? ['30/12/2026', '2026-12-30'] : ['31/12/2026', '2026-12-31'];
      fireEvent.change(await screen.findByRole('textbox', { name: TEXTS.to }), { target: { value: end[0] } });
      await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes(`/estatisticas?de=2026-12-05&ate=${end[1]}`))).toBe(true));
      expect(((await screen.findByRole('textbox', { name: TEXTS.from })) as HTMLInputElement).value).toBe('05/12/2026');
    } finally {
      spy.mockRestore();
    }
  });
});
