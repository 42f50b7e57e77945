// Onboarding end to end in headless Chromium against the started product (SEED_DEMO), as users would
// do it: HR signs in through /intranet and, through the screens, creates two trails, four contents
// (the first with a cover image uploaded in the content form), orders each trail's contents (trail
// sync screen) and creates the programme with the register stepper, choosing the two trails and
// ordering them by drag and drop. The employee of that position (funcionario@bitcom.com.br, 'Técnico
// de Suporte N1' at Bitcom) cannot open a content ahead, reads the four in order ('Marcar como lido e
// continuar' goes on with the documented next calls) and reaches the congratulations screen; the
// report moves the employee from Pendentes to Concluídos. Screenshots in test-results/e2e/onboarding-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { launchBrowser, openPage, signIn as signInAs, screenshotFromTop as screenshot, choose } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const PASSWORD = 'Intranet#Demo2026';
const HR = 'gestor.rh@bitcom.com.br';
const EMPLOYEE = 'funcionario@bitcom.com.br';
const EMPLOYEE_NAME = 'Fábio Funcionário';
const TITLE = 'Integração Suporte N1';
const SAVED = 'Dados atualizados com sucesso!';
/** A generated form's toast: a create's says what it made ('Conteúdo cadastrado com sucesso!'), an update's the generic text. */
const SAVED_GENERATED = /^(Dados atualizados|.+ cadastrad[oa]) com sucesso!$/;
const TRAILS = [
  { nome: 'Primeiros passos no Suporte', contents: ['Conheça a equipe de suporte', 'Atendimento ao cliente'] },
  { nome: 'Ferramentas de suporte', contents: ['Sistema de chamados', 'Monitoramento da rede'] },
];

let server: RunningServer;
let browser: Browser;
let hrToken: string;

async function login(email: string) {
  const r = await fetch(`${server.url}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  const json = await r.json();
  expect(json.status, JSON.stringify(json)).toBe('OK');
  return json.idToken as string;
}

async function api(method: string, path: string, body?: unknown, role = 'onboarding:gestor') {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${hrToken}`, 'x-intranet-role': role, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json();
  expect(r.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

/** Signs in through the employees' entrance, as a user would. */
const signIn = (page: Page, email: string) => signInAs(page, server.url, { email, password: PASSWORD });

/** Opens a card of the HR home's Onboarding section. */
async function fromHrHome(page: Page, card: string) {
  await page.goto(`${server.url}/human-resources/home`);
  const section = page.getByRole('region', { name: 'Onboarding' });
  await section.waitFor({ timeout: 30_000 });
  await section.getByRole('link', { name: card, exact: true }).click();
}

/** Salvar on a generated form: the success toast, then back on the list. */
async function saveGenerated(page: Page, list: string) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText(SAVED_GENERATED).first().waitFor({ timeout: 30_000 });
  await page.waitForURL(`**${list}`, { timeout: 30_000 });
}

/** The chosen items of an OrderPicker, in order ('1. Nome', ...). */
const chosen = (page: Page) => page.getByTestId('selected-list').getByRole('listitem').allInnerTexts();

/** A cover picture drawn by the browser itself (a real PNG of a real size). */
async function coverPng(): Promise<Buffer> {
  const { page } = await openPage(browser);
  await page.setContent(
    '<div id="capa" style="width:640px;height:280px;display:flex;align-items:center;justify-content:center;font:600 40px sans-serif;color:#fff;background:linear-gradient(135deg,#0d47a1,#42a5f5)">Suporte N1</div>',
  );
  const png = await page.locator('#capa').screenshot({ type: 'png' });
  await page.context().close();
  return png;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  hrToken = await login(HR);
  // An open vacancy at Bitcom for the vacancy report (its screen is a report, not a form).
  const bitcom = (await api('GET', '/v1/companies', undefined, 'rh:gestor')).companies.find((c: { nome: string }) => c.nome === 'Bitcom').id;
  // Its manager is one of the users (HR herself); the report shows the manager's name.
  const hrUser = (await api('GET', '/v1/auth/me')).usuarioId;
  await api('POST', '/api/vacancies', { titulo_vaga: 'Técnico de Suporte N1', vagas: 3, cidade: 'Belo Horizonte', uf: 'MG', id_gestor: hrUser, data_inicio: '2026-11-02', id_empresa: bitcom }, 'rh:gestor');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('onboarding', () => {
  it('HR builds trails, contents and the programme on the screens; the employee reads in order; the report moves the employee to Concluídos', async () => {
    const hr = await openPage(browser);
    await signIn(hr.page, HR);
    await hr.page.goto(`${server.url}/human-resources/home`);
    await hr.page.getByRole('region', { name: 'Onboarding' }).waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'onboarding-hr-home');

    // ---------------------------------------------------------------- HR: two trails (generated screens)
    await fromHrHome(hr.page, 'Trilha');
    await hr.page.waitForURL('**/human-resources/trail/list');
    for (const [i, trail] of TRAILS.entries()) {
      await hr.page.getByRole('link', { name: /NOVA TRILHA/ }).click();
      await hr.page.waitForURL('**/human-resources/trail/register');
      await hr.page.getByLabel(/Nome/).fill(trail.nome);
      if (i === 0) await screenshot(hr.page, 'onboarding-trail-register');
      await saveGenerated(hr.page, '/human-resources/trail/list');
      await hr.page.getByRole('cell', { name: trail.nome, exact: true }).waitFor({ timeout: 30_000 });
    }

    // ---------------------------------------------------------------- HR: four contents, the first with a cover
    const cover = await coverPng();
    await fromHrHome(hr.page, 'Conteúdo');
    await hr.page.waitForURL('**/human-resources/content/list');
    for (const [t, trail] of TRAILS.entries()) {
      for (const [n, titulo] of trail.contents.entries()) {
        await hr.page.getByRole('link', { name: /NOVO CONTEÚDO/ }).click();
        await hr.page.waitForURL('**/human-resources/content/register');
        await hr.page.getByLabel(/Título/).fill(titulo);
        await hr.page.getByLabel(/Resumo/).fill(`Resumo de ${titulo}`);
        const text = hr.page.getByRole('textbox', { name: /Texto/ });
        await text.click();
        await hr.page.keyboard.type(`Texto de leitura: ${titulo}, parte ${n + 1} da trilha ${trail.nome}.`);
        if (t === 0 && n === 0) {
          await hr.page.getByTestId('file-id_imagem_capa').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: cover });
          const preview = hr.page.getByRole('img', { name: 'Imagem de capa' });
          await preview.waitFor({ timeout: 30_000 });
          expect(await preview.getAttribute('src')).toMatch(/^blob:/);
          await screenshot(hr.page, 'onboarding-content-register');
        }
        await saveGenerated(hr.page, '/human-resources/content/list');
      }
    }
    await hr.page.getByRole('cell', { name: TRAILS[1].contents[1], exact: true }).waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'onboarding-content-list');

    // ---------------------------------------------------------------- HR: each trail's contents in order (trail sync)
    for (const trail of TRAILS) {
      await fromHrHome(hr.page, 'Trilha');
      const row = hr.page.getByRole('row').filter({ hasText: trail.nome });
      await row.getByRole('link', { name: 'Conteúdos da trilha' }).click();
      await hr.page.waitForURL('**/human-resources/trail/sync/*');
      await hr.page.getByRole('heading', { name: trail.nome }).waitFor({ timeout: 30_000 });
      // Chosen last one first, then put in reading order with the up button.
      await hr.page.getByRole('button', { name: `Adicionar ${trail.contents[1]}` }).click();
      await hr.page.getByRole('button', { name: `Adicionar ${trail.contents[0]}` }).click();
      expect(await chosen(hr.page)).toEqual([`1. ${trail.contents[1]}`, `2. ${trail.contents[0]}`]);
      await hr.page.getByRole('button', { name: `Mover ${trail.contents[0]} para cima` }).click();
      expect(await chosen(hr.page)).toEqual([`1. ${trail.contents[0]}`, `2. ${trail.contents[1]}`]);
      if (trail === TRAILS[0]) await screenshot(hr.page, 'onboarding-trail-sync');
      await hr.page.getByRole('button', { name: 'Salvar' }).click();
      await hr.page.getByText(SAVED).first().waitFor({ timeout: 30_000 });
      await hr.page.waitForURL('**/human-resources/trail/list');
    }

    // ---------------------------------------------------------------- HR: the programme with the register stepper
    await fromHrHome(hr.page, 'Onboarding');
    await hr.page.getByRole('link', { name: /NOVO ONBOARDING/ }).click();
    await hr.page.waitForURL('**/human-resources/onboarding/register');
    await hr.page.getByRole('button', { name: 'Próximo', exact: true }).click();
    await hr.page.getByText('Campo obrigatório', { exact: true }).nth(1).waitFor();
    expect(await hr.page.getByText('Campo obrigatório', { exact: true }).count()).toBe(2);
    expect(new URL(hr.page.url()).pathname).toBe('/human-resources/onboarding/register');
    expect(await hr.page.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);
    await hr.page.getByLabel(/Título/).fill(TITLE);
    await choose(hr.page, 'Provedor', 'Bitcom');
    await choose(hr.page, 'Departamento', 'Técnico');
    await choose(hr.page, 'Cargo', 'Técnico de Suporte N1');
    await screenshot(hr.page, 'onboarding-register-step1');
    await hr.page.getByRole('button', { name: 'Próximo', exact: true }).click();
    // The second trail chosen first, then the first one dragged to the top.
    await hr.page.getByRole('button', { name: `Adicionar ${TRAILS[1].nome}` }).click();
    await hr.page.getByRole('button', { name: `Adicionar ${TRAILS[0].nome}` }).click();
    expect(await chosen(hr.page)).toEqual([`1. ${TRAILS[1].nome}`, `2. ${TRAILS[0].nome}`]);
    const list = hr.page.getByTestId('selected-list');
    await list.getByText(`2. ${TRAILS[0].nome}`).dragTo(list.getByText(`1. ${TRAILS[1].nome}`));
    await expect.poll(() => chosen(hr.page)).toEqual([`1. ${TRAILS[0].nome}`, `2. ${TRAILS[1].nome}`]);
    expect(await hr.page.getByRole('button', { name: `Mover ${TRAILS[0].nome} para cima` }).isDisabled()).toBe(true);
    expect(await hr.page.getByRole('button', { name: `Mover ${TRAILS[1].nome} para baixo` }).isDisabled()).toBe(true);
    await screenshot(hr.page, 'onboarding-register-step2');
    await hr.page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await hr.page.getByText(ONBOARDING_MSG.trailsLinked).waitFor({ timeout: 30_000 });
    await hr.page.waitForURL('**/human-resources/onboarding/list');
    await hr.page.getByRole('cell', { name: TITLE, exact: true }).waitFor();
    await screenshot(hr.page, 'onboarding-list');
    // The generated list's row actions of an HR manager (section 6), and its trails in their order.
    const listed = hr.page.getByRole('row').filter({ has: hr.page.getByRole('cell', { name: TITLE, exact: true }) });
    for (const name of ['Associar trilhas', 'Editar']) await listed.getByRole('link', { name, exact: true }).waitFor();
    for (const name of ['Ver trilhas', 'Desativar']) await listed.getByRole('button', { name, exact: true }).waitFor();
    expect(await listed.getByRole('button', { name: 'Excluir', exact: true }).count()).toBe(0);
    await listed.getByRole('button', { name: 'Ver trilhas', exact: true }).click();
    const trailsDialog = hr.page.getByRole('dialog', { name: 'Ver trilhas' });
    // Each item names its trail through a reference, fetched after the list itself: wait for the names.
    await expect.poll(() => trailsDialog.getByRole('listitem').allInnerTexts(), { timeout: 30_000 }).toEqual(TRAILS.map((t) => t.nome));
    await screenshot(hr.page, 'onboarding-list-trails');
    await trailsDialog.getByRole('button', { name: 'Fechar' }).click();
    await trailsDialog.waitFor({ state: 'hidden' });

    // What the screens saved, read back through the documented calls.
    const programme = (await api('POST', '/v1/onboarding/trilha/filtro', { filtro: { titulo: TITLE } })).onboarding_onboarding[0];
    const idOnboarding = programme.id as number;
    expect(programme.onboarding_trilhas.map((l: any) => [l.trilha.nome, l.prioridade])).toEqual(TRAILS.map((t, i) => [t.nome, i + 1]));
    const trails = [];
    for (const link of programme.onboarding_trilhas) {
      const row = (await api('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: { id: link.id_trilha } })).onboarding_trilha[0];
      trails.push({ id: row.id as number, nome: row.nome as string, contents: row.trilha_conteudos.map((c: any) => ({ id: c.id_conteudo as number, titulo: c.conteudo.titulo as string })) });
    }
    expect(trails.map((t) => t.contents.map((c: { titulo: string }) => c.titulo))).toEqual(TRAILS.map((t) => t.contents));

    // The report before reading: the employee is pending at 0% in this programme.
    const employeeRow = (tab: Page) => tab.getByRole('row').filter({ hasText: EMPLOYEE_NAME }).filter({ hasText: TITLE });
    await hr.page.goto(`${server.url}/human-resources/onboarding/report`);
    await employeeRow(hr.page).waitFor({ timeout: 30_000 });
    expect(await employeeRow(hr.page).innerText()).toContain('0%');
    const before = await hr.page.getByRole('tab', { name: /Concluídos/ }).innerText();
    await screenshot(hr.page, 'onboarding-report-pending');

    // ---------------------------------------------------------------- the employee reads
    const emp = await openPage(browser);
    await signIn(emp.page, EMPLOYEE);
    // Nothing finished yet: the congratulations route sends the employee to their onboarding page.
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee/content/congratulations?idOnboarding=${idOnboarding}`);
    await emp.page.waitForURL((url) => url.pathname === '/human-resources/onboarding/employee', { timeout: 30_000 });
    await emp.page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    expect(await emp.page.getByText(ONBOARDING_MSG.congratulations).count()).toBe(0);
    await screenshot(emp.page, 'onboarding-employee');

    // A content ahead typed in the address bar: the server's refusal.
    const last = trails[1].contents[1];
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee/content?idOnboarding=${idOnboarding}&idTrail=${trails[1].id}&idContent=${last.id}`);
    await emp.page.getByText(ONBOARDING_MSG.ahead).waitFor({ timeout: 30_000 });
    await screenshot(emp.page, 'onboarding-content-ahead');

    // The first trail's content cards: the first may be opened, the second is locked.
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee`);
    await emp.page.getByRole('button', { name: 'Ver conteúdos' }).first().click();
    await emp.page.getByText('Bloqueado', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await emp.page.getByRole('article').count()).toBe(0);
    await emp.page.getByRole('img', { name: `Capa de ${trails[0].contents[0].titulo}` }).waitFor({ timeout: 30_000 });
    await screenshot(emp.page, 'onboarding-content-cards');

    // Reading in order: each 'Marcar como lido e continuar' asks the next content, then the next trail.
    const nextCalls: string[] = [];
    emp.page.on('request', (r) => {
      if (r.url().includes('/funcionario/next')) nextCalls.push(new URL(r.url()).pathname);
    });
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee`);
    await emp.page.getByRole('button', { name: 'Começar', exact: true }).click();
    for (const [t, trail] of trails.entries()) {
      for (const [n, content] of trail.contents.entries()) {
        await emp.page.getByRole('heading', { name: content.titulo, level: 2 }).first().waitFor({ timeout: 30_000 });
        expect(new URL(emp.page.url()).searchParams.get('idContent')).toBe(String(content.id));
        expect(await emp.page.getByRole('article').innerText()).toContain(`Texto de leitura: ${content.titulo}`);
        if (t === 0 && n === 0) {
          // The cover image came through GET /v1/files/{id} as a blob.
          const image = emp.page.getByRole('img', { name: `Capa de ${content.titulo}` });
          await image.waitFor();
          expect(await image.getAttribute('src')).toMatch(/^blob:/);
          await screenshot(emp.page, 'onboarding-reading');
        }
        await emp.page.getByRole('button', { name: ONBOARDING_MSG.markAsRead }).click();
      }
    }
    await emp.page.getByRole('heading', { name: ONBOARDING_MSG.congratulations }).waitFor({ timeout: 30_000 });
    expect(new URL(emp.page.url()).pathname).toBe('/human-resources/onboarding/employee/content/congratulations');
    // Content next after each of the four; trail next at the end of each trail.
    expect(nextCalls.filter((p) => p === '/v1/onboarding/trilha/conteudos/funcionario/next')).toHaveLength(4);
    expect(nextCalls.filter((p) => p === '/v1/onboarding/trilha/funcionario/next')).toHaveLength(2);
    await screenshot(emp.page, 'onboarding-congratulations');
    await emp.page.getByRole('button', { name: ONBOARDING_MSG.backHome }).click();
    await emp.page.waitForURL((url) => url.pathname === '/');
    expect(emp.errors).toEqual([]);

    // ---------------------------------------------------------------- the report moved the employee
    await hr.page.reload();
    await hr.page.getByRole('tab', { name: /Pendentes/ }).waitFor({ timeout: 30_000 });
    await hr.page.getByRole('tab', { name: /Concluídos/ }).click();
    await employeeRow(hr.page).waitFor({ timeout: 30_000 });
    expect(await employeeRow(hr.page).innerText()).toContain('100%');
    const after = await hr.page.getByRole('tab', { name: /Concluídos/ }).innerText();
    const count = (s: string) => Number(/\((\d+)\)/.exec(s)?.[1]);
    expect(count(after)).toBe(count(before) + 1);
    await screenshot(hr.page, 'onboarding-report-done');
    await hr.page.getByRole('tab', { name: /Pendentes/ }).click();
    await expect.poll(() => employeeRow(hr.page).count(), { timeout: 15_000 }).toBe(0);

    // The vacancy report (screen Vagas) answers for the HR manager.
    await hr.page.goto(`${server.url}/human-resources/vacancy/report`);
    await hr.page.getByRole('table', { name: 'Vagas' }).getByRole('columnheader', { name: 'Título da vaga' }).waitFor({ timeout: 30_000 });
    const vacancy = hr.page.getByRole('table', { name: 'Vagas' }).getByRole('row').filter({ hasText: 'Técnico de Suporte N1' });
    await vacancy.waitFor({ timeout: 30_000 });
    expect(await vacancy.innerText()).toMatch(/Técnico de Suporte N1\s+3\s+Belo Horizonte\s+Helena Gestora RH\s+02\/11\/2026/);
    expect(await hr.page.getByText(ONBOARDING_MSG.vacanciesError).count()).toBe(0);
    await screenshot(hr.page, 'onboarding-vacancy-report');
    expect(hr.errors).toEqual([]);
  }, 480_000);
});
