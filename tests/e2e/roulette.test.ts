// Prize roulettes end to end in headless Chromium against the started product (SEED_DEMO). The demo
// roulette manager of Vetorial creates a roulette from the marketing home with the wizard (4 + 4
// prizes and a look), a visitor opens its public page without signing in and spins, the participant
// shows in the roulette's report, the manager draws a winner, reveals the seed, and the public audit
// page confirms the spin and the draw. Screenshots in test-results/e2e/roulette-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';

const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const NAME = `Roleta E2E ${Date.now().toString(36)}`;
const VISITOR = 'Rita Visitante de Teste';

let server: RunningServer;
let browser: Browser;

/** DD/MM/YYYY of today plus `days`, in São Paulo. */
function day(days = 0) {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + days * 86_400_000));
}

/** Fills one prize row (a group named 'Prêmio N' inside its wheel). */
async function fillPrize(page: Page, wheel: string, n: number, name: string) {
  const row = page.getByRole('region', { name: wheel }).getByRole('group', { name: `Prêmio ${n}` });
  await row.getByLabel(/^Nome do prêmio/).fill(name);
  await row.getByLabel(/^Mensagem do sorteio/).fill(`Você ganhou ${name}!`);
  await row.getByLabel(/^Peso/).fill('10');
  await row.getByLabel(/^Quantidade/).fill('50');
  await row.getByLabel(/^Estoque mínimo/).fill('0');
  await row.getByRole('combobox', { name: /^Confete/ }).click();
  await page.getByRole('option', { name: 'Sim', exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('prize roulettes', () => {
  it('a manager creates a roulette, a visitor spins it, the report lists them, a draw picks them and the audit confirms both', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, MANAGER);
    await page.goto(`${server.url}/marketing/home`);
    const section = page.getByRole('region', { name: 'ROLETAS' });
    await section.waitFor({ timeout: 30_000 });
    await section.getByRole('link', { name: 'Roletas', exact: true }).click();
    await page.waitForURL('**/marketing/roulette/list', { timeout: 30_000 });
    await page.getByRole('link', { name: 'NOVA ROLETA' }).click();
    await page.waitForURL('**/marketing/roulette/register', { timeout: 30_000 });

    // Step 1: the campaign.
    await page.getByRole('combobox', { name: /^Responsável/ }).click();
    await page.getByRole('combobox', { name: /^Responsável/ }).fill('Vitor');
    await page.getByRole('option', { name: /Vitor Gestor de Vendas/ }).first().click();
    await page.getByLabel(/^Nome/).first().fill(NAME);
    await choose(page, /^Provedor/, 'Vetorial');
    await page.getByLabel(/^Data de início/).fill(day(-1));
    await page.getByLabel(/^Data de fim/).fill(day(30));
    await page.getByLabel(/^Descrição/).fill('Gire e ganhe: campanha criada pelo teste de ponta a ponta.');
    await page.getByText(/A campanha dura \d+ dias/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'roulette-01-basic');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByText('Campanha cadastrada com sucesso!').first().waitFor({ timeout: 30_000 });

    // Step 2: 4 + 4 prizes.
    await page.getByRole('region', { name: 'Roleta de clientes' }).waitFor({ timeout: 30_000 });
    for (let n = 1; n <= 4; n++) await fillPrize(page, 'Roleta de clientes', n, `Cliente ${n}`);
    for (let n = 1; n <= 4; n++) await fillPrize(page, 'Roleta de não clientes', n, `Visitante ${n}`);
    expect(await page.getByRole('region', { name: 'Roleta de clientes' }).getByRole('button', { name: 'Remover Prêmios' }).isDisabled()).toBe(true);
    await screenshot(page, 'roulette-02-prizes');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();

    // Step 3: the look, with its live preview.
    await page.getByRole('region', { name: 'Pré-visualização' }).waitFor({ timeout: 30_000 });
    await page.getByLabel(/^Cor de fundo 1/).fill('#6a1b9a');
    await screenshot(page, 'roulette-03-look');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.waitForURL('**/marketing/roulette/list', { timeout: 30_000 });
    await page.getByText(NAME).first().waitFor({ timeout: 30_000 });

    const manager = await apiLogin(server.url, MANAGER);
    const list = (await apiJson(server.url, 'GET', '/v1/roulette/', manager, undefined, 'roulette:gestor')) as { roleta_campanha: Record<string, any>[] };
    const campaign = list.roleta_campanha.find((c) => c.nome === NAME)!;
    expect(campaign).toBeTruthy();
    const publicUrl = `${server.url}${new URL(campaign.url_campanha).pathname}`;

    // A visitor (no sign-in) spins.
    const visitor = await browser.newContext({ locale: 'pt-BR', viewport: { width: 412, height: 915 } });
    const wheel = await visitor.newPage();
    const visitorErrors: string[] = [];
    wheel.on('pageerror', (e) => visitorErrors.push(String(e)));
    await wheel.goto(publicUrl);
    await wheel.getByRole('heading', { name: NAME }).waitFor({ timeout: 30_000 });
    await wheel.getByLabel(/^Nome/).fill(VISITOR);
    await wheel.getByLabel(/^Telefone/).fill('41987654321');
    await wheel.getByLabel(/^CPF/).fill('529.982.247-25');
    await wheel.getByRole('button', { name: 'Girar a roleta' }).click();
    const coupon = wheel.getByText(/^CUPOM-[0-9A-Z]{10}$/);
    await coupon.waitFor({ timeout: 30_000 });
    await wheel.getByText(/Visitante \d/).first().waitFor({ timeout: 15_000 });
    await wheel.screenshot({ path: 'test-results/e2e/roulette-04-public.png', fullPage: true });
    expect(visitorErrors).toEqual([]);

    // The report lists the participant.
    await page.getByRole('row', { name: new RegExp(NAME) }).getByRole('link', { name: 'Relatórios' }).click();
    await page.waitForURL(`**/marketing/roulette/reports/${campaign.id}`, { timeout: 30_000 });
    const generate = page.getByRole('button', { name: 'Gerar relatório' });
    expect(await generate.isDisabled()).toBe(true);
    await choose(page, 'Cliente', 'Não Clientes');
    await choose(page, 'Erro', 'Sem Erro');
    await generate.click();
    await page.getByRole('cell', { name: VISITOR }).waitFor({ timeout: 30_000 });
    await page.getByRole('cell', { name: /^CUPOM-/ }).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'roulette-05-report');

    // The raffle draws them (the only participant), then Sortear Novamente.
    await page.goto(`${server.url}/marketing/roulette/raffle/${campaign.id}`);
    const draw = page.getByRole('button', { name: 'Sortear', exact: true });
    await draw.waitFor({ timeout: 30_000 });
    expect(await draw.isDisabled()).toBe(true);
    await choose(page, 'Público', 'Todos');
    await choose(page, 'Prêmio', 'Todos');
    await draw.click();
    await page.getByRole('status', { name: 'Participante sorteado' }).getByText(VISITOR).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Sortear Novamente' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Sortear Novamente' }).click();
    await page.getByText('Não há participantes correspondentes.').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'roulette-06-raffle');

    // The reveal closes the campaign; the audit page confirms the spin and the draw.
    await page.getByRole('button', { name: 'Encerrar e revelar semente' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Encerrar e revelar semente' }).click();
    await page.getByText('Semente revelada. A campanha está encerrada.').first().waitFor({ timeout: 30_000 });
    const audit = await visitor.newPage();
    await audit.goto(`${publicUrl}/auditoria`);
    await audit.getByText('Semente confere com o compromisso publicado').waitFor({ timeout: 30_000 });
    await audit.getByText('1 de 1 giro confere').waitFor({ timeout: 30_000 });
    await audit.getByText('1 de 1 sorteio confere').waitFor({ timeout: 30_000 });
    await audit.screenshot({ path: 'test-results/e2e/roulette-07-audit.png', fullPage: true });
    expect(errors).toEqual([]);
    await visitor.close();
    await page.context().close();
  });
});
