// Incidents end to end in headless Chromium against the started product (SEED_DEMO): the plain
// employee funcionario@bitcom.com.br reports an incident at /incidents/register (title, category,
// impacted department, start, description); Bitcom's HR manager, a manager of the demo incident
// categories, finds it in the header's incident bell ('<título> - <departamento> Impactados') and
// counted in the incident dashboard of today. Screenshots in test-results/e2e/incidents-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';

const EMPLOYEE = { email: 'funcionario@bitcom.com.br', password: 'Intranet#Demo2026' };
const MANAGER = { email: 'gestor.rh@bitcom.com.br', password: 'Intranet#Demo2026' };
const RUN = Date.now().toString(36);
const TITLE = `Sem energia no POP Savassi ${RUN}`;

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

describe('incidents', () => {
  it('an employee reports an incident; its category’s manager sees it in the incident bell and in the dashboard', async () => {
    const today = todayInSaoPaulo();
    const period = `de=${today}&ate=${today}`;
    const managerToken = await apiLogin(server.url, MANAGER);
    const before = ((await apiJson(server.url, 'GET', `/v1/incidente/dashboard?${period}`, managerToken)) as { total: number }).total;

    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, EMPLOYEE);
    await page.goto(`${server.url}/incidents/home`);
    await page.getByRole('link', { name: /Relatar incidente/ }).click();
    await page.waitForURL(/\/incidents\/register$/, { timeout: 30_000 });
    await page.getByLabel(/^Título/).fill(TITLE);
    await choose(page, /^Categoria/, 'Energia e infraestrutura');
    await choose(page, /^Departamento impactado/, 'Técnico');
    await choose(page, /^Impacto/, 'Crítico');
    const [y, m, d] = today.split('-');
    await page.getByRole('textbox', { name: /^Início/ }).pressSequentially(`${d}${m}${y}0715`);
    await page.getByLabel(/^Descrição/).fill('O POP está sem energia e o gerador não partiu.');
    await screenshot(page, 'incidents-01-register');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Saved, the form goes back where the employee came from (the incident home), then their list shows it.
    await page.waitForURL(/\/incidents\/home$/, { timeout: 30_000 });
    await page.getByRole('link', { name: /Lista de incidentes/ }).click();
    await page.getByRole('cell', { name: TITLE }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'incidents-02-list');
    expect(errors).toEqual([]);

    const manager = await openPage(browser);
    await signIn(manager.page, server.url, MANAGER);
    const bell = manager.page.getByRole('button', { name: /^Incidentes \(\d+\)$/ });
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    const region = manager.page.getByRole('region', { name: 'Incidentes' });
    await region.getByText(`${TITLE} - Técnico Impactados`).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await region.textContent()) ?? '').toContain('Fábio Funcionário');
    await screenshot(manager.page, 'incidents-03-bell');
    await manager.page.keyboard.press('Escape');

    await manager.page.goto(`${server.url}/incidents/dashboards?${period}`);
    const total = manager.page.getByRole('region', { name: 'Incidentes no período' }).getByTestId('kpi-value');
    await expect.poll(async () => (await total.textContent()) ?? '', { timeout: 30_000 }).toBe(String(before + 1));
    await manager.page.getByRole('img', { name: 'Incidentes por categoria' }).getByText('Energia e infraestrutura').first().waitFor({ timeout: 30_000 });
    await manager.page.getByRole('img', { name: 'Incidentes por departamento impactado' }).getByText('Técnico').first().waitFor({ timeout: 30_000 });
    await screenshot(manager.page, 'incidents-04-dashboard');
    expect(manager.errors).toEqual([]);
  });
});
