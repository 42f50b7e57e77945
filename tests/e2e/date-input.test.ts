// The forms' date input in a real Chromium whose language is English (where the browser's own date
// input would read mm/dd/yyyy): the demo candidate adds a certificate from /resume/list typing the
// date DD/MM/YYYY with the keyboard, opens the calendar button's picker, saves and is back on their
// resume; a resume form opened by its address goes back there too. Screenshots in
// test-results/e2e/date-input-*.png.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const PASSWORD = 'Intranet#Demo2026';
const CANDIDATE = 'candidato@email.com';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page of an English-speaking browser, its uncaught errors collected. */
async function englishPage() {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  return { page, errors };
}

describe('date input in an English-speaking browser', () => {
  it('a candidate types the date DD/MM/YYYY, opens the picker, saves and is back on /resume/list', async () => {
    const { page, errors } = await englishPage();
    await signIn(page, server.url, { email: CANDIDATE, password: PASSWORD }, '/home/login/enter');
    await page.goto(`${server.url}/resume/list`);
    await page.getByRole('link', { name: /ADICIONAR CERTIFICADO/ }).click();
    await page.waitForURL('**/resume/certificate/register');
    await page.getByRole('textbox', { name: /^Certificado/ }).fill('Fibra óptica');
    await page.getByRole('textbox', { name: /^Organização emissora/ }).fill('Furukawa');
    const issued = page.getByRole('textbox', { name: /^Data de emissão/ });
    expect(await issued.getAttribute('placeholder')).toBe('DD/MM/AAAA');
    // An impossible day first: the message, as typed.
    await issued.pressSequentially('31022024');
    expect(await issued.inputValue()).toBe('31/02/2024');
    await page.getByText('Data inválida', { exact: true }).waitFor();
    await issued.fill('');
    await issued.pressSequentially('15032024');
    expect(await issued.inputValue()).toBe('15/03/2024');
    await page.getByText('Data inválida', { exact: true }).waitFor({ state: 'detached' });

    // The calendar button opens the browser's picker: Chromium's showPicker() accepts the visually
    // hidden date input (it refuses inputs that are not rendered) after the button's click.
    await page.evaluate(() => {
      const original = HTMLInputElement.prototype.showPicker;
      const calls: string[] = [];
      (window as unknown as { pickerCalls: string[] }).pickerCalls = calls;
      HTMLInputElement.prototype.showPicker = function showPicker(this: HTMLInputElement) {
        try {
          original.call(this);
          calls.push(`ok:${this.type}:${this.value}`);
        } catch (error) {
          calls.push(`error:${(error as Error).name}`);
          throw error;
        }
      };
    });
    const calendar = page.getByRole('button', { name: 'Abrir calendário' }).first();
    await calendar.click();
    expect(await page.evaluate(() => (window as unknown as { pickerCalls: string[] }).pickerCalls)).toEqual(['ok:date:2024-03-15']);
    await screenshot(page, 'date-input-picker');
    await page.keyboard.press('Escape');
    expect(await issued.inputValue()).toBe('15/03/2024');
    await screenshot(page, 'date-input-typed');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL('**/resume/list');
    await page.getByText('Emitido em 15/03/2024').waitFor();
    await screenshot(page, 'date-input-saved');
    expect(errors.filter((e) => /showPicker|NotAllowed|NotSupported/.test(e))).toEqual([]);
  });

  it('a resume form opened by its address goes back to /resume/list', async () => {
    const { page } = await englishPage();
    await signIn(page, server.url, { email: CANDIDATE, password: PASSWORD }, '/home/login/enter');
    await page.goto(`${server.url}/resume/experience/register`);
    await page.getByRole('textbox', { name: /^Empresa/ }).waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL('**/resume/list');
    await page.getByRole('region', { name: 'Experiência' }).waitFor();
  });
});
