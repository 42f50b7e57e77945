// Sales end to end in headless Chromium against the started product (SEED_DEMO), as users would do
// it. A customer of Vetorial is imported by the import script before the product starts (the first
// start creates the providers' systems, then `npm run import:customers` adds the test's own
// customer, then the product starts again on the same data). A sales manager made by the test opens
// the marketing home and creates a campaign and a channel on the generated screens (the toasts 'Campanha
// cadastrada com sucesso!' and 'Canal cadastrado com sucesso'); a seller (vendas:solicitante) opens
// the field form with the customer's CPF and a CEP in the path, sees 'Cliente <nome> (VETORIAL)',
// saves the lead, and finds it in /sales/external/leads/list; the manager adds the CPF to the
// blocklist and the lead shows the red marker there and in the tree's Blocklist list. On a phone
// (390 px) the lead list's filters fold behind 'Filtros' and the top menu shows 2 icons (320 and
// 390 px) to 10 (1366 px) with its arrows.
// Screenshots in test-results/e2e/sales-*.png.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCepService, type CepService } from '../helpers/cepService.js';
import { launchBrowser, openPage, signIn as signInAs, screenshotFromTop as screenshot, choose } from './helpers/browser.js';
import { apiJson, ROOT, startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const PASSWORD = 'Vendas#E2e2026';
const MANAGER = { email: 'gestora.vendas.e2e@vetorial.net', nome: 'Gabriela Gestora de Vendas', papeis: ['vendas:gestor', 'marketing:gestor', 'user'] };
const SELLER = { email: 'vendedor.e2e@vetorial.net', nome: 'Sérgio Vendedor Externo', papeis: ['vendas:solicitante', 'user'] };
const CUSTOMER = { nome: 'Renata Cliente de Teste', cpf: '246.813.579-28', cod: 'E2E-9001', celular: '(41) 99911-2233' };
const CEP = { digits: '80010000', masked: '80010-000', rua: 'Rua XV de Novembro', bairro: 'Centro', cidade: 'Curitiba' };
const CAMPAIGN = 'Campanha E2E Fibra Curitiba';
const CHANNEL = 'Canal E2E Feira do Bairro';

let dataDir: string;
let cep: CepService;
let server: RunningServer;
let browser: Browser;
let adminToken: string;
let vetorial: number;

const json = (method: string, path: string, token: string, body?: unknown, role?: string) => apiJson(server.url, method, path, token, body, role);

async function post(path: string, body: unknown) {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

/** A user made by the superadmin, whose first access (temporary password from the outbox) sets PASSWORD. */
async function createUser(user: { email: string; nome: string; papeis: string[] }) {
  await json('POST', '/api/users', adminToken, { ...user, funcionario: true, id_empresas: [vetorial] });
  const query = new URLSearchParams({ filter: JSON.stringify({ q: user.email }), sort: '["id","DESC"]', range: '[0,9]' });
  const mails = (await json('GET', `/api/outbox?${query}`, adminToken)) as { para: string; texto: string }[];
  const temporary = /Senha temporária: (\S+)/.exec(mails.find((m) => m.para === user.email)!.texto)![1];
  const challenge = await post('/v1/auth/login', { email: user.email, password: temporary });
  expect(challenge.challenge).toBe('NEW_PASSWORD_REQUIRED');
  const done = await post('/v1/auth/new-password', { session: challenge.session, password: PASSWORD });
  expect(done.status, JSON.stringify(done)).toBe('OK');
}

/** `npm run import:customers` on the product's data directory (the product stopped meanwhile). */
function importCustomers(file: string) {
  return new Promise<string>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const child = spawn('npx', ['tsx', 'scripts/import-customers.ts', file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`import:customers terminou com ${code}:\n${out}`))));
  });
}

const signIn = (page: Page, email: string) => signInAs(page, server.url, { email, password: PASSWORD });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'intranet-e2e-sales-'));
  cep = await startCepService({
    [CEP.digits]: { cep: CEP.masked, logradouro: CEP.rua, complemento: '', bairro: CEP.bairro, localidade: CEP.cidade, uf: 'PR', ibge: '4106902' },
  });
  browser = await launchBrowser();
  // First start: migrations and the demo data, the providers' systems among them.
  const first = await startServer({ env: { DATA_DIR: dataDir } });
  await first.stop();
  const file = join(dataDir, 'clientes-e2e.csv');
  writeFileSync(
    file,
    [
      'sistema;cod_cliente;nome_razaosocial;cpf;celular;cep;rua;numero;bairro;cidade;uf;situacao;dias_atraso',
      `VETORIAL;${CUSTOMER.cod};${CUSTOMER.nome};${CUSTOMER.cpf};${CUSTOMER.celular};${CEP.masked};${CEP.rua};450;${CEP.bairro};${CEP.cidade};PR;ativo;0`,
    ].join('\n'),
  );
  await importCustomers(file);
  server = await startServer({ env: { DATA_DIR: dataDir, CEP_SERVICE_URL: cep.url } });
  adminToken = (await post('/v1/auth/login', ADMIN)).idToken;
  const { companies } = await json('GET', '/v1/companies', adminToken);
  vetorial = companies.find((c: { nome: string }) => c.nome === 'Vetorial').id;
  await createUser(MANAGER);
  await createUser(SELLER);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cep?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('sales', () => {
  it('a sales manager creates a campaign and a channel from the marketing home', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, MANAGER.email);
    await page.goto(`${server.url}/marketing/home`);
    const leads = page.getByRole('region', { name: 'LEADS' });
    await leads.waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'PATROCÍNIOS' }).waitFor();
    // No communication or roulette role: those sections are not theirs.
    expect(await page.getByRole('region', { name: 'COMUNICAÇÃO' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'ROLETAS' }).count()).toBe(0);
    await screenshot(page, 'sales-01-marketing-home');

    await leads.getByRole('link', { name: 'Campanhas', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Campanhas' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVA CAMPANHA' }).click();
    await page.getByLabel(/^Nome/).fill(CAMPAIGN);
    await page.getByLabel('Vetorial').check();
    await screenshot(page, 'sales-02-campaign-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campanha cadastrada com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/marketing/campaigns/list', { timeout: 30_000 });
    await page.getByText(CAMPAIGN).waitFor();
    await screenshot(page, 'sales-03-campaigns-list');

    await page.goto(`${server.url}/marketing/home`);
    await page.getByRole('region', { name: 'LEADS' }).getByRole('link', { name: 'Canais', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Canais' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVO CANAL' }).click();
    await page.getByLabel(/^Nome/).fill(CHANNEL);
    await page.getByLabel('Vetorial').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Canal cadastrado com sucesso').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/marketing/channels/list', { timeout: 30_000 });
    await page.getByText(CHANNEL).waitFor();
    await screenshot(page, 'sales-04-channels-list');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a seller registers an external lead whose CPF is a customer's; it shows in the external leads list", async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, SELLER.email);
    await page.goto(`${server.url}/sales/external/home`);
    await page.getByRole('region', { name: 'Leads' }).getByRole('link', { name: 'Cadastrar lead' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-05-external-home');

    // The form opened with the prospect's CPF and CEP in the path.
    await page.goto(`${server.url}/leads/external/register/${CUSTOMER.cpf.replace(/\D/g, '')}/${CEP.digits}`);
    await page.getByRole('heading', { level: 1, name: 'Cadastrar lead externo' }).waitFor({ timeout: 30_000 });
    await page.getByText(`Cliente ${CUSTOMER.nome} (VETORIAL)`).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByLabel(/^Rua/).inputValue(), { timeout: 15_000 }).toBe(CEP.rua);
    expect(await page.getByLabel(/^CPF/).inputValue()).toBe(CUSTOMER.cpf);
    expect(await page.getByLabel(/^Nome/).inputValue()).toBe(CUSTOMER.nome);
    expect(await page.getByLabel(/^Telefone/).inputValue()).toBe(CUSTOMER.celular);
    await expect.poll(() => page.getByRole('combobox', { name: /^Provedor/ }).textContent()).toBe('Vetorial');
    await page.getByLabel(/^Número/).fill('450');
    await choose(page, /^Campanha/, CAMPAIGN);
    await choose(page, /^Canal/, CHANNEL);
    await screenshot(page, 'sales-06-external-lead-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Lead cadastrado com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/sales/external/leads/list', { timeout: 30_000 });
    const row = page.locator('tr', { hasText: CUSTOMER.nome });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText(CAMPAIGN).waitFor();
    expect(await row.getByRole('img', { name: 'Cliente na blocklist' }).count()).toBe(0);
    await screenshot(page, 'sales-07-external-leads-list');

    const found = (await json('GET', `/api/leads?${new URLSearchParams({ filter: JSON.stringify({ q: CUSTOMER.nome }) })}`, adminToken)) as Record<string, unknown>[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ equipe: 'externa', origem: 'formulario_externo', cliente: true, cod_cliente: CUSTOMER.cod, id_empresa: vetorial, numero: '450' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("once the CPF is on the blocklist, the lead shows the red marker in the tree's lists", async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, MANAGER.email);
    await page.goto(`${server.url}/sales/external/home`);
    await page.getByRole('region', { name: 'Configurações básicas' }).getByRole('link', { name: 'Blocklist' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blocklist' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: /^NOV[OA] / }).click();
    await page.getByLabel(/^CPF/).fill(CUSTOMER.cpf);
    await choose(page, /^Provedor/, 'Vetorial');
    await page.getByLabel(/^Motivo/).fill('Contestação de cobrança em andamento');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/sales/external/basic-configurations/blocklist/list', { timeout: 30_000 });
    await page.getByText(CUSTOMER.cpf).first().waitFor({ timeout: 30_000 });

    await page.goto(`${server.url}/sales/external/leads/list`);
    const row = page.locator('tr', { hasText: CUSTOMER.nome });
    await row.getByRole('img', { name: 'Cliente na blocklist' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-08-lead-blocklisted');
    await page.goto(`${server.url}/sales/external/blocklist/list`);
    await page.locator('tr', { hasText: CUSTOMER.nome }).getByRole('img', { name: 'Cliente na blocklist' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-09-external-blocklist-leads');
    await page.goto(`${server.url}/sales/internal/home`);
    await page.getByRole('region', { name: 'Relatórios' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-10-internal-home');
    await page.goto(`${server.url}/sales/external/reports/campaigns/list`);
    await page.getByText('Este relatório ainda não está disponível.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-11-report-not-available');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("on a phone the lead list's filters fold behind 'Filtros'; the top menu shows 2 icons at 320 and 390 px, 10 at 1366 px, with arrows", async () => {
    const [manual, imported] = ['Ana Celular E2E', 'Bruno Celular E2E'];
    for (const [nome, origem] of [[manual, 'manual'], [imported, 'importado']]) {
      await json('POST', '/api/leads', adminToken, { nome, id_empresa: vetorial, equipe: 'externa', tipo: 'novo', status: 'novo', origem });
    }
    const { page, errors } = await openPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, server.url, ADMIN);
    await page.goto(`${server.url}/sales/external/leads/list`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor({ timeout: 30_000 });
    const rows = page.locator('tbody tr');
    await rows.first().waitFor({ timeout: 30_000 });
    // No filter stacked above the rows: the first lead is on the first screen, under the search.
    expect(await page.getByRole('combobox', { name: 'Origem' }).count()).toBe(0);
    expect((await rows.first().boundingBox())!.y).toBeLessThan(400);
    await page.getByPlaceholder('Pesquisar').fill('Celular E2E');
    await page.locator('tr', { hasText: imported }).waitFor({ timeout: 30_000 });
    await page.locator('tr', { hasText: manual }).waitFor();
    await screenshot(page, 'sales-12-leads-390-folded');

    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    await sheet.getByRole('combobox', { name: 'Provedor' }).waitFor();
    await screenshot(page, 'sales-13-leads-390-filters');
    await choose(page, 'Origem', 'Manual');
    await expect.poll(() => page.locator('tr', { hasText: imported }).count(), { timeout: 30_000 }).toBe(0);
    await sheet.getByRole('button', { name: 'Ver resultados' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filtros (1)' }).waitFor();
    await page.locator('tr', { hasText: manual }).waitFor();
    await screenshot(page, 'sales-14-leads-390-filtered');

    // At 600 px and above the filters are inline again, the one chosen still in force.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => page.getByRole('combobox', { name: 'Origem' }).textContent(), { timeout: 15_000 }).toBe('Manual');
    expect(await page.getByRole('button', { name: /^Filtros/ }).count()).toBe(0);

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const icons = menu.locator('a[data-menu-item]');
    const next = menu.getByRole('button', { name: 'Próximos itens do menu' });
    for (const [width, count] of [[320, 2], [390, 2], [1366, 10]] as const) {
      await page.setViewportSize({ width, height: 700 });
      await expect.poll(() => icons.count(), { timeout: 15_000 }).toBe(count);
      // Every icon drawn whole inside the menu, and the arrows page through the rest.
      expect(await menu.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
      const first = await icons.first().getAttribute('aria-label');
      await next.click();
      await expect.poll(() => icons.first().getAttribute('aria-label')).not.toBe(first);
      await menu.getByRole('button', { name: 'Itens anteriores do menu' }).click();
      await expect.poll(() => icons.first().getAttribute('aria-label')).toBe(first);
      await screenshot(page, `sales-15-top-menu-${width}`);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
