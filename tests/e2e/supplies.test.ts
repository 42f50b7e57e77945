// Supplies and the e-mail signature end to end in headless Chromium against the started product
// (SEED_DEMO), one server for both flows:
// - the warehouse: Bitcom's demo warehouse keeper almoxarifado@bitcom.com.br sends a unit (received for this
//   test through the API, of a product and to a squad made for it) from /supplies/dispatch/register to the
//   squad; the lookup shows it with the squad; the squad's inventory page (/squads/inventory/{id}) opens a
//   count that holds it, the keeper tells it is there and validates the count: 'Inventário validado com sucesso.'
// - the signature: the demo employee funcionario@bitcom.com.br opens /emailsignature/list and copies the
//   signature; the clipboard holds it as HTML (their name in a table) and as text.
// Screenshots in test-results/e2e/supplies-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const KEEPER = { email: 'almoxarifado@bitcom.com.br', password: 'Intranet#Demo2026' };
const EMPLOYEE = { email: 'funcionario@bitcom.com.br', password: 'Intranet#Demo2026' };
const RUN = Date.now().toString(36).toUpperCase();
const PRODUCT = `ONU E2E ${RUN}`;
const SQUAD = `Equipe E2E ${RUN}`;
const UNIT = `PAT-E2E-${RUN}`;

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

describe('supplies', () => {
  it('the warehouse keeper sends a unit to a squad, finds it there, and validates the squad’s inventory', async () => {
    const admin = await apiLogin(server.url, ADMIN);
    const [bitcom] = (await apiJson(server.url, 'GET', `/api/providers?filter=${encodeURIComponent(JSON.stringify({ nome: 'Bitcom' }))}`, admin)) as { id: number }[];
    const product = (await apiJson(server.url, 'POST', '/api/supply-products', admin, { nome: PRODUCT, tipo: 'onu', controle: 'patrimonio', unidade: 'un', valor: 320, id_empresa: bitcom.id })) as { id: number };
    const squad = (await apiJson(server.url, 'POST', '/api/squads', admin, { nome: SQUAD, id_empresa: bitcom.id })) as { id: number };
    await apiJson(server.url, 'POST', '/api/supply-receipts', admin, { id_empresa: bitcom.id, id_produto: product.id, patrimonio: UNIT, nota_fiscal: `NF ${RUN}` });

    // ---------------------------------------------------------------- the dispatch
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, KEEPER);
    await page.goto(`${server.url}/supplies/home`);
    await page.getByRole('link', { name: 'Envios para equipes' }).first().click();
    await page.waitForURL(/\/supplies\/dispatch\/list/, { timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVO ENVIO' }).click();
    await page.waitForURL(/\/supplies\/dispatch\/register$/, { timeout: 30_000 });
    await choose(page, /^Provedor/, 'Bitcom');
    await choose(page, /^Equipe/, SQUAD);
    await choose(page, /^Produto/, PRODUCT);
    await page.getByRole('textbox', { name: /^Patrimônio ou serial/ }).fill(UNIT);
    await screenshot(page, 'supplies-01-dispatch');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/supplies\/dispatch\/list/, { timeout: 30_000 });
    await page.getByRole('row').filter({ hasText: UNIT }).first().waitFor({ timeout: 30_000 });

    // ---------------------------------------------------------------- where is it now
    await page.goto(`${server.url}/supplies/lookup/${encodeURIComponent(UNIT.toLowerCase())}`);
    await page.getByText(SQUAD).first().waitFor({ timeout: 30_000 });
    await page.getByText('Envio para equipe').first().waitFor();
    await screenshot(page, 'supplies-02-lookup');

    // ---------------------------------------------------------------- the squad's inventory
    await page.goto(`${server.url}/squads/inventory/${squad.id}`);
    await page.getByRole('button', { name: 'Abrir contagem' }).click();
    const told = page.getByRole('spinbutton', { name: `Informado: ${PRODUCT} (${UNIT})` });
    await told.waitFor({ timeout: 30_000 });
    await told.fill('1');
    await told.press('Enter');
    await page.getByText('Dados atualizados com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.getByLabel('Diferença: 0 (confere)').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'supplies-03-count');
    await page.getByRole('button', { name: 'Validar inventário' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Validar' }).click();
    await page.getByText('Inventário validado com sucesso.').waitFor({ timeout: 30_000 });
    // Validated, the count is read-only: no more inputs, and it is among the validated counts.
    await page.getByRole('button', { name: 'Abrir contagem' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('spinbutton').count()).toBe(0);
    await screenshot(page, 'supplies-04-validated');
    expect(errors).toEqual([]);
  });
});

describe('e-mail signature', () => {
  it('an employee copies their e-mail signature as HTML and text', async () => {
    const { page, errors } = await openPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(page, server.url, EMPLOYEE);
    await page.goto(`${server.url}/emailsignature/list`);
    const copy = page.getByRole('button', { name: 'Copiar assinatura' });
    await copy.waitFor({ timeout: 30_000 });
    await expect.poll(async () => copy.isEnabled(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'supplies-05-signature');
    await copy.click();
    await page.getByText('Assinatura copiada! Cole nas configurações do seu e-mail.').waitFor({ timeout: 30_000 });
    const clipboard = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return { html: await (await item.getType('text/html')).text(), text: await (await item.getType('text/plain')).text() };
    });
    expect(clipboard.html).toContain('<table');
    expect(clipboard.html).toContain('Fábio Funcionário');
    expect(clipboard.text).toContain('Fábio Funcionário');
    expect(errors).toEqual([]);
  });
});
