// News end to end in headless Chromium against the started product (SEED_DEMO): Bitcom's HR manager
// publishes, from the register (/news/register), an important news item that requires reading, with
// a cover; the demo employee (funcionario@bitcom.com.br, no module role) is told by the notification
// bell, opens the item from it, confirms the reading and reacts; HR sees who read it.
// Screenshots in test-results/e2e/news-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';
import { gradientPng } from '../../src/server/news/seed.js';

const HR = { email: 'gestor.rh@bitcom.com.br', password: 'Intranet#Demo2026' };
const EMPLOYEE = { email: 'funcionario@bitcom.com.br', password: 'Intranet#Demo2026' };
const RUN = Date.now().toString(36);
const TITLE = `Plano de contingência do datacenter ${RUN}`;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('news', () => {
  it('HR publishes an important must-read item; the employee is told by the bell, reads, confirms and reacts', async () => {
    // ---------------------------------------------------------------- HR publishes
    const hr = await openPage(browser);
    await signIn(hr.page, server.url, HR);
    await hr.page.goto(`${server.url}/news/table`);
    await hr.page.getByRole('link', { name: /NOVA NOVIDADE/ }).click();
    await hr.page.waitForURL('**/news/register');
    await choose(hr.page, /^Provedor/, 'Bitcom');
    await hr.page.getByLabel(/^Título/).fill(TITLE);
    await hr.page.getByLabel(/^Resumo/).fill('O que fazer se o datacenter principal parar. Leia e confirme.');
    const tags = hr.page.getByRole('combobox', { name: /^Hashtags/ });
    await tags.fill('datacenter');
    await tags.press('Enter');
    await tags.fill('contingencia;');
    const text = hr.page.getByRole('textbox', { name: /^Texto/ });
    await text.click();
    await hr.page.keyboard.type('Em caso de queda, o tráfego passa ao datacenter de Contagem em até 5 minutos.');
    await hr.page.getByTestId('file-imagem_capa_data').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: gradientPng('#0d47a1', '#42a5f5', 640, 280) });
    await hr.page.getByRole('img', { name: 'Imagem de capa' }).waitFor({ timeout: 30_000 });
    await hr.page.getByLabel('Importante').check();
    await hr.page.getByLabel('Exige confirmação de leitura').check();
    await screenshot(hr.page, 'news-01-register');
    await hr.page.getByRole('button', { name: 'Salvar' }).click();
    await hr.page.getByText('Novidade cadastrada com sucesso!').first().waitFor({ timeout: 30_000 });
    await hr.page.waitForURL('**/news/table', { timeout: 30_000 });
    await hr.page.getByRole('cell', { name: TITLE }).waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'news-02-table');

    // ---------------------------------------------------------------- the employee: bell, reading, confirmation, reaction
    const employee = await openPage(browser);
    await signIn(employee.page, server.url, EMPLOYEE);
    const bell = employee.page.getByRole('button', { name: /^Notificações \(\d+\)$/ });
    await expect.poll(async () => Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await bell.click();
    const region = employee.page.getByRole('region', { name: 'Notificações' });
    const notice = region.getByRole('link', { name: `Nova novidade com leitura obrigatória: ${TITLE}` });
    await notice.waitFor({ timeout: 30_000 });
    await screenshot(employee.page, 'news-03-bell');
    await notice.click();
    await employee.page.waitForURL(/\/news\/\d+$/, { timeout: 30_000 });
    const id = Number(new URL(employee.page.url()).pathname.split('/').pop());
    await employee.page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    expect(await employee.page.getByText('#contingencia').count()).toBe(1);
    await employee.page.getByRole('button', { name: 'Confirmar leitura' }).click();
    await employee.page.getByText(/^Leitura confirmada em \d{2}\/\d{2}\/\d{4} - \d{2}:\d{2}\./).waitFor({ timeout: 30_000 });
    const reactions = employee.page.getByRole('group', { name: 'Reações' });
    await reactions.getByRole('button', { name: 'Gostei: 0' }).click();
    await reactions.getByRole('button', { name: 'Gostei: 1' }).waitFor({ timeout: 30_000 });
    expect(await reactions.getByRole('button', { name: 'Gostei: 1' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(employee.page, 'news-04-reading');

    // The feed shows it pinned, read.
    await employee.page.goto(`${server.url}/news/list`);
    const first = employee.page.getByRole('list', { name: 'Novidades' }).getByRole('listitem').first();
    await first.getByText(TITLE).waitFor({ timeout: 30_000 });
    await first.getByText('Leitura confirmada').waitFor({ timeout: 30_000 });
    await screenshot(employee.page, 'news-05-feed');

    // HR's call for the read-confirm report names the employee.
    const token = await apiLogin(server.url, HR);
    const readers = (await apiJson(server.url, 'GET', `/v1/novidades/${id}/leituras`, token, undefined, 'rh:gestor')) as { leitores: { email: string }[]; pendentes: number };
    expect(readers.leitores.map((l) => l.email)).toContain(EMPLOYEE.email);

    // The read-confirm report: the item with one confirmation, and its readers' list naming the employee.
    await hr.page.goto(`${server.url}/reports/read-confirm`);
    const table = hr.page.getByRole('table', { name: 'Confirmação de leitura' });
    const row = table.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'news-06-read-confirm');
    await row.getByRole('link', { name: TITLE }).click();
    await hr.page.waitForURL(`**/reports/read-confirm-list/${id}`, { timeout: 30_000 });
    const people = hr.page.getByRole('table', { name: 'Leituras da novidade' });
    const reader = people.getByRole('row').filter({ hasText: EMPLOYEE.email });
    await reader.waitFor({ timeout: 30_000 });
    await reader.getByRole('cell', { name: 'Leu', exact: true }).waitFor({ timeout: 30_000 });
    await hr.page.getByText(TITLE).first().waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'news-07-read-confirm-list');
    expect(employee.errors).toEqual([]);
    expect(hr.errors).toEqual([]);
  }, 300_000);
});
