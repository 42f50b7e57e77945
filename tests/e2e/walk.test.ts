// A newcomer's walk through every path in headless Chromium, as each demo user: every area of the
// route map not built yet (PLANNED_AREAS), every resource's name and base path as a path of its own
// (/onboardings, /microregions, /human-resources/content, ...), a path under each resource that no
// screen has (two users: see pathsOf), and every bespoke page (a path parameter given as 1). No path may leave the content
// area blank, none may open a screen whose calls the server then refuses (403: the access-denied page
// must come instead, before any call; this is how a bespoke screen used to answer a missing right with
// "Erro ao carregar ..."), and no page may throw. Navigation happens inside the running app (history.pushState, as
// a link does), so the walk costs one sign-in per user. Screenshots of failures in test-results/e2e/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { PLANNED_AREAS } from '../../src/admin/core/plannedRoutes.js';
import { launchBrowser, openPage, screenshot, signIn } from './helpers/browser.js';
import { ROOT, startServer, type RunningServer } from './helpers/server.js';

const DEMO_PASSWORD = 'Intranet#Demo2026';
const USERS = [
  { email: 'admin@intranet.local', password: 'Intranet#Admin2026' },
  { email: 'gestor.rh@bitcom.com.br', password: DEMO_PASSWORD },
  { email: 'leitor.rh@bitcom.com.br', password: DEMO_PASSWORD },
  { email: 'solicitante@razaoinfo.com.br', password: DEMO_PASSWORD },
  { email: 'gestor.vendas@vetorial.net', password: DEMO_PASSWORD },
  { email: 'vendedor@vetorial.net', password: DEMO_PASSWORD },
  { email: 'leitor.marketing@razaoinfo.com.br', password: DEMO_PASSWORD },
  { email: 'funcionario@bitcom.com.br', password: DEMO_PASSWORD },
  { email: 'candidato@email.com', password: DEMO_PASSWORD },
];

/** Every schema's resource name and route base. */
function resourcePaths(): string[] {
  const dir = join(ROOT, 'schemas');
  const paths: string[] = [];
  for (const area of readdirSync(dir, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    for (const file of readdirSync(join(dir, area.name))) {
      if (!file.endsWith('.json')) continue;
      const block = JSON.parse(readFileSync(join(dir, area.name, file), 'utf8'))['x-intranet'];
      if (!block?.resource) continue;
      paths.push(`/${block.resource}`, `/${block.resource}/sem-tela/1`);
      if (block.path) paths.push(block.path);
      for (const alias of block.aliases ?? []) paths.push(alias.path);
    }
  }
  return paths;
}

/** The bespoke pages drawn in the layout (custom-pages/<feature>/index.tsx), parameters given as 1. */
function customPagePaths(): string[] {
  const dir = join(ROOT, 'custom-pages');
  const paths: string[] = [];
  for (const feature of readdirSync(dir, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    let source: string;
    try {
      source = readFileSync(join(dir, feature.name, 'index.tsx'), 'utf8');
    } catch {
      continue;
    }
    // Each page entry runs from its `path:` to the next one (or the end of the list).
    const entries = source.split(/(?=\bpath:\s*')/).slice(1);
    for (const entry of entries) {
      const path = /^path:\s*'([^']+)'/.exec(entry)?.[1];
      if (!path || /noLayout:\s*true/.test(entry.split('];')[0])) continue;
      paths.push(path.replace(/:[A-Za-z]+/g, '1'));
    }
  }
  return paths;
}

const PATHS = [...new Set([...PLANNED_AREAS.map((a) => a.prefix), ...resourcePaths(), ...customPagePaths()])];

/**
 * The paths under a resource that no screen has (/<resource>/sem-tela/1) answer the same for every user
 * who may open the resource (its not-found screen) and for every user who may not (the access-denied page):
 * the superadmin walks them (every resource open) and so does the employee with the fewest rights
 * (almost every resource closed); the other users walk the rest, a fifth fewer paths each.
 */
const UNSCREENED = /\/sem-tela\/1$/;
const WALKS_UNSCREENED = new Set(['admin@intranet.local', 'funcionario@bitcom.com.br']);
const pathsOf = (email: string) => (WALKS_UNSCREENED.has(email) ? PATHS : PATHS.filter((path) => !UNSCREENED.test(path)));

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Requests under way (the app's API calls and the screens' code chunks), and the calls the server refused (403). */
function trackRequests(page: Page) {
  let inFlight = 0;
  const refused: string[] = [];
  const isCall = (type: string) => type === 'fetch' || type === 'xhr' || type === 'script';
  page.on('request', (r) => isCall(r.resourceType()) && inFlight++);
  page.on('requestfinished', (r) => isCall(r.resourceType()) && inFlight--);
  page.on('requestfailed', (r) => isCall(r.resourceType()) && inFlight--);
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return { inFlight: () => inFlight, refused };
}

/**
 * The content area's text once the screen has settled: something drawn, no request under way and no
 * loading indicator, twice in a row. After 15 s the text as it is, not settled (blank, or a load that
 * never ends: a screen retrying a refused call, a spinner left on).
 */
async function settledContent(page: Page, inFlight: () => number): Promise<{ text: string; settled: boolean }> {
  let quiet = 0;
  let text = '';
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const state = await page.evaluate(() => {
      const main = document.querySelector('#main-content') as HTMLElement | null;
      return {
        text: main?.innerText.trim() ?? '',
        // A progress bar with a value (the onboarding reader's completion) is a figure, not a load under way.
        loading: Boolean(document.querySelector('#main-content [role="progressbar"]:not([aria-valuenow]), #main-content .RaLoading-root')),
      };
    });
    text = state.text;
    const settled = text !== '' && inFlight() === 0 && !state.loading && !/^Carregando/.test(text);
    quiet = settled ? quiet + 1 : 0;
    if (quiet >= 2) return { text, settled: true };
    await page.waitForTimeout(100);
  }
  return { text, settled: false };
}

describe('every path, as every demo user', () => {
  it('lists the paths it walks', () => {
    expect(PATHS).toEqual(expect.arrayContaining(['/onboardings', '/microregions', '/microrregions', '/fleet/home', '/requests/home', '/human-resources/onboarding/report']));
    expect(PATHS.length).toBeGreaterThan(80);
    expect(PATHS.filter((path) => UNSCREENED.test(path)).length).toBeGreaterThan(30);
    expect(USERS.filter((user) => WALKS_UNSCREENED.has(user.email))).toHaveLength(WALKS_UNSCREENED.size);
  });

  // Four users walk at once (each in a context of its own): the walk waits mostly on the screens
  // settling, not on the processor (a third of the two cores busy with three walkers), so this cuts its
  // time without crowding a 2-core machine (three walkers 256 s, five 228 s; a server per walker gained nothing).
  const slot = slots(4);
  for (const user of USERS) {
    it.concurrent(`${user.email}: no blank content area, no "Erro ao carregar", no page error`, async ({ expect }) => {
      const release = await slot();
      try {
        await walk(user, expect);
      } finally {
        release();
      }
    }, 1_200_000);
  }
});

/** At most `n` holders at once; the others wait their turn in order. */
function slots(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return async () => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    return release;
  };
}

/** One user's walk through every path (the test's own expect: the walks run concurrently). */
async function walk(user: { email: string; password: string }, expect: ExpectStatic) {
  const { page, errors } = await openPage(browser);
  const { inFlight, refused } = trackRequests(page);
  // Every "Erro ao carregar ..." the page shows (toasts included), as it appears.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __loadErrors: string[] }).__loadErrors = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          const text = node.textContent ?? '';
          if (/Erro ao carregar/.test(text)) seen.push(text.trim());
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, server.url, user);
  await page.locator('#main-content').waitFor();

  const problems: string[] = [];
  for (const path of pathsOf(user.email)) {
    // The router's own history entry (its idx and key), as a link would push it.
    await page.evaluate((target) => {
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, path);
    const { text, settled } = await settledContent(page, inFlight);
    const loadErrors = await page.evaluate(() => (window as unknown as { __loadErrors: string[] }).__loadErrors.splice(0));
    const where = `${path} -> ${new URL(page.url()).pathname}`;
    const before = problems.length;
    if (!text) problems.push(`${where}: blank content area`);
    else if (!settled) problems.push(`${where}: still loading after 15 s`);
    // A screen opened to someone whose right the server then refuses: the screen should have been
    // the access-denied page (a record outside the user's providers is a 404, and its load error
    // is the spec's own message for it).
    const refusedHere = refused.splice(0);
    if (refusedHere.length) problems.push(`${where}: the server refused ${refusedHere.join(', ')}${loadErrors.length ? ` (${loadErrors.join(' | ')})` : ''}`);
    if (errors.length) problems.push(`${where}: ${errors.splice(0).join(' | ')}`);
    if (problems.length > before) await screenshot(page, `walk-${user.email}-${path}`);
  }
  await page.context().close();
  expect(problems).toEqual([]);
}
