// The fleet end to end in headless Chromium against the started product (SEED_DEMO), one server for both flows:
// - requests: the plain employee funcionario@bitcom.com.br asks for a vehicle from /requests/home ('Solicitar
//   veículo': period, destination, purpose); Bitcom's demo fleet manager gestor.frota@bitcom.com.br finds it
//   pending on their /requests/home, opens it and approves it with a vehicle and a driver (made for this test
//   through the API as the superadmin, not taken from the demo data); the employee finds the approval in the
//   notification bell.
// - the fine term: the fleet manager opens the fleet home and its figures, finds a fine whose driver is named,
//   opens its responsibility term from the row action, downloads it as a PDF (read back with pdf.js) and
//   prints it (print media shows the term alone).
// Screenshots in test-results/e2e/fleet-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const EMPLOYEE = { email: 'funcionario@bitcom.com.br', password: 'Intranet#Demo2026' };
const MANAGER = { email: 'gestor.frota@bitcom.com.br', password: 'Intranet#Demo2026' };
const FLEET_MANAGER = MANAGER;
const RUN = Date.now();
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PLATE = `QE${LETTERS[RUN % 26]}${RUN % 10}${LETTERS[Math.floor(RUN / 10) % 26]}${String(Math.floor(RUN / 260) % 100).padStart(2, '0')}`;
const CNH = String(70_000_000_000 + (RUN % 9_999_999_999)).slice(0, 11);
const DESTINATION = `Quixadá ${RUN.toString(36)}`;

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

/** The day `days` after today (São Paulo) as the form types it: DDMMAAAA. */
const typedDay = (days: number) => {
  const [y, m, d] = new Date(Date.parse(`${todayInSaoPaulo()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${d}${m}${y}`;
};

async function pdfText(path: string) {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  return text.replace(/\s+/g, ' ');
}

describe('fleet requests', () => {
  it('an employee asks for a vehicle; the fleet manager approves it with a vehicle and a driver; the employee is told in the bell', async () => {
    const admin = await apiLogin(server.url, ADMIN);
    const [bitcom] = (await apiJson(server.url, 'GET', `/api/providers?filter=${encodeURIComponent(JSON.stringify({ nome: 'Bitcom' }))}`, admin)) as { id: number }[];
    await apiJson(server.url, 'POST', '/api/vehicles', admin, { placa: PLATE, marca: 'Fiat', modelo: 'Strada', ano: 2024, tipo: 'utilitario', id_empresa: bitcom.id });
    const user = (await apiJson(server.url, 'POST', '/api/users', admin, { nome: `Motorista ${RUN.toString(36)}`, email: `motorista.${RUN}@bitcom.com.br`, papeis: ['user'], id_empresas: [bitcom.id], funcionario: true })) as { id: number };
    await apiJson(server.url, 'POST', '/api/drivers', admin, { id_empresa: bitcom.id, id_usuario: user.id, cnh_numero: CNH, cnh_categoria: 'B', cnh_emissao: '2022-01-10', cnh_validade: '2035-01-10' });

    // ---------------------------------------------------------------- the employee asks
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, EMPLOYEE);
    await page.goto(`${server.url}/requests/home`);
    await page.getByRole('region', { name: 'Veículos' }).getByRole('link', { name: 'Solicitar veículo' }).click();
    await page.waitForURL(/\/requests\/vehicle\/register$/, { timeout: 30_000 });
    await page.getByRole('textbox', { name: /^Retirada/ }).pressSequentially(`${typedDay(40)}0800`);
    await page.getByRole('textbox', { name: /^Devolução/ }).pressSequentially(`${typedDay(40)}1800`);
    await page.getByLabel(/^Destino/).fill(DESTINATION);
    await page.getByLabel(/^Finalidade/).fill('Manutenção preventiva da rede no interior');
    // The fleet's decision is not the employee's to fill.
    expect(await page.getByRole('combobox', { name: /^Situação/ }).count()).toBe(0);
    await screenshot(page, 'fleet-requests-01-register');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/requests\/home$/, { timeout: 30_000 });
    const mine = page.getByRole('region', { name: 'Veículos' }).getByRole('row').filter({ hasText: DESTINATION });
    await mine.waitFor({ timeout: 30_000 });
    expect(await mine.textContent()).toContain('Pendente');
    await screenshot(page, 'fleet-requests-02-home');

    // ---------------------------------------------------------------- the fleet manager approves
    const manager = await openPage(browser);
    await signIn(manager.page, server.url, MANAGER);
    await manager.page.goto(`${server.url}/requests/home`);
    const pending = manager.page.getByRole('region', { name: 'Veículos' }).getByRole('row').filter({ hasText: DESTINATION });
    await pending.waitFor({ timeout: 30_000 });
    expect(await pending.textContent()).toContain('Fábio Funcionário');
    await pending.click();
    await manager.page.waitForURL(/\/requests\/vehicle\/edit\/\d+$/, { timeout: 30_000 });
    await choose(manager.page, /^Situação/, 'Aprovada');
    await choose(manager.page, /^Veículo/, PLATE);
    // The driver found by the CNH number (the drivers' search).
    const driver = manager.page.getByRole('combobox', { name: /^Motorista/ });
    await driver.click();
    await driver.fill(CNH);
    await expect.poll(async () => manager.page.getByRole('option').count(), { timeout: 30_000 }).toBe(1);
    await manager.page.getByRole('option').first().click();
    await screenshot(manager.page, 'fleet-requests-03-approve');
    await manager.page.getByRole('button', { name: 'Salvar' }).click();
    await manager.page.waitForURL(/\/requests\/home$/, { timeout: 30_000 });
    await expect.poll(async () => (await pending.textContent()) ?? '', { timeout: 30_000 }).toContain('Aprovada');
    expect(manager.errors).toEqual([]);

    // ---------------------------------------------------------------- the employee is told
    await page.reload();
    const bell = page.getByRole('button', { name: /^Notificações \(\d+\)$/ });
    await expect.poll(async () => Number((await bell.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await bell.click();
    const region = page.getByRole('region', { name: 'Notificações' });
    const notice = region.getByRole('link', { name: new RegExp(`foi aprovada: ${PLATE} — Fiat Strada`) });
    await notice.waitFor({ timeout: 30_000 });
    await screenshot(page, 'fleet-requests-04-bell');
    await notice.click();
    await page.waitForURL(/\/requests\/vehicle\/edit\/\d+$/, { timeout: 30_000 });
    await page.getByText(`${PLATE} — Fiat Strada`).first().waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});

describe('fleet fines', () => {
  it('the fleet manager opens the fleet home, then prints and downloads a fine’s responsibility term', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, FLEET_MANAGER);
    await page.goto(`${server.url}/fleet/home`);
    await page.getByRole('region', { name: 'Multas a pagar' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Motoristas', exact: true }).waitFor();
    await screenshot(page, 'fleet-term-01-home');

    await page.getByRole('link', { name: 'Multas', exact: true }).click();
    await page.waitForURL(/\/fleet\/fines\/list/, { timeout: 30_000 });
    const term = page.getByRole('link', { name: 'Termo de responsabilidade' }).first();
    await term.waitFor({ timeout: 30_000 });
    await screenshot(page, 'fleet-term-02-fines');
    await term.click();
    await page.waitForURL(/\/fleet\/fines\/term\/\d+\/\d+\/[A-Z0-9-]+$/, { timeout: 30_000 });
    const document = page.locator('#fine-term');
    await document.getByText('TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO').waitFor({ timeout: 30_000 });
    const shown = (await document.innerText()).replace(/\s+/g, ' ');
    expect(shown).toMatch(/Eu, .+, portador\(a\) da CNH nº \d{11}/);
    expect(shown).toContain('Gestor(a) da frota');
    await screenshot(page, 'fleet-term-03-term');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^termo-multa-\d+-[A-Z0-9]+\.pdf$/);
    const text = await pdfText((await download.path())!);
    expect(text).toContain('TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO');
    // The PDF says what the page says: the driver's declaration, word for word.
    const declaration = /Eu, .+? \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/.exec(shown)![0];
    expect(text).toContain(declaration);
    await page.getByText('Termo baixado com sucesso!').waitFor();

    // Printing shows the term alone: the shell's header is hidden, the term is not.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').first().isVisible()).toBe(false);
    expect(await document.isVisible()).toBe(true);
    await screenshot(page, 'fleet-term-04-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });
});
