// Onboarding end to end in headless Chromium against the started product (SEED_DEMO): HR signs in
// through /intranet, sees the HR home, creates a programme with the register stepper (two trails of
// two contents each, the first content with a cover image), the employee of that position
// (funcionario@bitcom.com.br, 'Técnico de Suporte N1' at Bitcom) cannot open a content ahead, reads
// the four in order and reaches the congratulations screen, and the report moves the employee from
// Pendentes to Concluídos. Screenshots in test-results/e2e/onboarding-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { launchBrowser, openPage, screenshot } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const PASSWORD = 'Intranet#Demo2026';
const HR = 'gestor.rh@bitcom.com.br';
const EMPLOYEE = 'funcionario@bitcom.com.br';
const TITLE = 'Integração Suporte N1';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: RunningServer;
let browser: Browser;
let hrToken: string;
const trails: { id: number; nome: string; contents: { id: number; titulo: string }[] }[] = [];

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

async function uploadPng() {
  const form = new FormData();
  form.append('file[]', new Blob([PNG], { type: 'image/png' }), 'capa.png');
  const r = await fetch(`${server.url}/v1/files/`, { method: 'POST', headers: { authorization: `Bearer ${hrToken}`, 'x-intranet-role': 'onboarding:gestor' }, body: form });
  const json = await r.json();
  expect(r.status, JSON.stringify(json)).toBe(200);
  return json.processedFiles[0].id as string;
}

/** Signs in through the employees' entrance, as a user would. */
async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/intranet`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/intranet'), { timeout: 30_000 });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  hrToken = await login(HR);
  // An open vacancy at Bitcom for the vacancy report.
  const bitcom = (await api('GET', '/v1/companies', undefined, 'rh:gestor')).companies.find((c: { nome: string }) => c.nome === 'Bitcom').id;
  await api('POST', '/api/vacancies', { titulo_vaga: 'Técnico de Suporte N1', vagas: 3, cidade: 'Belo Horizonte', gestor_vaga: 'Gestora RH', data_inicio: '2026-11-02', id_empresa: bitcom }, 'rh:gestor');
  // Trails and contents through the API (their screens are the generated ones): two trails of two contents each.
  const cover = await uploadPng();
  for (const [t, nome] of ['Primeiros passos no Suporte', 'Ferramentas de suporte'].entries()) {
    const trail = await api('POST', '/api/trails', { nome });
    const contents = [];
    for (const n of [1, 2]) {
      const titulo = `${nome}: parte ${n}`;
      const c = await api('POST', '/api/contents', {
        titulo,
        resumo: `Resumo de ${titulo}`,
        texto: `<h2>${titulo}</h2><p>Texto de leitura da parte ${n} da trilha ${nome}.</p>`,
        ...(t === 0 && n === 1 ? { id_imagem_capa: cover, id_imagens_auxiliares: [cover] } : {}),
      });
      contents.push({ id: c.id as number, titulo });
    }
    await api('PUT', `/v1/onboarding/trilha/${trail.id}/conteudos`, { conteudos: contents.map((c) => c.id) });
    trails.push({ id: trail.id, nome, contents });
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('onboarding', () => {
  it('HR creates, the employee reads in order, the report moves the employee to Concluídos', async () => {
    // ---------------------------------------------------------------- HR: home and register stepper
    const hr = await openPage(browser);
    await signIn(hr.page, HR);
    await hr.page.goto(`${server.url}/human-resources/home`);
    await hr.page.getByRole('region', { name: 'Onboarding' }).waitFor({ timeout: 30_000 });
    await screenshot(hr.page, 'onboarding-hr-home');
    await hr.page.getByRole('region', { name: 'Onboarding' }).getByRole('link', { name: /Onboarding/ }).click();
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
    for (const t of trails) await hr.page.getByRole('button', { name: `Adicionar ${t.nome}` }).click();
    expect(await hr.page.getByRole('button', { name: `Mover ${trails[0].nome} para cima` }).isDisabled()).toBe(true);
    expect(await hr.page.getByRole('button', { name: `Mover ${trails[1].nome} para baixo` }).isDisabled()).toBe(true);
    await screenshot(hr.page, 'onboarding-register-step2');
    await hr.page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await hr.page.getByText(ONBOARDING_MSG.trailsLinked).waitFor({ timeout: 30_000 });
    await hr.page.waitForURL('**/human-resources/onboarding/list');
    await hr.page.getByRole('cell', { name: TITLE, exact: true }).waitFor();
    await screenshot(hr.page, 'onboarding-list');

    // The report before reading: the employee is pending at 0%.
    await hr.page.goto(`${server.url}/human-resources/onboarding/report`);
    const pendingRow = hr.page.getByRole('row').filter({ hasText: 'Fábio Funcionário' });
    await pendingRow.waitFor({ timeout: 30_000 });
    expect(await pendingRow.innerText()).toContain('0%');
    const before = await hr.page.getByRole('tab', { name: /Concluídos/ }).innerText();
    await screenshot(hr.page, 'onboarding-report-pending');

    // ---------------------------------------------------------------- the employee reads
    const emp = await openPage(browser);
    await signIn(emp.page, EMPLOYEE);
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee`);
    await emp.page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    await screenshot(emp.page, 'onboarding-employee');

    // A content ahead typed in the address bar: the server's refusal.
    const idOnboarding = (await api('POST', '/v1/onboarding/trilha/filtro', { filtro: { titulo: TITLE } })).onboarding_onboarding[0].id;
    const last = trails[1].contents[1];
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee/content?idOnboarding=${idOnboarding}&idTrail=${trails[1].id}&idContent=${last.id}`);
    await emp.page.getByText(ONBOARDING_MSG.ahead).waitFor({ timeout: 30_000 });
    await screenshot(emp.page, 'onboarding-content-ahead');

    // The first trail's content cards: the first may be opened, the second is locked.
    await emp.page.goto(`${server.url}/human-resources/onboarding/employee`);
    await emp.page.getByRole('button', { name: 'Ver conteúdos' }).first().click();
    await emp.page.getByText('Bloqueado', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await emp.page.getByRole('article').count()).toBe(0);
    await screenshot(emp.page, 'onboarding-content-cards');

    await emp.page.goto(`${server.url}/human-resources/onboarding/employee`);
    await emp.page.getByRole('button', { name: 'Começar', exact: true }).click();
    for (const [t, trail] of trails.entries()) {
      for (const [n, content] of trail.contents.entries()) {
        await emp.page.getByRole('heading', { name: content.titulo, level: 2 }).first().waitFor({ timeout: 30_000 });
        expect(new URL(emp.page.url()).searchParams.get('idContent')).toBe(String(content.id));
        if (t === 0 && n === 0) {
          // The cover image came through GET /v1/files/{id} as a blob.
          const cover = emp.page.getByRole('img', { name: `Capa de ${content.titulo}` });
          await cover.waitFor();
          expect(await cover.getAttribute('src')).toMatch(/^blob:/);
          await screenshot(emp.page, 'onboarding-reading');
        }
        await emp.page.getByRole('button', { name: ONBOARDING_MSG.markAsRead }).click();
      }
    }
    await emp.page.getByRole('heading', { name: ONBOARDING_MSG.congratulations }).waitFor({ timeout: 30_000 });
    expect(new URL(emp.page.url()).pathname).toBe('/human-resources/onboarding/employee/content/congratulations');
    await screenshot(emp.page, 'onboarding-congratulations');
    await emp.page.getByRole('button', { name: ONBOARDING_MSG.backHome }).click();
    await emp.page.waitForURL((url) => url.pathname === '/');
    expect(emp.errors).toEqual([]);

    // ---------------------------------------------------------------- the report moved the employee
    await hr.page.reload();
    await hr.page.getByRole('tab', { name: /Pendentes/ }).waitFor({ timeout: 30_000 });
    await hr.page.getByRole('tab', { name: /Concluídos/ }).click();
    const doneRow = hr.page.getByRole('row').filter({ hasText: 'Fábio Funcionário' });
    await doneRow.waitFor({ timeout: 30_000 });
    expect(await doneRow.innerText()).toContain('100%');
    const after = await hr.page.getByRole('tab', { name: /Concluídos/ }).innerText();
    const count = (s: string) => Number(/\((\d+)\)/.exec(s)?.[1]);
    expect(count(after)).toBe(count(before) + 1);
    await screenshot(hr.page, 'onboarding-report-done');

    await hr.page.getByRole('tab', { name: /Pendentes/ }).click();
    await expect
      .poll(() => hr.page.getByRole('row').filter({ hasText: 'Fábio Funcionário' }).filter({ hasText: TITLE }).count(), { timeout: 15_000 })
      .toBe(0);
    // The vacancy report (screen Vagas) answers for the HR manager.
    await hr.page.goto(`${server.url}/human-resources/vacancy/report`);
    await hr.page.getByRole('table', { name: 'Vagas' }).getByRole('columnheader', { name: 'Título da vaga' }).waitFor({ timeout: 30_000 });
    const vacancy = hr.page.getByRole('table', { name: 'Vagas' }).getByRole('row').filter({ hasText: 'Gestora RH' });
    await vacancy.waitFor({ timeout: 30_000 });
    expect(await vacancy.innerText()).toMatch(/Técnico de Suporte N1\s+3\s+Belo Horizonte\s+Gestora RH\s+02\/11\/2026/);
    expect(await hr.page.getByText(ONBOARDING_MSG.vacanciesError).count()).toBe(0);
    await screenshot(hr.page, 'onboarding-vacancy-report');
    expect(hr.errors).toEqual([]);
  }, 300_000);
});
