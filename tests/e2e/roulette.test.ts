// Prize roulettes end to end in headless Chromium against the started product (SEED_DEMO). The demo
// roulette manager of Vetorial creates a roulette from the marketing home with the wizard (4 + 4
// prizes and a look), a visitor opens its public page without signing in and spins, the participant
// shows in the roulette's report, the manager draws a winner, reveals the seed, and the public audit
// page confirms the spin and the draw. Screenshots in test-results/e2e/roulette-*.png.
// Issue 31: the visitor identifies before the wheel shows their prizes; the public page fits 320 and
// 390 px before and after the spin (no horizontal scroll) and nothing overlaps the wheel at 1366 px;
// the raffle's confetti runs without a CSP violation or a page error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, launchBrowser, openPage, signIn, screenshotFromTop as screenshot, watchCsp } from './helpers/browser.js';
import { apiJson, apiLogin, startServer, type RunningServer } from './helpers/server.js';

const MANAGER = { email: 'gestor.vendas@vetorial.net', password: 'Intranet#Demo2026' };
const NAME = `Roleta E2E ${Date.now().toString(36)}`;
const VISITOR = 'Rita Visitante de Teste';
/** The visitors of the layout checks: one per width, each with a CPF and a phone of their own. */
const VISITORS = [
  { nome: VISITOR, width: 390, height: 844, telefone: '41987654321', cpf: '529.982.247-25' },
  { nome: 'Rui Visitante Estreito', width: 320, height: 640, telefone: '41987650001', cpf: '274.185.963-91' },
  { nome: 'Rosa Visitante Larga', width: 1366, height: 768, telefone: '41987650002', cpf: '390.533.447-05' },
];

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
    // CSP violations (the raffle's confetti once needed a worker the policy refuses).
    const violations = await watchCsp(page);
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

    // Visitors (no sign-in) identify, see their own wheel, then spin: at 390, 320 and 1366 px.
    const visitor = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    const overflow = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    for (const who of VISITORS) {
      await visitor.pages().at(-1)?.close();
      const wheel = await visitor.newPage();
      await wheel.setViewportSize({ width: who.width, height: who.height });
      const visitorErrors: string[] = [];
      wheel.on('pageerror', (e) => visitorErrors.push(String(e)));
      await wheel.goto(publicUrl);
      await wheel.getByRole('heading', { name: NAME }).waitFor({ timeout: 30_000 });
      // Before identifying: no prize names on the wheel, no Girar.
      expect(await wheel.getByRole('img', { name: /^Roleta de prêmios/ }).getAttribute('aria-label')).toBe('Roleta de prêmios: identifique-se para ver os seus prêmios');
      expect(await wheel.getByRole('button', { name: 'Girar a roleta' }).count()).toBe(0);
      expect(await overflow(wheel), `${who.width} px before identifying`).toBeLessThanOrEqual(0);
      await wheel.getByLabel(/^Nome/).fill(who.nome);
      await wheel.getByLabel(/^Telefone/).fill(who.telefone);
      await wheel.getByLabel(/^CPF/).fill(who.cpf);
      await wheel.getByRole('button', { name: 'Ver a minha roleta' }).click();
      await wheel.getByRole('button', { name: 'Girar a roleta' }).waitFor({ timeout: 30_000 });
      // The wheel shown is the one played: the non-customers' prizes, before the spin.
      expect(await wheel.getByRole('img', { name: /^Roleta de prêmios/ }).getAttribute('aria-label')).toBe('Roleta de prêmios: Visitante 1, Visitante 2, Visitante 3, Visitante 4');
      expect(await overflow(wheel), `${who.width} px before the spin`).toBeLessThanOrEqual(0);
      await wheel.getByRole('button', { name: 'Girar a roleta' }).click();
      const coupon = wheel.getByText(/^CUPOM-[0-9A-Z]{10}$/);
      await coupon.waitFor({ timeout: 30_000 });
      await wheel.getByText(/Visitante \d/).first().waitFor({ timeout: 15_000 });
      // The turned wheel (its square's corners) widened a 390 px page to 448 px: no more.
      expect(await overflow(wheel), `${who.width} px after the spin`).toBeLessThanOrEqual(0);
      if (who.width >= 1024) {
        // At desktop width the title, the result card and the wheel do not overlap.
        const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
        // The disc (the turning picture's unturned parent: a turned square's box is wider than what shows).
        const wheelBox = await box(wheel.getByRole('img', { name: /^Roleta de prêmios/ }).locator('xpath=..'));
        const card = await box(wheel.getByRole('heading', { name: 'Parabéns!' }).locator('xpath=ancestor::*[contains(@class,"MuiPaper-root")][1]'));
        const title = await box(wheel.getByRole('heading', { name: NAME }));
        const apart = (a: typeof card, b: typeof card) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart(wheelBox, card), JSON.stringify({ wheelBox, card })).toBe(true);
        expect(apart(wheelBox, title), JSON.stringify({ wheelBox, title })).toBe(true);
      }
      await wheel.screenshot({ path: `test-results/e2e/roulette-04-public-${who.width}.png`, fullPage: true });
      expect(visitorErrors).toEqual([]);
    }

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
    // The participations counted apart; the manager marks a prize delivered on its row.
    const summary = page.getByRole('list', { name: 'Resumo das participações' });
    await summary.getByText(`Prêmios ganhos: ${VISITORS.length}`).waitFor({ timeout: 30_000 });
    await summary.getByText('Sem prêmio: 0').waitFor({ timeout: 15_000 });
    await page.getByRole('row', { name: new RegExp(VISITOR) }).getByRole('button', { name: 'Marcar como entregue' }).click();
    await page.getByText('Prêmio marcado como entregue.').first().waitFor({ timeout: 30_000 });
    await summary.getByText('Entregues: 1').waitFor({ timeout: 30_000 });
    await screenshot(page, 'roulette-05-report');

    // The raffle draws them (the only participant), then Sortear Novamente.
    await page.goto(`${server.url}/marketing/roulette/raffle/${campaign.id}`);
    const draw = page.getByRole('button', { name: 'Sortear', exact: true });
    await draw.waitFor({ timeout: 30_000 });
    expect(await draw.isDisabled()).toBe(true);
    await choose(page, 'Público', 'Todos');
    await choose(page, 'Prêmio', 'Todos');
    await draw.click();
    await page.getByRole('status', { name: 'Participante sorteado' }).getByText(/Visitante/).waitFor({ timeout: 30_000 });
    for (let n = 2; n <= VISITORS.length; n++) {
      await page.getByRole('button', { name: 'Sortear Novamente' }).click();
      await page.getByRole('row').nth(n).waitFor({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'Sortear Novamente' }).click();
    await page.getByText('Não há participantes correspondentes.').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'roulette-06-raffle');
    // The confetti of the draws ran on the page's thread: no worker refused by the CSP, no page error.
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);

    // The reveal closes the campaign; the audit page confirms the spin and the draw.
    await page.getByRole('button', { name: 'Encerrar e revelar semente' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Encerrar e revelar semente' }).click();
    await page.getByText('Semente revelada. A campanha está encerrada.').first().waitFor({ timeout: 30_000 });
    const audit = await visitor.newPage();
    await audit.goto(`${publicUrl}/auditoria`);
    await audit.getByText('Semente confere com o compromisso publicado').waitFor({ timeout: 30_000 });
    await audit.getByText('3 de 3 giros conferem').waitFor({ timeout: 30_000 });
    await audit.getByText('3 de 3 sorteios conferem').waitFor({ timeout: 30_000 });
    await audit.screenshot({ path: 'test-results/e2e/roulette-07-audit.png', fullPage: true });
    expect(errors).toEqual([]);
    await visitor.close();
    await page.context().close();
  });
});
