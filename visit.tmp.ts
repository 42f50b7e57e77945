import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3100';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await (await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } })).newPage();
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`${base}/intranet`);
await page.getByLabel('E-mail', { exact: true }).fill(process.env.WHO ?? 'admin@intranet.local');
await page.getByLabel('Senha', { exact: true }).fill(process.env.PASS ?? 'Intranet#Admin2026');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/intranet'), { timeout: 60000 });
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const bad = /não está disponível|Ops!|Acesso negado|Dados não encontrados/.test(text);
  console.log(`${bad ? 'BAD ' : 'ok  '} ${p} -> ${new URL(page.url()).pathname} :: ${text.slice(0, 160)}`);
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/shots/${p.replace(/\W+/g, '_')}.png`, fullPage: true });
}
console.log('errors', errors);
await browser.close();
