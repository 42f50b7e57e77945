// The lead import end to end in headless Chromium against the started product (SEED_DEMO). The demo
// sales and marketing manager of Vetorial (gestor.vendas@vetorial.net) opens Importar Leads from the
// marketing home, downloads the template from the register, fills it with five rows (written with
// @e965/xlsx: one of them Vetorial's demo customer Carlos Eduardo Pereira, one a repeated CPF, one a
// CPF whose check digits fail), imports it through the register (provider, then channel and campaign
// by Vetorial's flag), lands on the import's rows, sees Cliente Sim on the customer and the bad row
// reported, selects three rows, creates them (a second click creates nothing more) and finds the
// three new leads in the internal sales team's leads list. Screenshots in
// test-results/e2e/lead-imports-*.png.
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCpf } from '../../src/server/customers/seed.js';
import { launchBrowser, openPage, signIn, screenshotFromTop as screenshot, choose } from './helpers/browser.js';
import { apiLogin, apiJson, startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const RUN = String(Date.now()).slice(-6);
const CAMPAIGN = `Feira E2E Vetorial ${RUN}`;
const CHANNEL = `Estande E2E ${RUN}`;
const FILE_NAME = `feira_e2e_${RUN}.xlsx`;
/** A phone of Curitiba no demo record has (the run's digits in it). */
const phone = (n: number) => `(41) 9${RUN.slice(0, 4)}-${String(1000 + n).slice(-4)}`;
// Vetorial's demo customer (src/server/customers/seed.ts, fixedCustomers: code 3002).
const CUSTOMER = { nome: 'Carlos Eduardo Pereira', cpf: demoCpf('444777000'), telefone: '(43) 99123-4567' };
const ALINE = { nome: `Aline Nova E2E ${RUN}`, cpf: demoCpf(`90${RUN}1`), telefone: phone(1) };
const BRUNO = { nome: `Bruno Novo E2E ${RUN}`, cpf: demoCpf(`91${RUN}2`), telefone: phone(2) };
const REPEATED = { nome: `Aline Repetida E2E ${RUN}`, cpf: ALINE.cpf, telefone: phone(3) };
const BAD = { nome: `Davi CPF Errado E2E ${RUN}`, cpf: '123.456.789-00', telefone: phone(4) };

let server: RunningServer;
let browser: Browser;
let adminToken: string;

const json = (method: string, path: string, token: string, body?: unknown, role?: string) => apiJson(server.url, method, path, token, body, role);

const login = (user: { email: string; password: string }) => apiLogin(server.url, user);

const rowOf = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
  adminToken = await login(ADMIN);
  const vetorial = { vetorial: true };
  await json('POST', '/api/sales-campaigns', adminToken, { nome: CAMPAIGN, ...vetorial });
  await json('POST', '/api/sales-channels', adminToken, { nome: CHANNEL, ...vetorial });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('lead import', () => {
  it('a sales manager imports a spreadsheet, selects three rows and creates their leads', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    const section = page.getByRole('region', { name: 'LEADS' });
    await section.waitFor({ timeout: 30_000 });
    await section.getByRole('link', { name: 'Importar Leads', exact: true }).click();
    await page.waitForURL('**/marketing/imports-leads/list', { timeout: 30_000 });
    await page.getByRole('link', { name: /NOVA IMPORTAÇÃO LEADS/ }).click();
    await page.waitForURL('**/marketing/imports-leads/register', { timeout: 30_000 });

    // The template: nome, cpf, telefone.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar modelo' }).click()]);
    expect(template.suggestedFilename()).toBe('modelo_importacao_leads.xlsx');
    const book = XLSX.read(readFileSync((await template.path())!), { type: 'buffer' });
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })[0];
    expect(header.map((h) => String(h).toLowerCase())).toEqual(['nome', 'cpf', 'telefone']);

    // Filled with five rows, kept in the template's column order.
    const sheet = XLSX.utils.aoa_to_sheet([header, ...[ALINE, CUSTOMER, BRUNO, REPEATED, BAD].map((p) => [p.nome, p.cpf, p.telefone])]);
    const filled = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(filled, sheet, 'Leads');
    const bytes = XLSX.write(filled, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    // Channel and campaign wait for the provider.
    expect(await page.getByRole('combobox', { name: /^Campanha/ }).isDisabled()).toBe(true);
    await choose(page, /^Provedor/, 'Vetorial');
    await choose(page, /^Canal/, CHANNEL);
    await choose(page, /^Campanha/, CAMPAIGN);
    await page.getByTestId('file-id_file').setInputFiles({ name: FILE_NAME, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await page.getByText(FILE_NAME).waitFor({ timeout: 30_000 });
    await screenshot(page, 'lead-imports-01-register');
    await page.getByRole('button', { name: 'Salvar' }).click();

    // The new import's rows.
    await page.waitForURL(/\/marketing\/imports-leads\/file\/list\?id=\d+/, { timeout: 60_000 });
    const importId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('somente as LEADS SELECIONADAS serão criadas', { exact: false }).waitFor({ timeout: 30_000 });
    await rowOf(page, BAD.nome).waitFor({ timeout: 30_000 });
    const summary = page.getByRole('list', { name: 'Resumo da importação' });
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain('5 registros');
    expect(await summary.textContent()).toContain('1 com problema');
    expect(await summary.textContent()).toContain('1 duplicado');
    expect(await summary.textContent()).toContain('1 cliente');
    expect(await rowOf(page, CUSTOMER.nome).locator('td').nth(4).textContent()).toBe('Sim');
    expect(await rowOf(page, ALINE.nome).locator('td').nth(4).textContent()).toBe('Não');
    expect(await rowOf(page, BAD.nome).getByRole('img', { name: /^Problemas: CPF/ }).count()).toBe(1);
    expect(await rowOf(page, BAD.nome).getByRole('checkbox').isDisabled()).toBe(true);
    expect(await rowOf(page, REPEATED.nome).getByRole('img', { name: 'Repetido no arquivo' }).count()).toBe(1);
    expect(await rowOf(page, ALINE.nome).getByText('Não informado').count()).toBe(1);
    await screenshot(page, 'lead-imports-02-rows');

    // Three chosen by hand.
    await page.getByRole('button', { name: 'Limpar seleção' }).click();
    await page.getByRole('button', { name: 'Criar Novas Leads (0)' }).waitFor({ timeout: 30_000 });
    for (const person of [ALINE, CUSTOMER, BRUNO]) {
      await rowOf(page, person.nome).getByRole('checkbox').check();
      await expect.poll(() => rowOf(page, person.nome).getByRole('checkbox').isChecked(), { timeout: 30_000 }).toBe(true);
    }
    const create = page.getByRole('button', { name: 'Criar Novas Leads (3)' });
    await create.waitFor({ timeout: 30_000 });
    await create.click();
    await page.getByText('3 leads criadas.').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => rowOf(page, ALINE.nome).locator('td').nth(5).textContent(), { timeout: 30_000 }).toMatch(/^LD-\d+$/);
    await page.getByRole('button', { name: 'Criar Novas Leads (0)' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'lead-imports-03-created');

    // Nothing twice: the server answers a second call with nothing to create.
    const again = await fetch(`${server.url}/v1/lead/importacao/mk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lead: true, id_importacao_evento: importId }),
    });
    expect(((await again.json()) as { criaLeadImportada?: { criadas?: number } }).criaLeadImportada?.criadas ?? 0).toBe(0);

    // The leads of the internal sales team: three new, imported, of the campaign.
    const leads = (await json('GET', `/api/leads?${new URLSearchParams({ filter: JSON.stringify({ q: `E2E ${RUN}` }), range: '[0,99]' })}`, adminToken)) as Record<string, unknown>[];
    expect(leads.map((l) => l.nome).sort()).toEqual([ALINE.nome, BRUNO.nome].sort());
    const customerLeads = (await json('GET', `/api/leads?${new URLSearchParams({ filter: JSON.stringify({ q: CUSTOMER.nome, origem: 'importado' }), range: '[0,99]' })}`, adminToken)) as Record<string, unknown>[];
    expect(customerLeads.filter((l) => l.cliente === true)).toHaveLength(1);
    await page.goto(`${server.url}/sales/internal/leads/list`);
    await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor({ timeout: 30_000 });
    await page.getByPlaceholder('Pesquisar').fill(`E2E ${RUN}`);
    await rowOf(page, ALINE.nome).waitFor({ timeout: 30_000 });
    await rowOf(page, BRUNO.nome).waitFor({ timeout: 30_000 });
    await screenshot(page, 'lead-imports-04-sales-leads');
    expect(errors).toEqual([]);
  });
});
