// Organisation screens end to end in headless Chromium against the started product (SEED_DEMO): the
// superadmin signs in through /intranet and, as a user would, creates a provider, a department, a
// sector and a position through the generated screens (the position's provider and department narrow
// the sector), edits the position and sees the change in its history panel, exports the list
// (table-export.csv, ';'), and visits the holiday form, the categories' cards and table, the city
// register, the contracting company form and a provider's cities; sees the list date filter's messages
// (which react-admin's filter bar would hide) and the lists fitting 1366 and 1024 px with their row
// actions, masked values on one line and a favicon; then checks what the server sends
// (compressed, cached JS within the first-screen budget, code-split generated screens) and the '#/'
// addresses (opened, and reached while the app is open) and unknown-path routes. Screenshots in
// test-results/e2e/organisation-*.png.
import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_KB, measure } from '../../scripts/bundle-size.js';
import { launchBrowser, openPage, signIn as signInAs, screenshotFromTop as screenshot } from './helpers/browser.js';
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

const signIn = (page: Page) => signInAs(page, server.url, ADMIN);

/** Picks an option of a reference select, typing to search as a user would. */
async function choose(page: Page, label: RegExp, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** A create's toast says what it made ('Cargo cadastrado com sucesso!'), an update's the spec's generic text. */
const SAVED = /^(Dados atualizados|.+ cadastrad[oa]) com sucesso!$/;

async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText(SAVED).first().waitFor({ timeout: 15_000 });
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
    await screenshot(page, 'organisation-sector-register');
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

    // Edit from the list, then the history panel tells the change. The row is clicked right after
    // typing the search, and the edit screen's code comes slowly (as on a loaded machine or a slow
    // connection): the list left with its search still pending must not navigate back to itself.
    await page.route(/\/assets\/ResourceForm-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${server.url}/positions/list`);
    await page.getByPlaceholder('Pesquisar').fill(POSITION);
    await page.getByRole('cell', { name: POSITION, exact: true }).click();
    await page.waitForURL(`**/positions/edit/${position.id}`);
    await page.getByRole('heading', { level: 1, name: 'Editar Cargo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/positions/edit/${position.id}`);
    await page.unrouteAll();
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
    expect(lines[0]).toBe('Nome;Setor;Provedor;Status');
    expect(lines).toContain(`${POSITION_EDITED};${SECTOR};${PROVIDER};Ativo`);

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
    await page.getByRole('row', { name: /Aniversário da cidade/ }).getByRole('button', { name: 'Expandir linha' }).click();
    await page.getByText('Belo Horizonte/MG').waitFor();
    await screenshot(page, 'organisation-holidays-list');

    await api('POST', '/api/categories', { titulo: 'Comunicados', icone: 'campaign', color: '#c62828' });
    await api('POST', '/api/categories', { titulo: 'Eventos', icone: 'event', color: '#2e7d32' });
    await page.goto(`${server.url}/categories/cards`);
    await page.getByRole('list', { name: 'Categorias' }).getByRole('heading', { name: 'Comunicados' }).waitFor();
    await screenshot(page, 'organisation-categories-cards');
    await page.goto(`${server.url}/categories/list`);
    await page.getByRole('cell', { name: 'Comunicados', exact: true }).waitFor();
    await screenshot(page, 'organisation-categories-list');

    // A provider city's name comes from the municipality list of its state.
    await page.goto(`${server.url}/cities/register`);
    await page.getByRole('combobox', { name: /^UF/ }).click();
    await page.getByRole('option', { name: 'MG', exact: true }).click();
    await page.getByRole('combobox', { name: /^Nome/ }).fill('uberl');
    await page.getByRole('option', { name: 'Uberlândia', exact: true }).click();
    await screenshot(page, 'organisation-city-register');

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

describe('list date filter in a real browser', () => {
  it("shows 'Data inválida' and the range message (react-admin's filter bar hides helper texts), and filters by the valid start alone", async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page);
    await page.goto(`${server.url}/departments/list`);
    await page.getByRole('heading', { level: 1, name: 'Departamentos' }).waitFor();
    const rowCount = () => page.locator('tbody tr').count();
    await expect.poll(rowCount).toBeGreaterThan(1);
    const all = await rowCount();
    const from = page.getByLabel('Criado em: de');
    const to = page.getByLabel('Criado em: até');

    await to.pressSequentially('310225');
    expect(await to.inputValue()).toBe('31/02/25');
    const invalid = page.getByText('Data inválida', { exact: true });
    await invalid.waitFor({ state: 'visible' });
    expect(await invalid.isVisible()).toBe(true);
    await screenshot(page, 'organisation-date-filter-invalid');
    await to.fill('');
    await invalid.waitFor({ state: 'detached' });

    // Every row was created this year: from 01/01/20 they all show; an end in 2019 is refused on screen.
    await from.pressSequentially('010120');
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('created_at_gte'));
    await to.pressSequentially('311219');
    const range = page.getByText('A data inicial não pode ser maior que a data final!', { exact: true });
    await range.waitFor({ state: 'visible' });
    expect(await page.locator('body').innerText()).not.toContain('@@react-admin@@');
    await page.waitForTimeout(1_000);
    const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
    expect(Object.keys(filter)).toEqual(['created_at_gte']);
    expect(await rowCount()).toBe(all);
    // The message sits below the two boxes, which stay in line.
    const [fromBox, toBox, message] = await Promise.all([from.boundingBox(), to.boundingBox(), range.boundingBox()]);
    expect(Math.abs(fromBox!.y - toBox!.y)).toBeLessThan(2);
    expect(message!.y).toBeGreaterThanOrEqual(fromBox!.y + fromBox!.height);
    await screenshot(page, 'organisation-date-filter-range');

    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('list layout in a real browser', () => {
  it('fits the table with its Ações at 1366 and 1024 px (compact actions, then columns into the expanded row), keeps masked values on one line, and has a favicon', async () => {
    const bitcom = (await api('GET', `/api/providers?filter=${encodeURIComponent(JSON.stringify({ nome: 'Bitcom' }))}`)).json[0];
    const company = await api('POST', '/api/contracting-companies', {
      razao_social: 'Beta Telecomunicações e Serviços de Internet Ltda',
      nome_fantasia: 'Beta Fibra Óptica',
      cnpj: '11.444.777/0001-61',
      id_empresa: bitcom.id,
    });
    expect(company.status).toBe(201);
    const { page, errors } = await openPage(browser);
    const missing: string[] = [];
    page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
    await signIn(page);
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/contracting/companies/list`);
      const row = page.getByRole('row', { name: /Beta Fibra Óptica/ });
      await row.waitFor();
      await page.waitForTimeout(500);
      const table = await page.locator('.RaDatagrid-tableWrapper').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(table.scroll, `${width} px`).toBeLessThanOrEqual(table.client);
      // Every action of the row is on screen, with its name (the switch's tooltip says what it does).
      for (const name of ['Desativar', 'Editar', 'Excluir']) {
        const box = await row.getByRole('button', { name }).or(row.getByRole('link', { name })).first().boundingBox();
        expect(box && box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      // One line each: the CNPJ and 'Não informado'.
      for (const text of ['11.444.777/0001-61', 'Não informado']) {
        const lines = await row.getByText(text, { exact: true }).first().evaluate((el) => el.getClientRects().length);
        expect(lines, `${text} at ${width} px`).toBe(1);
      }
      // The header's top menu shows only the icons it has room for, each whole (the arrows reach the rest).
      const nav = page.locator('nav[aria-label="Menu principal"]');
      const navBox = (await nav.boundingBox())!;
      const items = await nav.locator('a[data-menu-item]').evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
      expect(items.length, `top menu at ${width} px`).toBeGreaterThan(0);
      for (const item of items) {
        expect(item.left, `top menu at ${width} px`).toBeGreaterThanOrEqual(navBox.x - 0.5);
        expect(item.right, `top menu at ${width} px`).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
      }
      await screenshot(page, `organisation-contracting-companies-${width}`);
    }
    // At 1024 px the columns that did not fit are in the expanded row.
    await page.getByRole('row', { name: /Beta Fibra Óptica/ }).getByRole('button', { name: 'Expandir linha' }).click();
    await page.getByText('Provedor', { exact: true }).last().waitFor();
    await screenshot(page, 'organisation-contracting-companies-1024-expanded');

    // A dialog a row opened stays open while the table refits around it (the actions keep their cell):
    // the delete confirmation, opened at 1024 px, is still there once the wider window unfolds the columns.
    // (An open dialog hides the page from the accessibility tree: the row is found by its markup.)
    const cells = page.locator('tr.RaDatagrid-row', { hasText: 'Beta Fibra Óptica' }).locator('td');
    const cellsAt1024 = await cells.count();
    await page.getByRole('row', { name: /Beta Fibra Óptica/ }).getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Essa ação é IRREVERSÍVEL' });
    await confirm.waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => cells.count(), { timeout: 30_000 }).toBeGreaterThan(cellsAt1024);
    expect(await confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });

    expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('icon');
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** GET with exactly these request headers (fetch would add its own Accept-Encoding and decode the body). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JavaScript bytes a page downloads (as sent, compressed) until the network is idle. */
async function scriptBytes(page: Page, load: () => Promise<unknown>): Promise<{ bytes: number; files: string[] }> {
  const pending: Promise<number>[] = [];
  const files: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    files.push(new URL(request.url()).pathname);
    pending.push(request.sizes().then((s) => s.responseBodySize));
  });
  await load();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(pending);
  return { bytes: sizes.reduce((a, b) => a + b, 0), files };
}

describe('first screens, compression and routes', () => {
  it('sends the built JavaScript compressed, hashed assets cached for good and index.html revalidated', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const plain = await rawGet(entry!, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await rawGet(entry!, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.bytes).toBeLessThan(plain.bytes / 2);
    const br = await rawGet(entry!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes).toBeLessThan(gzip.bytes);
    for (const path of ['/', '/departments/list']) {
      expect((await rawGet(path, { 'accept-encoding': 'gzip' })).headers['cache-control']).toBe('no-cache');
    }
  });

  it('the first screens download at most the budget of JavaScript, and the generated screens are chunks of their own', async () => {
    const report = measure();
    expect(report.problems).toEqual([]);
    expect(report.generated['src/admin/generator/ResourceList.tsx']).toMatch(/^assets\/ResourceList-.*\.js$/);
    expect(report.generated['src/admin/generator/ResourceForm.tsx']).toMatch(/^assets\/ResourceForm-.*\.js$/);

    const budget = BUDGET_KB * 1024;
    for (const route of ['/', '/intranet']) {
      const { page } = await openPage(browser);
      const loaded = await scriptBytes(page, () => page.goto(`${server.url}${route}`));
      await page.getByRole('button', { name: 'Entrar', exact: true }).first().waitFor();
      expect(loaded.bytes, `${route}: ${loaded.files.join(' ')}`).toBeLessThanOrEqual(budget);
      expect(loaded.files.some((f) => /ResourceList|ResourceForm/.test(f))).toBe(false);
      await page.context().close();
    }

    // Signed in: a new context with the session of a sign-in, so nothing is in the HTTP cache yet.
    const { page: login } = await openPage(browser);
    await signIn(login);
    const state = await login.context().storageState();
    await login.context().close();
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 }, storageState: state });
    const page = await context.newPage();
    const home = await scriptBytes(page, () => page.goto(`${server.url}/`));
    expect(home.bytes, home.files.join(' ')).toBeLessThanOrEqual(budget);
    expect(home.files.some((f) => /ResourceList|ResourceForm/.test(f))).toBe(false);
    // The generated list is fetched when its route is opened.
    const list = await scriptBytes(page, async () => {
      await page.goto(`${server.url}/departments/list`);
      await page.getByRole('heading', { level: 1, name: 'Departamentos' }).waitFor();
    });
    expect(list.files.some((f) => /\/assets\/ResourceList-/.test(f))).toBe(true);
    await context.close();
  });

  it("rewrites '#/' URLs to paths and sends an unknown path to the index", async () => {
    const { page: login, errors } = await openPage(browser);
    await signIn(login);
    // An old '#/' address opened (a bookmark, a link from elsewhere): a page load, in the signed-in context.
    const page = await login.context().newPage();
    page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
    await page.goto(`${server.url}/#/departments/list`);
    await page.getByRole('heading', { level: 1, name: 'Departamentos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/departments/list');
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, 'organisation-departments-list');
    // One reached while the app is open (an old link clicked, an address typed): no page load.
    await page.evaluate(() => {
      (window as unknown as { stillOpen: boolean }).stillOpen = true;
      window.location.hash = '#/positions/list';
    });
    await page.getByRole('heading', { level: 1, name: 'Cargos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/positions/list');
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);

    await page.goto(`${server.url}/nao/existe/rota`);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
