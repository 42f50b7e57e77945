// Smoke test of the started product in a real headless Chromium: the OpenAPI page and document, and the
// admin's first paint. Screenshots land in test-results/e2e/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './helpers/browser.js';
import { ROOT, startServer, type RunningServer } from './helpers/server.js';

interface ResourceInfo {
  resource: string;
  plural: string;
  /** Written only by the server or its feature (internal tables, the outbox): no POST in the API document. */
  systemWritten: boolean;
}

/** Every entity schema's resource name and plural label, read from schemas/<area>/<resource>.json. */
function resources(): ResourceInfo[] {
  const dir = join(ROOT, 'schemas');
  const found: ResourceInfo[] = [];
  for (const area of readdirSync(dir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const file of readdirSync(join(dir, area.name))) {
      if (!file.endsWith('.json')) continue;
      const schema = JSON.parse(readFileSync(join(dir, area.name, file), 'utf8'));
      const block = schema['x-intranet'];
      const readOnly = Object.values(schema.properties ?? {}).every((p) => (p as { readOnly?: boolean }).readOnly);
      if (block?.resource) found.push({ resource: block.resource, plural: block.labels?.plural ?? block.resource, systemWritten: block.internal === true || readOnly });
    }
  }
  return found;
}

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('OpenAPI', () => {
  it('/docs/json is an OpenAPI 3 document with a path per resource', async () => {
    const response = await fetch(`${server.url}/docs/json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info?.title).toBeTruthy();
    const list = resources();
    expect(list.map((r) => r.resource)).toContain('departments');
    for (const { resource, systemWritten } of list) {
      expect(Object.keys(doc.paths), resource).toEqual(expect.arrayContaining([`/api/${resource}`, `/api/${resource}/{id}`]));
      expect(Object.keys(doc.paths[`/api/${resource}`])).toEqual(expect.arrayContaining(systemWritten ? ['get'] : ['get', 'post']));
      if (systemWritten) expect(Object.keys(doc.paths[`/api/${resource}`]), resource).not.toContain('post');
    }
  });

  it('/docs renders in the browser and lists the resources', async () => {
    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${server.url}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.locator('.opblock-tag').first().waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(page, 'docs');
    // Swagger UI draws the operations as they scroll into view: scroll down and collect what is shown.
    const plurals = resources().map((r) => r.plural);
    let text = '';
    for (let i = 0; i < 200 && !plurals.every((p) => text.includes(p)); i++) {
      text += await page.locator('body').innerText();
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(100);
    }
    for (const plural of plurals) expect(text, plural).toContain(plural);
    expect(text).toContain('/api/departments');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

// The admin's source is index.html at the root (Vite); until it exists there is no admin to load.
const hasAdmin = existsSync(join(ROOT, 'index.html'));

describe.skipIf(!hasAdmin)('admin', () => {
  it('the root page loads and the React app mounts', async () => {
    expect(existsSync(join(ROOT, 'dist', 'index.html')), 'dist/index.html is missing: run `npm run build` first').toBe(true);
    const source = readFileSync(join(ROOT, 'index.html'), 'utf8');
    const mountId = /<div[^>]*\bid="([^"]+)"/.exec(source)?.[1] ?? 'root';

    const plain = await fetch(`${server.url}/`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/text\/html/);

    const { page, errors } = await openPage(browser);
    const response = await page.goto(`${server.url}/`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForFunction((id) => (document.getElementById(id)?.childElementCount ?? 0) > 0, mountId, { timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await screenshot(page, 'admin-root');
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^pt-BR$/i);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
