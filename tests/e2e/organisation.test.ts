// Organisation screens end to end in headless Chromium against the started product (SEED_DEMO): the
// superadmin signs in through /intranet and, as a user would, creates a provider, a department, a
// sector and a position through the generated screens (the position's provider and department narrow
// the sector), edits the position and sees the change in its history panel, exports the list
// (table-export.csv, ';'), and visits the holiday form, the categories' cards, the contracting
// company form and a provider's cities. Screenshots in test-results/e2e/organisation-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot as fullPage } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const PROVIDER = 'Conecta Sul';
const DEPARTMENT = 'Atendimento Conecta';
const SECTOR = 'Recepção Conecta';
const POSITION = 'Atendente';
const POSITION_EDITED = 'Atendente Pleno';

let server: RunningServer;
let browser: Browser;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as any };
}

async function signIn(page: Page) {
  await page.goto(`${server.url}/intranet`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/intranet'), { timeout: 30_000 });
}

/** Picks an option of a reference select, typing to search as a user would. */
async function choose(page: Page, label: RegExp, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** A full-page screenshot from the top (the app bar is fixed: a scrolled page would draw it mid-page). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  return fullPage(page, name);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Dados atualizados com sucesso!').first().waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const r = await fetch(`${server.url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  token = (await r.json()).idToken;
  expect(token).toBeTruthy();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('organisation screens', () => {
  it('creates a provider, a department, a sector and a position, edits it, sees the history and exports the list', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page);

    // Provider.
    await page.goto(`${server.url}/providers/list`);
    await page.getByRole('heading', { level: 1, name: 'Provedores' }).waitFor();
    await page.getByText('Bitcom').first().waitFor();
    await screenshot(page, 'organisation-providers-list');
    await page.getByRole('link', { name: /NOVO PROVEDOR/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Cadastrar Provedor' }).waitFor();
    await page.getByLabel(/^Nome/).fill(PROVIDER);
    await screenshot(page, 'organisation-provider-register');
    await save(page);
    await page.getByRole('heading', { level: 1, name: 'Provedores' }).waitFor();
    await page.getByText(PROVIDER).waitFor();

    // Department of that provider.
    await page.goto(`${server.url}/departments/register`);
    await page.getByLabel(/^Nome/).fill(DEPARTMENT);
    await choose(page, /^Provedor/, PROVIDER);
    await screenshot(page, 'organisation-department-register');
    await save(page);

    // Sector: the provider narrows the departments offered.
    await page.goto(`${server.url}/sectors/register`);
    await page.getByLabel(/^Nome/).fill(SECTOR);
    await choose(page, /^Provedor/, PROVIDER);
    await page.getByRole('combobox', { name: /^Departamento/ }).click();
    await expect.poll(async () => page.getByRole('option').allInnerTexts()).toEqual([DEPARTMENT]);
    await page.getByRole('option', { name: DEPARTMENT }).click();
    await save(page);

    // Position: provider -> department -> sector.
    await page.goto(`${server.url}/positions/register`);
    await page.getByLabel(/^Nome/).fill(POSITION);
    await choose(page, /^Provedor/, PROVIDER);
    await choose(page, /^Departamento/, DEPARTMENT);
    await choose(page, /^Setor/, SECTOR);
    await page.getByLabel(/^Descrição/).fill('Recebe os clientes na loja.');
    await screenshot(page, 'organisation-position-register');
    // Changing the provider clears department and sector.
    await choose(page, /^Provedor/, 'Bitcom');
    await expect.poll(() => page.getByRole('combobox', { name: /^Setor/ }).inputValue()).toBe('');
    await expect.poll(() => page.getByRole('combobox', { name: /^Departamento/ }).inputValue()).toBe('');
    await choose(page, /^Provedor/, PROVIDER);
    await choose(page, /^Departamento/, DEPARTMENT);
    await choose(page, /^Setor/, SECTOR);
    await save(page);

    const created = await api('GET', `/api/positions?filter=${encodeURIComponent(JSON.stringify({ nome: POSITION }))}`);
    expect(created.json).toHaveLength(1);
    const position = created.json[0];

    // Edit from the list, then the history panel tells the change.
    await page.goto(`${server.url}/positions/list`);
    await page.getByPlaceholder('Pesquisar').fill(POSITION);
    await page.getByRole('cell', { name: POSITION, exact: true }).click();
    await page.waitForURL(`**/positions/edit/${position.id}`);
    await page.getByRole('heading', { level: 1, name: 'Editar Cargo' }).waitFor();
    await page.getByLabel(/^Nome/).waitFor();
    await screenshot(page, 'organisation-position-edit');
    await expect.poll(() => page.getByRole('combobox', { name: /^Departamento/ }).inputValue()).toBe(DEPARTMENT);
    await page.getByLabel(/^Nome/).fill(POSITION_EDITED);
    await save(page);
    await page.goto(`${server.url}/positions/edit/${position.id}`);
    await page.getByText('Ver histórico de Edições').click();
    const history = page.getByRole('list', { name: 'Histórico de edições' });
    await history.getByRole('listitem').nth(1).waitFor();
    const first = history.getByRole('listitem').first();
    expect(await first.innerText()).toContain('editou o item');
    expect(await first.getByRole('row', { name: /Nome/ }).innerText()).toMatch(new RegExp(`Nome\\s+${POSITION}\\s+${POSITION_EDITED}`));
    await screenshot(page, 'organisation-position-history');

    // Export: table-export.csv with ';'.
    await page.goto(`${server.url}/positions/list`);
    await page.getByRole('cell', { name: POSITION_EDITED, exact: true }).waitFor();
    await screenshot(page, 'organisation-positions-list');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toBe('table-export.csv');
    const stream = await download.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += chunk;
    const lines = csv.replace(/^\uFEFF/, '').split(/\r\n/);
    expect(lines[0]).toBe('Nome;Setor;Status');
    expect(lines).toContain(`${POSITION_EDITED};${SECTOR};Ativo`);

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('holiday form, categories as cards, contracting company and provider cities', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page);

    await page.goto(`${server.url}/holidays/register`);
    await page.getByLabel(/^Nome/).fill('Aniversário da cidade');
    await page.getByLabel(/^Data/).fill('1508');
    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Nacional' }).click();
    await page.getByText('Não é possivel selecionar cidades para feriados nacionais ou estaduais.').waitFor();
    await screenshot(page, 'organisation-holiday-nacional');
    await page.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Municipal' }).click();
    await page.getByRole('combobox', { name: /^Estado/ }).click();
    await page.getByRole('option', { name: 'MG', exact: true }).click();
    await page.getByLabel('Pesquisar cidade').fill('belo horizonte');
    await page.getByRole('option', { name: /Belo Horizonte/ }).dblclick();
    await page.getByRole('listbox', { name: /Cidades selecionadas/ }).getByText('Belo Horizonte').waitFor();
    await screenshot(page, 'organisation-holiday-municipal');
    await save(page);
    const holidays = await api('GET', `/api/holidays?filter=${encodeURIComponent(JSON.stringify({ nome: 'Aniversário da cidade' }))}`);
    expect(holidays.json[0]).toMatchObject({ data: '08-15', tipo: 'Municipal', uf: 'MG', municipio: [3106200] });
    await page.goto(`${server.url}/holidays/list`);
    await page.getByText('Aniversário da cidade').waitFor();
    // The expanded row names the cities (not their IBGE codes).
    await page.getByRole('row', { name: /Aniversário da cidade/ }).locator('[aria-label="Expandir"]').click();
    await page.getByText('Belo Horizonte/MG').waitFor();
    await screenshot(page, 'organisation-holidays-list');

    await api('POST', '/api/categories', { titulo: 'Comunicados', icone: 'campaign', color: '#c62828' });
    await api('POST', '/api/categories', { titulo: 'Eventos', icone: 'event', color: '#2e7d32' });
    await page.goto(`${server.url}/categories/list`);
    await page.getByRole('list', { name: 'Categorias' }).getByRole('heading', { name: 'Comunicados' }).waitFor();
    await screenshot(page, 'organisation-categories-cards');

    await page.goto(`${server.url}/contracting/companies/register`);
    await page.getByLabel(/^Razão social/).fill('Conecta Serviços LTDA');
    await page.getByLabel(/^CNPJ/).fill('11222333000181');
    expect(await page.getByLabel(/^CNPJ/).inputValue()).toBe('11.222.333/0001-81');
    await screenshot(page, 'organisation-contracting-company-register');

    const bitcom = (await api('GET', `/api/providers?filter=${encodeURIComponent(JSON.stringify({ nome: 'Bitcom' }))}`)).json[0];
    await page.goto(`${server.url}/providers/list`);
    await page.getByRole('row', { name: /Bitcom/ }).getByRole('link', { name: 'Cidades' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cidades do provedor Bitcom' }).waitFor();
    expect(page.url()).toContain(`/providers/list/cities/${bitcom.id}`);
    await page.getByLabel('Pesquisar cidade').fill('uberlandia');
    await page.getByRole('listbox', { name: /Cidades disponíveis/ }).getByRole('option', { name: /Uberlândia/ }).waitFor();
    await screenshot(page, 'organisation-provider-cities');

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
