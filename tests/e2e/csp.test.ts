// The Content-Security-Policy in a real Chromium: the sign-in page, signed-in screens (a list, the
// rich-text editor, contacts with their pictures, the live notifications over a websocket) and the API
// docs run without a single violation, and the page's response carries the security headers. A
// script injected inline is refused, which shows the violations are being watched.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, signIn, watchCsp } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page whose CSP violations (the DOM event and Chromium's console report) and errors are collected. */
async function watchedPage() {
  const { page, errors } = await openPage(browser);
  const violations = await watchCsp(page);
  const seen = () => [...violations];
  return { page, errors, seen };
}

function expectHeaders(headers: Record<string, string>) {
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toMatch(/(^|;\s*)script-src 'self'(;|$)/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

const main = (page: Page) => page.locator('#main-content');

describe('Content-Security-Policy in the browser', () => {
  it('the sign-in page and signed-in screens run without a violation', async () => {
    const { page, errors, seen } = await watchedPage();
    const response = await page.goto(`${server.url}/intranet`);
    expect(response?.status()).toBe(200);
    expectHeaders(response!.headers());
    await page.getByLabel('E-mail').waitFor({ state: 'visible', timeout: 30_000 });
    expect(await seen()).toEqual([]);

    // The notifications come over graphql-ws (connect-src): the server acknowledges the connection.
    const acknowledged = page.waitForEvent('websocket', { timeout: 60_000 }).then((ws) =>
      ws.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('connection_ack'), timeout: 60_000 }),
    );
    await signIn(page, server.url, ADMIN);
    await main(page).waitFor({ state: 'visible', timeout: 30_000 });
    await acknowledged;

    // The first generated list this browser opens (its chunk and the register's first page): it took
    // more than 30 s once in CI on a loaded 2-core machine, 2 s here.
    await page.goto(`${server.url}/departments`);
    await main(page).getByText('Recursos Humanos').first().waitFor({ timeout: 60_000 });
    await page.goto(`${server.url}/human-resources/content/register`);
    const editor = page.getByRole('textbox', { name: /^Texto/ });
    await editor.click();
    await page.keyboard.type('Boas-vindas ');
    await page.getByRole('button', { name: 'Negrito' }).dispatchEvent('mousedown');
    await page.keyboard.type('em negrito');
    await page.waitForFunction(() => Boolean(document.querySelector('[role="textbox"][contenteditable] b')));
    await page.goto(`${server.url}/contacts/list`);
    await main(page).getByText(/\S/).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'csp-contacts');

    expect(await seen()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the API docs (swagger-ui) run under the same policy', async () => {
    const { page, errors, seen } = await watchedPage();
    const response = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expectHeaders(response!.headers());
    await page.locator('.opblock-tag').first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.opblock-tag').first().click();
    await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(await seen()).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an inline script is refused (and reported)', async () => {
    const { page, seen } = await watchedPage();
    await page.goto(`${server.url}/intranet`);
    await page.getByLabel('E-mail').waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = true';
      document.head.appendChild(script);
    });
    await expect.poll(seen, { timeout: 10_000 }).not.toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __inline?: boolean }).__inline)).toBeUndefined();
    expect((await seen()).join('\n')).toMatch(/script-src/);
    await page.context().close();
  });
});
