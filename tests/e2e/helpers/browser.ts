// Debian's headless Chromium through playwright-core, and screenshots into test-results/e2e/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { ROOT } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOTS_DIR = join(ROOT, 'test-results', 'e2e');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page with the product's locale, a desktop viewport, and its uncaught errors collected. */
export async function openPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error?.stack ?? error)));
  // What the page did, told when its test fails: the navigations, its console, the answers >= 400 and the
  // requests that did not finish (a failure under load says little without them).
  const trail: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('framenavigated', (frame) => frame === page.mainFrame() && trail.push(`${at()} navigated ${frame.url()}`));
  page.on('console', (message) => trail.push(`${at()} console.${message.type()} ${message.text().slice(0, 300)}`));
  page.on('response', (r) => r.status() >= 400 && trail.push(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('requestfailed', (r) => trail.push(`${at()} failed ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  try {
    onTestFailed(() => {
      console.error(`page trail (last 60 of ${trail.length}):\n${trail.slice(-60).join('\n')}`);
    });
  } catch {
    // outside a test (a hook): no trail to tell
  }
  return { page, errors };
}

/**
 * Collects the page's Content-Security-Policy violations, as the DOM event and as Chromium's console
 * reports them, on every document the page loads (an init script is run by the browser itself, not
 * subject to the page's policy). Answers the list, filled as they happen.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

/** Saves a full-page screenshot as test-results/e2e/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const path = join(SCREENSHOTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Signs in through a login page (the staff's /intranet by default, or the candidates'
 * /home/login/enter) as a user would, and waits to be let in.
 */
export async function signIn(page: Page, baseUrl: string, user: { email: string; password: string }, entry = '/intranet') {
  await page.goto(`${baseUrl}${entry}`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Senha', { exact: true }).fill(user.password);
  // The signed-in app checks the session with the server (GET /v1/auth/me, SessionGuard, 200 ms after it loads).
  // A test that went to another address at once cut that check short, and on a loaded machine the next page once
  // came up signed out (no session in its storage: the sign-in's write had not reached it): the page is left once
  // the check has answered (or after 10 s, for an entry whose screens make none).
  const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/me', { timeout: 10_000 }).catch(() => null);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith(entry), { timeout: 30_000 });
  await checked;
}

/** A full-page screenshot from the top (the app bar is fixed: a scrolled page would draw it mid-page). */
export async function screenshotFromTop(page: Page, name: string): Promise<string> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.move(0, 0);
  return screenshot(page, name);
}

/** Picks an option of a select (a combobox) by its exact text. */
export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
