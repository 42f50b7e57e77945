// The communication scale end to end in headless Chromium against the started product (SEED_DEMO).
// Two customers of Vetorial whose birthday is two days ahead (São Paulo) are imported by the import
// script before the product starts. The demo communication manager (gestor.vendas@vetorial.net)
// creates a campaign and a birthday rule (WhatsApp and e-mail, shift M) on the generated screens,
// restricts one customer's WhatsApp from the restrictions form (the lookup fills the name), opens the
// campaign's preview and sees that customer skipped on WhatsApp ('Canal restrito pelo cliente'); then
// the shift of the birthday runs (POST /v1/campanha/disparo, what the shift's cron job runs) and the
// e-mails of both land in the outbox, the WhatsApp message only for the other one, and the send log
// shows the skip. Screenshots in test-results/e2e/communication-*.png.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signIn, screenshotFromTop as screenshot, choose } from './helpers/browser.js';
import { apiLogin, apiJson, ROOT, startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const CAMPAIGN = 'Aniversariantes E2E Vetorial';
const TEMPLATE = 'feliz_aniversario_e2e';
const EMAIL_TEXT = 'Feliz aniversário, {primeiro_nome}! Um abraço da Vetorial.';

/** The São Paulo date `days` from now, as YYYY-MM-DD (the business day of the shifts). */
function saoPauloDate(days: number) {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const BIRTHDAY = saoPauloDate(2);
// Born on that month-day in 1992 (a leap year: a Feb 29 today + 2 still exists then).
const BORN = `1992-${BIRTHDAY.slice(5)}`;
const ALLOWED = { cod: 'E2E-COM-1', nome: 'Aaron Permitido da Régua', cpf: '529.982.247-25', celular: '(41) 99811-2233', email: 'aaron.permitido@exemplo.com.br' };
const RESTRICTED = { cod: 'E2E-COM-2', nome: 'Aaron Restrito da Régua', cpf: '153.509.460-56', celular: '(41) 99822-3344', email: 'aaron.restrito@exemplo.com.br' };

let dataDir: string;
let server: RunningServer;
let browser: Browser;
let adminToken: string;
let managerToken: string;

const json = (method: string, path: string, token: string, body?: unknown, role?: string) => apiJson(server.url, method, path, token, body, role);

const login = (user: { email: string; password: string }) => apiLogin(server.url, user);

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

const list = (path: string, filter: Record<string, unknown>) =>
  json('GET', `${path}?${new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,99]' })}`, adminToken) as Promise<Record<string, any>[]>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'intranet-e2e-communication-'));
  browser = await launchBrowser();
  // First start: migrations and the demo data, the providers' systems among them.
  const first = await startServer({ env: { DATA_DIR: dataDir } });
  await first.stop();
  const file = join(dataDir, 'clientes-e2e-regua.csv');
  const row = (c: typeof ALLOWED) => `VETORIAL;${c.cod};${c.cod};${c.nome};${c.cpf};${BORN};${c.celular};${c.email};Fibra 500 Mega;Curitiba;PR;ativo;0`;
  writeFileSync(
    file,
    ['sistema;cod_cliente;codpessoa;nome_razaosocial;cpf;data_nascimento;celular;email;plano;cidade;uf;situacao;dias_atraso', row(ALLOWED), row(RESTRICTED)].join('\n'),
  );
  await importCustomers(file);
  server = await startServer({ env: { DATA_DIR: dataDir } });
  adminToken = await login(ADMIN);
  managerToken = await login(MANAGER);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('communication scale', () => {
  it('a communication manager creates a campaign and a birthday rule', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    const section = page.getByRole('region', { name: 'COMUNICAÇÃO' });
    await section.waitFor({ timeout: 30_000 });
    await section.getByRole('link', { name: 'Campanha de Comunicação', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Campanhas de comunicação/i }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVA CAMPANHA' }).click();
    await choose(page, /^Provedor/, 'Vetorial');
    await page.getByLabel(/^Nome/).fill(CAMPAIGN);
    await screenshot(page, 'communication-01-campaign-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/marketing/communication-scale/list', { timeout: 30_000 });
    const row = page.locator('tr', { hasText: CAMPAIGN });
    await row.waitFor({ timeout: 30_000 });
    await screenshot(page, 'communication-02-campaigns');

    await row.getByRole('link', { name: 'Regras' }).click();
    await page.waitForURL(/\/marketing\/communication-scale-rules\/list\?idCampaign=\d+/, { timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVA REGRA' }).click();
    await page.waitForURL(/\/marketing\/communication-scale-rules\/register\?idCampaign=\d+/, { timeout: 30_000 });
    await choose(page, /^Critério/, 'Data de Aniversário');
    await choose(page, /^Envio/, 'No dia');
    await choose(page, /^Turno/, 'M 07:00');
    // No day count on the day itself: 0, and not editable.
    await expect.poll(() => page.getByLabel(/^Tempo/).inputValue(), { timeout: 15_000 }).toBe('0');
    expect(await page.getByLabel(/^Tempo/).isDisabled()).toBe(true);
    await page.getByRole('switch', { name: /^WhatsApp/ }).check();
    await page.getByLabel(/^Template do WhatsApp/).fill(TEMPLATE);
    await page.getByRole('switch', { name: /^E-mail/ }).check();
    await page.getByLabel(/^Mensagem do e-mail/).fill(EMAIL_TEXT);
    await screenshot(page, 'communication-03-rule-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Regra da campanha de comunicação cadastrada com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.waitForURL(/\/marketing\/communication-scale-rules\/list\?idCampaign=\d+/, { timeout: 30_000 });
    await page.locator('tr', { hasText: 'Data de Aniversário' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'communication-04-rules');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("restricts one customer's WhatsApp; the preview leaves that customer out of WhatsApp", async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    await page.getByRole('region', { name: 'COMUNICAÇÃO' }).getByRole('link', { name: 'Restrições de Envio', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'RESTRIÇÕES DE ENVIO' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVA RESTRIÇÃO' }).click();
    await choose(page, /^Provedor/, 'Vetorial');
    await page.getByLabel(/^Código do cliente/).fill(RESTRICTED.cod);
    await page.getByLabel(/^Código do cliente/).blur();
    await expect.poll(() => page.getByLabel(/^Nome do cliente/).inputValue(), { timeout: 30_000 }).toBe(RESTRICTED.nome);
    // WhatsApp stays off (restricted); e-mail and SMS are allowed.
    await page.getByRole('switch', { name: /^E-mail permitido/ }).check();
    await page.getByRole('switch', { name: /^SMS permitido/ }).check();
    await screenshot(page, 'communication-05-restriction-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Restrição cadastrada com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/marketing/communication-scale-restrictions/list', { timeout: 30_000 });
    await page.locator('tr', { hasText: RESTRICTED.nome }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'communication-06-restrictions');

    await page.goto(`${server.url}/marketing/communication-scale/list`);
    await page.locator('tr', { hasText: CAMPAIGN }).getByRole('link', { name: 'Prévia' }).click();
    await page.waitForURL(/\/marketing\/communication-scale\/preview\/\d+/, { timeout: 30_000 });
    const skipped = page.getByRole('table', { name: 'Ignorados' });
    const skippedRow = skipped.locator('tr', { hasText: RESTRICTED.nome });
    await skippedRow.waitFor({ timeout: 30_000 });
    expect(await skippedRow.textContent()).toContain('Canal restrito pelo cliente');
    expect(await skippedRow.textContent()).toContain('WhatsApp');
    // The allowed customer is not skipped; the restricted one is skipped on WhatsApp only.
    expect(await skipped.locator('tr', { hasText: ALLOWED.nome }).count()).toBe(0);
    expect(await skipped.locator('tr', { hasText: RESTRICTED.nome }).count()).toBe(1);
    const first = page.getByRole('table', { name: 'Primeiros clientes' });
    await first.locator('tr', { hasText: ALLOWED.nome }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'communication-07-preview');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at the shift of the birthday, the e-mails land in the outbox and WhatsApp skips the restricted customer', async () => {
    const run = await json('POST', '/v1/campanha/disparo', managerToken, { dia: BIRTHDAY, turno: 'M' }, 'regua_comunicacao:gestor');
    expect(run.campanha_disparo).toMatchObject({ dia: BIRTHDAY, turno: 'M' });
    expect(run.campanha_disparo.enviados).toBeGreaterThanOrEqual(3);

    // The demo's own birthday campaign of Vetorial writes to them too: ours are the ones with our text.
    const ours = async () => (await list('/api/outbox', { q: 'aaron.' })).filter((m) => String(m.texto).includes('Feliz aniversário, Aaron!'));
    const mails = await ours();
    expect(mails.map((m) => m.para).sort()).toEqual([ALLOWED.email, RESTRICTED.email]);
    expect(mails[0].assunto).toBe('Uma mensagem especial para você');
    const messages = await list('/api/messages-outbox', { canal: 'whatsapp' });
    const digits = (s: string) => s.replace(/\D/g, '');
    const to = messages.map((m) => digits(m.para));
    expect(to.some((p) => p.endsWith(digits(ALLOWED.celular)))).toBe(true);
    expect(to.some((p) => p.endsWith(digits(RESTRICTED.celular)))).toBe(false);

    // A second run of the same shift sends nothing again.
    const again = await json('POST', '/v1/campanha/disparo', managerToken, { dia: BIRTHDAY, turno: 'M' }, 'regua_comunicacao:gestor');
    expect(again.campanha_disparo.enviados).toBe(0);
    expect(await ours()).toHaveLength(2);

    // The superadmin reads the e-mails in the outbox; the manager reads the send log of the campaign.
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/settings/outbox/list`);
    await page.getByText(ALLOWED.email).first().waitFor({ timeout: 30_000 });
    await page.getByText(RESTRICTED.email).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'communication-08-outbox');
    await page.context().close();

    const manager = await openPage(browser);
    await signIn(manager.page, server.url, MANAGER);
    await manager.page.goto(`${server.url}/marketing/communication-scale/list`);
    await manager.page.locator('tr', { hasText: CAMPAIGN }).getByRole('link', { name: 'Prévia' }).click();
    await manager.page.getByRole('link', { name: /Envios/ }).first().click();
    await manager.page.locator('tr', { hasText: RESTRICTED.nome }).first().waitFor({ timeout: 30_000 });
    await screenshot(manager.page, 'communication-09-send-log');
    expect([...errors, ...manager.errors]).toEqual([]);
    await manager.page.context().close();
  });
});
