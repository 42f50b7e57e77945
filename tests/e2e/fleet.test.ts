// The fleet end to end in headless Chromium against the started product (SEED_DEMO): Bitcom's demo
// fleet manager (gestor.frota@bitcom.com.br) opens the fleet home and its figures, finds a fine whose
// driver is named, opens its responsibility term from the row action, downloads it as a PDF (read back
// with pdf.js) and prints it (print media shows the term alone). Screenshots in test-results/e2e/fleet-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { launchBrowser, openPage, signIn, screenshotFromTop as screenshot } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const FLEET_MANAGER = { email: 'gestor.frota@bitcom.com.br', password: 'Intranet#Demo2026' };

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

async function pdfText(path: string) {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), verbosity: 0 }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) text += (await (await doc.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  return text.replace(/\s+/g, ' ');
}

describe('fleet', () => {
  it('the fleet manager opens the fleet home, then prints and downloads a fine’s responsibility term', async () => {
    const { page, errors } = await openPage(browser);
    await signIn(page, server.url, FLEET_MANAGER);
    await page.goto(`${server.url}/fleet/home`);
    await page.getByRole('region', { name: 'Multas a pagar' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Motoristas', exact: true }).waitFor();
    await screenshot(page, 'fleet-01-home');

    await page.getByRole('link', { name: 'Multas', exact: true }).click();
    await page.waitForURL(/\/fleet\/fines\/list/, { timeout: 30_000 });
    const term = page.getByRole('link', { name: 'Termo de responsabilidade' }).first();
    await term.waitFor({ timeout: 30_000 });
    await screenshot(page, 'fleet-02-fines');
    await term.click();
    await page.waitForURL(/\/fleet\/fines\/term\/\d+\/\d+\/[A-Z0-9-]+$/, { timeout: 30_000 });
    const document = page.locator('#fine-term');
    await document.getByText('TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO').waitFor({ timeout: 30_000 });
    const shown = (await document.innerText()).replace(/\s+/g, ' ');
    expect(shown).toMatch(/Eu, .+, portador\(a\) da CNH nº \d{11}/);
    expect(shown).toContain('Gestor(a) da frota');
    await screenshot(page, 'fleet-03-term');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^termo-multa-\d+-[A-Z0-9]+\.pdf$/);
    const text = await pdfText((await download.path())!);
    expect(text).toContain('TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO');
    // The PDF says what the page says: the driver's declaration, word for word.
    const declaration = /Eu, .+? \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/.exec(shown)![0];
    expect(text).toContain(declaration);
    await page.getByText('Termo baixado com sucesso!').waitFor();

    // Printing shows the term alone: the shell's header is hidden, the term is not.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').first().isVisible()).toBe(false);
    expect(await document.isVisible()).toBe(true);
    await screenshot(page, 'fleet-04-term-print');
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });
});
