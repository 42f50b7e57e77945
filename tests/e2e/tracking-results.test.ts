// Tracking links and campaign results end to end in headless Chromium against the started product
// (SEED_DEMO). The demo marketing manager of Vetorial generates a tracking link for Black Friday Fibra on
// Facebook towards a destination served by this test, opens the link (the redirect lands there with the
// campaign's parameters and records the click), enters a result for that campaign this week, and sees
// in the report's SEMANAL DETALHADO · FACEBOOK table, under Vetorial, the CTR and the cost per lead the
// report's call computes with that result in. Screenshots in test-results/e2e/tracking-*.png.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMetric } from '../../src/domain/campaignMetrics.js';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const DESTINATION = 'Landing E2E';
const DETAIL = '/v1/leads/relatorio/resultado/campanha/semanal/detalhado/v2/empresa';

let server: RunningServer;
let browser: Browser;
let landing: Server;
let landingUrl = '';

/** Today in São Paulo, DD/MM/YYYY (the business calendar the report's weeks follow). */
function today() {
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  return parts;
}

beforeAll(async () => {
  landing = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="pt-BR"><title>Assine já</title><h1>Página de destino</h1></html>');
  });
  await new Promise<void>((done) => landing.listen(0, '127.0.0.1', done));
  landingUrl = `http://127.0.0.1:${(landing.address() as AddressInfo).port}/assine?origem=site`;
  browser = await launchBrowser();
  server = await startServer();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => landing?.close(done));
});

describe('tracking links and campaign results', () => {
  it('a marketing manager generates a link, opens it, enters a result and reads its CTR and CPL in the report', async () => {
    // A destination of our own (new destinations are the development team's: the superadmin's register).
    const admin = await apiLogin(server.url, ADMIN);
    await apiJson(server.url, 'POST', '/api/tracking-destinations', admin, { nome: DESTINATION, url: landingUrl, ativo: true });
    const manager = await apiLogin(server.url, MANAGER);
    const providers = (await apiJson(server.url, 'GET', '/v1/companies', manager, undefined, 'marketing:gestor')) as { companies: { id: number; nome: string }[] };
    const vetorial = providers.companies.find((p) => p.nome === 'Vetorial')!;
    const before = await apiJson(server.url, 'POST', DETAIL, manager, { canal: 'Facebook', empresa: vetorial.id }, 'marketing:gestor');

    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    const leads = page.getByRole('region', { name: 'LEADS' });
    await leads.waitFor({ timeout: 30_000 });
    await leads.getByRole('link', { name: 'Link de Rastreamento', exact: true }).click();
    await page.waitForURL('**/marketing/tracking-link/list', { timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVO LINK' }).click();
    await page.waitForURL('**/marketing/tracking-link/register', { timeout: 30_000 });

    // Without a link, Adicionar refuses; the provider opens campaign and channel.
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByText('É necessário gerar o link antes de salvar.').first().waitFor({ timeout: 15_000 });
    await choose(page, /^Provedor/, 'Vetorial');
    await choose(page, /^Campanha/, 'Black Friday Fibra');
    await choose(page, /^Canal/, 'Facebook');
    await choose(page, /^Destino/, DESTINATION);
    const generate = page.getByRole('button', { name: 'Gerar Link' });
    await generate.click();
    const field = page.getByRole('textbox', { name: 'Link' });
    await expect.poll(() => field.inputValue(), { timeout: 30_000 }).toMatch(/\/l\/[0-9A-Za-z]{7,}$/);
    expect(await generate.isDisabled()).toBe(true);
    const link = await field.inputValue();
    await screenshot(page, 'tracking-01-generated');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.waitForURL('**/marketing/tracking-link/list', { timeout: 30_000 });

    // The link is real: the redirect lands on the destination with the campaign's parameters.
    const visit = await browser.newPage();
    await visit.goto(link);
    await visit.getByRole('heading', { name: 'Página de destino' }).waitFor({ timeout: 30_000 });
    const landed = new URL(visit.url());
    expect(landed.pathname).toBe('/assine');
    expect(landed.searchParams.get('origem')).toBe('site');
    for (const name of ['cmp', 'chn', 'dst', 'utm_source', 'utm_medium', 'utm_campaign']) expect(landed.searchParams.get(name), name).toBeTruthy();
    await visit.close();
    // ... and the click is counted (the redirect writes its clicks in batches).
    const code = link.split('/l/')[1];
    await expect
      .poll(
        async () => {
          const found = (await apiJson(server.url, 'POST', '/v1/vendas/tracking/url/filtro', manager, { filtro: { codigo: code } }, 'marketing:gestor')) as {
            vendas_tracking_url: { cliques: number }[];
          };
          return Number(found.vendas_tracking_url[0]?.cliques ?? 0);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await page.reload();
    const row = page.locator('tr', { hasText: 'Black Friday Fibra' }).filter({ hasText: 'Facebook' }).first();
    await row.waitFor({ timeout: 30_000 });
    await screenshot(page, 'tracking-02-list');

    // A result for that campaign this week, from the report's REGISTRAR RESULTADO.
    await page.goto(`${server.url}/marketing/results-campaigns-report/report`);
    await page.getByRole('link', { name: 'REGISTRAR RESULTADO' }).click();
    await page.waitForURL('**/marketing/results-campaigns-report/register**', { timeout: 30_000 });
    await choose(page, /^Provedor/, 'Vetorial');
    await choose(page, /^Campanha/, 'Black Friday Fibra');
    await choose(page, /^Canal/, 'Facebook');
    await page.getByLabel(/^Início do período/).fill(today());
    await page.getByLabel(/^Fim do período/).fill(today());
    await page.getByLabel(/^Impressões/).fill('20000');
    await expect.poll(() => page.getByLabel(/^Impressões/).inputValue()).toBe('20.000');
    await page.getByLabel(/^Cliques/).fill('900');
    await page.getByLabel(/^Valor investido/).fill('150000');
    await screenshot(page, 'tracking-03-result');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Resultado de campanha cadastrado com sucesso!').first().waitFor({ timeout: 30_000 });
    await page.waitForURL('**/marketing/results-campaigns-report/report', { timeout: 30_000 });

    // The report under Vetorial: this week's Facebook column has the result in, as the call computes it.
    const after = await apiJson(server.url, 'POST', DETAIL, manager, { canal: 'Facebook', empresa: vetorial.id }, 'marketing:gestor');
    const week = after.periodos.length - 1;
    expect(after.periodos[week].total_impressoes - before.periodos[week].total_impressoes).toBe(20_000);
    expect(after.periodos[week].total_cliques - before.periodos[week].total_cliques).toBe(900);
    expect(after.periodos[week].valor_investido - before.periodos[week].valor_investido).toBeCloseTo(1_500, 2);
    await page.getByRole('group', { name: 'Provedor do relatório' }).getByRole('button', { name: 'Vetorial' }).click();
    const table = page.getByRole('table', { name: 'SEMANAL DETALHADO · FACEBOOK' });
    await table.waitFor({ timeout: 30_000 });
    const cell = (label: string) => table.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell').nth(week);
    await expect.poll(() => cell('CTR').textContent(), { timeout: 30_000 }).toContain(formatMetric('ctr', after.periodos[week].ctr));
    await expect.poll(() => cell('Custo por lead').textContent(), { timeout: 30_000 }).toContain(formatMetric('custo_por_leads', after.periodos[week].custo_por_leads));
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'tracking-04-report');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
