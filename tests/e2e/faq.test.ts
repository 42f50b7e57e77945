// The FAQ end to end in headless Chromium against the started product (SEED_DEMO): a visitor, without
// signing in, opens /faq/list, searches (the words go to the address) and reads an answer; Bitcom's
// HR manager writes a question visible without login on the generated register, comes back to the
// list where it shows, and the visitor finds it. Then an employee reads the handbook.
// Screenshots in test-results/e2e/faq-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const HR = { email: 'gestor.rh@bitcom.com.br', password: 'Intranet#Demo2026' };
const EMPLOYEE = { email: 'funcionario@bitcom.com.br', password: 'Intranet#Demo2026' };
const RUN = Date.now().toString(36);

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

describe('FAQ', () => {
  it('a visitor searches and reads an answer; HR writes a question and it appears', async () => {
    const visitor = await openPage(browser);
    const page = visitor.page;
    await page.goto(`${server.url}/faq/list`);
    await page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 2, name: 'Vagas e processo seletivo' }).waitFor({ timeout: 30_000 });
    // Internal questions stay out for visitors.
    expect(await page.getByText('Como acesso a VPN da empresa?').count()).toBe(0);
    await screenshot(page, 'faq-01-public-list');

    await page.getByRole('textbox', { name: 'Buscar nas perguntas' }).fill('CANDIDATO vaga');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/\/faq\/search\/CANDIDATO%20vaga$/, { timeout: 30_000 });
    await page.getByText('1 pergunta encontrada para “CANDIDATO vaga”').waitFor({ timeout: 30_000 });
    const question = page.getByRole('button', { name: /Como me candidato a uma vaga\?/ });
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText(/acompanhe o andamento em/).waitFor({ timeout: 30_000 });
    expect(await page.locator('mark', { hasText: 'candidato' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'faq-02-search');

    // HR writes a question for Bitcom, visible without login.
    const hr = await openPage(browser);
    await signIn(hr.page, server.url, HR);
    await hr.page.goto(`${server.url}/faq/list`);
    await hr.page.getByRole('link', { name: 'NOVA PERGUNTA' }).click();
    await hr.page.waitForURL(/\/faq\/register$/, { timeout: 30_000 });
    const title = `Onde retiro o crachá novo ${RUN}?`;
    await hr.page.getByRole('textbox', { name: /^Pergunta/ }).fill(title);
    await hr.page.getByRole('textbox', { name: /^Resposta/ }).click();
    await hr.page.keyboard.type('Na recepção da sede, com um documento com foto.');
    await choose(hr.page, /^Categoria/, 'Benefícios');
    await choose(hr.page, /^Provedor/, 'Bitcom');
    await hr.page.getByRole('switch', { name: /^Visível sem login/ }).check();
    await hr.page.getByRole('button', { name: 'Salvar' }).click();
    await hr.page.waitForURL(/\/faq\/list$/, { timeout: 30_000 });
    await hr.page.getByRole('button', { name: new RegExp(title.replace(/[?]/g, '\\?')) }).waitFor({ timeout: 30_000 });

    // The visitor finds it.
    await page.goto(`${server.url}/faq/search/${encodeURIComponent(`cracha ${RUN}`)}`);
    await page.getByText('Na recepção da sede, com um documento com foto.').waitFor({ timeout: 30_000 });
    expect(visitor.errors).toEqual([]);
    expect(hr.errors).toEqual([]);
  });

  it('an employee reads the handbook', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, EMPLOYEE);
    await page.goto(`${server.url}/employee-handbook/view`);
    const toc = page.getByRole('navigation', { name: 'Sumário' });
    await toc.getByRole('link', { name: 'Segurança da informação' }).waitFor({ timeout: 30_000 });
    // Vetorial's own section is not Bitcom's employee's.
    expect(await page.getByText('Plantões da equipe técnica').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Buscar no manual' }).fill('senha');
    await page.getByText(/seç(ão|ões) encontrada/).waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { level: 3, name: 'Senhas e acessos' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'faq-03-handbook');
    expect(errors).toEqual([]);
  });
});
