// Identity, roles and the shell in a real headless Chromium against the started product: the
// superadmin creates a user on the Users screen, the temporary password is read from the outbox,
// the new user sets their password at first access and sees only their menus, a notification sent
// to them appears in the bell without reloading, and the forgotten-password flow works with the code
// e-mailed to the outbox. Screenshots land in test-results/e2e/auth-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './helpers/browser.js';
import { startServer, type RunningServer } from './helpers/server.js';

const ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
const NEW_USER = { email: 'paula.pessoa@bitcom.com.br', nome: 'Paula Pessoa' };
const FIRST_PASSWORD = 'Bitcom#Paula2026';
const RESET_PASSWORD = 'Bitcom#Nova2026x';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let userId: number;
let userPage: Page;
const errors: string[] = [];

async function api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function lastMail(email: string): Promise<string> {
  const query = new URLSearchParams({ filter: JSON.stringify({ q: email }), sort: '["id","DESC"]', range: '[0,9]' });
  const { status, json } = await api<{ para: string; texto: string }[]>('GET', `/api/outbox?${query}`);
  expect(status).toBe(200);
  const mail = json.find((m) => m.para === email);
  expect(mail, `e-mail para ${email} na caixa de saída`).toBeTruthy();
  return mail!.texto;
}

async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Entrar' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

const sideMenu = (page: Page) => page.locator('.RaSidebar-fixed [role="menuitem"]').allInnerTexts();
const topMenu = (page: Page) => page.locator('nav[aria-label="Menu principal"] a[data-menu-item]').evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const login = await fetch(`${server.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  adminToken = (await login.json()).idToken;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in, first access and menus', () => {
  it('the superadmin signs in on /intranet and creates a user on the Users screen', async () => {
    const { page, errors: pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/users/list`);
    // Not signed in: the Login route.
    await page.waitForURL(/\/home\/login\/enter$/);
    await page.getByRole('form', { name: 'Entrar' }).waitFor();
    await screenshot(page, 'auth-01-login');

    await page.goto(`${server.url}/intranet`);
    await signIn(page, ADMIN.email, 'Senha#Errada1');
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha incorretos.' }).waitFor();
    await screenshot(page, 'auth-02-login-error');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByRole('heading', { name: 'Bem-vindo à Intranet' }).waitFor();
    expect(await page.title()).toBe('Intranet - Início');
    await screenshot(page, 'auth-03-home-superadmin');

    await page.getByRole('button', { name: 'Menu do perfil' }).click();
    await page.getByRole('menuitem', { name: 'Usuários' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await page.getByRole('link', { name: /NOVO USUÁRIO/ }).click();
    await page.waitForURL(/\/users\/register$/);
    const userForm = page.locator('form');
    await userForm.getByLabel(/^Nome/).fill(NEW_USER.nome);
    await userForm.getByLabel(/^E-mail/).fill(NEW_USER.email);
    await userForm.getByLabel(/^Funcionário/).check();
    const roles = userForm.getByLabel(/^Papéis/);
    for (const role of ['rh:leitor', 'user']) {
      await roles.fill(role);
      await roles.press('Enter');
    }
    await screenshot(page, 'auth-04-new-user-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // The users' own text: the temporary password went to the new user's address.
    await page.getByText(`Usuário cadastrado! Enviamos a senha temporária para ${NEW_USER.email}.`).first().waitFor();

    const found = await api<{ id: number; email: string; papeis: string[]; funcionario: boolean }[]>(
      'GET',
      `/api/users?${new URLSearchParams({ filter: JSON.stringify({ q: NEW_USER.email }) })}`,
    );
    const user = found.json.find((u) => u.email === NEW_USER.email)!;
    expect(user).toMatchObject({ papeis: ['rh:leitor', 'user'], funcionario: true });
    userId = user.id;

    // The admin home shows the registers as cards; the superadmin sees the outbox.
    await page.goto(`${server.url}/modulos/admin`);
    await page.getByRole('link', { name: /Caixa de saída/ }).waitFor();
    await screenshot(page, 'auth-05-admin-home');
    expect(pageErrors).toEqual([]);
    await page.context().close();
  });

  it('the new user signs in with the temporary password, sets theirs and sees only their menus', async () => {
    const temporary = /Senha temporária: (\S+)/.exec(await lastMail(NEW_USER.email))![1];
    const opened = await openPage(browser);
    userPage = opened.page;
    opened.page.on('pageerror', (e) => errors.push(String(e)));
    const page = userPage;
    // Any route of the app is served (the server answers index.html); an authenticated one sends a
    // visitor to the Login route.
    await page.goto(`${server.url}/modulos/admin`);
    await page.waitForURL(/\/home\/login\/enter$/);
    await signIn(page, NEW_USER.email, temporary);

    await page.waitForURL(/\/reset-password$/);
    const form = page.getByRole('form', { name: 'Definir nova senha' });
    await form.getByLabel('Nova senha').fill('fraca123');
    await form.getByLabel('Confirmar senha').fill('fraca123');
    await form.getByRole('button', { name: 'Salvar nova senha' }).click();
    await form.getByText('A senha precisa ter 1 caracter maíusculo, 1 minúsculo e 1 caracter especial. Com no mínimo 8 caracteres.').waitFor();
    await screenshot(page, 'auth-06-first-access');
    await form.getByLabel('Nova senha').fill(FIRST_PASSWORD);
    await form.getByLabel('Confirmar senha').fill(FIRST_PASSWORD);
    await form.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Bem-vindo à Intranet' }).waitFor();

    // A reader manages no module: no Administração (the cards menu's manager check); as an employee
    // they have Solicitações (/requests/home: asking the fleet for a vehicle).
    expect(await sideMenu(page)).toEqual(['Início', 'FAQ', 'Manual', 'Novidades', 'Solicitações', 'Vagas', 'Currículo']);
    const top = await topMenu(page);
    expect(top).toContain('Recursos Humanos');
    expect(top).not.toContain('Vendas');
    expect(top).not.toContain('Administração');
    expect(await page.getByRole('link', { name: 'Configurações' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Calendário' }).waitFor();
    await screenshot(page, 'auth-07-home-hr-reader');

    // A reader sees the departments but no add button; the users register is not theirs.
    await page.goto(`${server.url}/departments/list`);
    await page.getByRole('heading', { level: 1, name: 'Departamentos' }).waitFor();
    // No provider linked to them: the provider scope leaves the list empty.
    await page.getByText('Nenhum dado encontrado').waitFor();
    expect(await page.getByRole('link', { name: /NOVO DEPARTAMENTO/ }).count()).toBe(0);
    await screenshot(page, 'auth-08-departments-reader');
  });

  it('a notification sent to the user appears in the bell without reloading', async () => {
    const page = userPage;
    await page.getByRole('link', { name: 'Página inicial' }).click();
    await page.getByRole('heading', { name: 'Bem-vindo à Intranet' }).waitFor();
    const bell = page.getByRole('button', { name: /^Notificações \(\d+\)$/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notificações (0)');
    const sent = await api('POST', '/v1/notificacao/enviar', { data: { modulo: 'rh', msg: 'Bem-vinda, Paula! Conheça o manual do colaborador.' }, id_usuarios: [userId] });
    expect(sent.status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notificações (1)');
    await bell.click();
    const region = page.getByRole('region', { name: 'Notificações' });
    await region.getByText('Bem-vinda, Paula! Conheça o manual do colaborador.').waitFor();
    await region.getByText('Agora').waitFor();
    // Let the list's fade-in end before the picture.
    await page.waitForTimeout(600);
    await screenshot(page, 'auth-09-notification');
    await region.getByRole('button', { name: 'Marcar tudo como lido' }).click();
    await region.getByText('Nenhuma notificação').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Notificações \(\d+\)$/, includeHidden: true }).getAttribute('aria-label')).toBe('Notificações (0)');
    // Click away to close the list.
    await page.mouse.click(1000, 600);
    await region.waitFor({ state: 'detached' });

    // Narrow screens: fewer top-menu icons with arrows, no side menu at 500 px.
    await page.setViewportSize({ width: 700, height: 800 });
    await expect.poll(() => topMenu(page).then((t) => t.length)).toBe(4);
    await page.getByRole('button', { name: 'Próximos itens do menu' }).waitFor();
    await screenshot(page, 'auth-10-width-700');
    await page.setViewportSize({ width: 480, height: 800 });
    await expect.poll(() => topMenu(page).then((t) => t.length)).toBe(2);
    expect(await page.locator('.RaSidebar-fixed').count()).toBe(0);
    await screenshot(page, 'auth-11-width-480');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('signs out, and resets the forgotten password with the code from the outbox', async () => {
    const page = userPage;
    await page.getByRole('button', { name: 'Menu do perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('form', { name: 'Entrar' }).waitFor();
    // Nothing of the session is left; only which login this browser's last user signs in at.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['intranet.loginRoute']);

    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    const request = page.getByRole('form', { name: 'Solicitar código' });
    await request.getByLabel('E-mail').fill(NEW_USER.email);
    await request.getByRole('button', { name: 'Enviar código' }).click();
    const confirm = page.getByRole('form', { name: 'Confirmar código' });
    await confirm.waitFor();
    const code = /código de verificação é (\d{6})/.exec(await lastMail(NEW_USER.email))![1];
    await confirm.getByLabel('Código de verificação').fill('12');
    await confirm.getByLabel('Nova senha').fill(RESET_PASSWORD);
    await confirm.getByLabel('Confirmar senha').fill(RESET_PASSWORD);
    await confirm.getByRole('button', { name: 'Redefinir senha' }).click();
    await confirm.getByText('Utilize 6 digitos').waitFor();
    await screenshot(page, 'auth-12-forgot-code');
    await confirm.getByLabel('Código de verificação').fill(code);
    await confirm.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('Senha alterada com sucesso!').waitFor();
    await screenshot(page, 'auth-13-forgot-done');

    await page.getByRole('link', { name: 'Entrar' }).last().click();
    await signIn(page, NEW_USER.email, RESET_PASSWORD);
    await page.getByRole('heading', { name: 'Bem-vindo à Intranet' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
