// The marketing events end to end in headless Chromium against the started product (SEED_DEMO: each
// demo provider has its events, two of them sharing days in the same city). The demo marketing
// manager of Vetorial (gestor.vendas@vetorial.net) opens Eventos from the marketing home, sees the
// list without Excluir, switches to the calendar, where the two demo events of the same days are
// marked; from the calendar opens NOVO EVENTO and its back arrow returns there; a submit with nothing
// filled shows the fields' errors; the filled form warns of the overlap and saves with 'Adicionar';
// then Detalhes and Desativar on the list. Screenshots in test-results/e2e/events-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';

const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const EVENT = 'Feira E2E de Curitiba';
const MONTHS = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

let server: RunningServer;
let browser: Browser;

/** A YYYY-MM-DD day as a local date. */
function localDay(iso: string) {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y, m - 1, d);
}

/**
 * The day the two demo events of Curitiba share, read from the product: the seed counts their days from the
 * day the server started, and a run that crosses midnight must not look a day later.
 */
async function sharedDemoDay(): Promise<Date> {
  const token = await apiLogin(server.url, MANAGER);
  const rows = (await apiJson(server.url, 'GET', '/api/events?range=[0,99]', token, undefined, 'marketing:gestor')) as { evento: string; data_inicio: string; data_fim: string }[];
  const expo = rows.find((r) => r.evento === 'Expo Conectividade');
  const week = rows.find((r) => r.evento === 'Semana do Cliente');
  if (!expo || !week) throw new Error('demo events not found');
  const first = expo.data_inicio > week.data_inicio ? expo.data_inicio : week.data_inicio;
  if (first > (expo.data_fim < week.data_fim ? expo.data_fim : week.data_fim)) throw new Error('demo events do not share a day');
  return localDay(first);
}
const pad = (n: number) => String(n).padStart(2, '0');
const typed = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const monthName = (d: Date) => `${MONTHS[d.getMonth()]} de ${d.getFullYear()}`;

/** Moves the calendar to the month of `d` (forward only: it starts at today's, at most the seed's). */
async function showMonthOf(page: Page, d: Date) {
  const months = page.getByRole('grid', { name: / de \d{4}$/ });
  for (let i = 0; i < 3; i++) {
    // The month shown once the calendar has drawn (on a loaded machine it comes after the page).
    await months.first().waitFor({ timeout: 30_000 });
    const shown = await months.first().getAttribute('aria-label');
    if (shown === monthName(d)) return;
    await page.getByRole('button', { name: 'Próximo mês' }).click();
    await page.getByRole('grid', { name: shown ?? '' }).waitFor({ state: 'detached', timeout: 30_000 });
  }
  await page.getByRole('grid', { name: monthName(d) }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('marketing events', () => {
  it('a marketing manager goes from the list to the calendar, adds an event there and manages it on the list', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    const section = page.getByRole('region', { name: 'COMUNICAÇÃO' });
    await section.waitFor({ timeout: 30_000 });
    await section.getByRole('link', { name: 'Eventos', exact: true }).click();
    await page.waitForURL('**/marketing/events/list', { timeout: 30_000 });
    const demo = page.locator('tr', { hasText: 'Expo Conectividade' });
    await demo.waitFor({ timeout: 30_000 });
    // A manager, not the superadmin: Detalhes, Site, Editar, Desativar; no Excluir.
    for (const name of ['Detalhes', 'Site', 'Editar', 'Desativar']) {
      expect(await demo.getByRole('button', { name, exact: true }).or(demo.getByRole('link', { name, exact: true })).count(), name).toBe(1);
    }
    expect(await demo.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    await screenshot(page, 'events-01-list');

    // The calendar: the two demo events sharing days in Curitiba are marked.
    await page.getByRole('group', { name: 'Visualização' }).getByRole('link', { name: 'Calendário' }).click();
    await page.waitForURL('**/marketing/events/calendar', { timeout: 30_000 });
    const shared = await sharedDemoDay();
    await showMonthOf(page, shared);
    const cell = page.getByRole('grid', { name: monthName(shared) }).getByRole('gridcell', { name: String(shared.getDate()), exact: true });
    await cell.getByRole('link', { name: /^Semana do Cliente - Coincide na mesma cidade com Expo Conectividade/ }).waitFor({ timeout: 30_000 });
    await cell.getByRole('link', { name: /^Expo Conectividade - Coincide na mesma cidade com Semana do Cliente/ }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'events-02-calendar');

    // NOVO EVENTO from the calendar: the register's back arrow returns to it.
    await page.getByRole('link', { name: 'NOVO EVENTO' }).click();
    await page.waitForURL('**/marketing/events/register', { timeout: 30_000 });
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL('**/marketing/events/calendar', { timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVO EVENTO' }).click();
    await page.waitForURL('**/marketing/events/register', { timeout: 30_000 });

    // Nothing filled: the fields say what is missing (not a silent submit).
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Preencha todos os campos obrigatórios!').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('Campo obrigatório', { exact: true }).count(), { timeout: 15_000 }).toBe(6);
    await screenshot(page, 'events-03-required');

    await page.getByLabel(/^Evento/).fill(EVENT);
    await page.getByLabel('Site do evento').fill('https://www.feirae2e.com.br');
    await page.getByLabel(/^Data Início/).fill(typed(shared));
    await page.getByLabel(/^Data Fim/).fill(typed(new Date(shared.getFullYear(), shared.getMonth(), shared.getDate() + 1)));
    await page.getByLabel(/^Nome do local/).fill('Expo Unimed');
    await page.getByLabel(/^Endereço do local/).fill('R. Prof. Pedro Viriato Parigot de Souza, 5300');
    await page.getByRole('combobox', { name: /^Cidade/ }).click();
    await page.getByRole('option', { name: 'Curitiba', exact: true }).click();
    // The demo events of those days in Curitiba: a warning, not a refusal.
    await page.getByText(/^Atenção: os eventos .*Expo Conectividade.*Semana do Cliente.* acontecem na mesma cidade neste período\.$/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'events-04-overlap-warning');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('Evento cadastrado com sucesso').first().waitFor({ timeout: 30_000 });
    // Back where the register was opened from.
    await page.waitForURL('**/marketing/events/calendar', { timeout: 30_000 });
    await showMonthOf(page, shared);
    await page
      .getByRole('grid', { name: monthName(shared) })
      .getByRole('gridcell', { name: String(shared.getDate()), exact: true })
      .getByRole('link', { name: new RegExp(`^${EVENT} - Coincide na mesma cidade`) })
      .waitFor({ timeout: 30_000 });

    // The list: Detalhes names the venue and the city; Desativar toasts the document's text.
    await page.getByRole('group', { name: 'Visualização' }).getByRole('link', { name: 'Lista' }).click();
    await page.waitForURL('**/marketing/events/list', { timeout: 30_000 });
    const row = page.locator('tr', { hasText: EVENT });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Detalhes' }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes' });
    await details.getByText('Expo Unimed').waitFor({ timeout: 15_000 });
    await details.getByText('Curitiba', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'events-05-details');
    await details.getByRole('button', { name: 'Fechar' }).click();
    await row.getByRole('button', { name: 'Desativar' }).click();
    await page.getByText('Status do evento atualizado com sucesso').first().waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Ativar' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'events-06-deactivated');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
