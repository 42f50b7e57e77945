// Sign-in in the browser against the real server: the authentication check sends a visitor to the
// Login route, the spec's sign-in errors as the server answers them, client-side field checks, a
// successful sign-in storing the session, and sign-out clearing it.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { getSession, SESSION_KEY } from '../../src/admin/core/session.js';
import { accountThrottleKey } from '../../src/server/auth/identity.js';
import { renderAdmin, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
  await ui.createUser({ email: 'ana@bitcom.com.br', nome: 'Ana Analista', papeis: ['rh:leitor', 'user'], funcionario: true });
  const disabled = await ui.createUser({ email: 'desligado@bitcom.com.br', nome: 'Davi Desligado', papeis: ['user'], funcionario: true });
  expect((await ui.api('PUT', `/api/users/${disabled}`, { ativo: false })).status).toBe(200);
  await ui.createUser({ email: 'bloqueado@bitcom.com.br', nome: 'Bruno Bloqueado', papeis: ['user'], funcionario: true });
  await ui.createUser({ email: 'redefinir@bitcom.com.br', nome: 'Regina Redefinir', papeis: ['user'], funcionario: true });
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

const form = () => screen.getByRole('form', { name: 'Entrar' });

async function fill(email: string, password: string) {
  const f = await screen.findByRole('form', { name: 'Entrar' });
  fireEvent.change(within(f).getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(within(f).getByLabelText('Senha'), { target: { value: password } });
  fireEvent.click(within(f).getByRole('button', { name: 'Entrar' }));
}

describe('sign-in', () => {
  it('sends a visitor of an authenticated route to the Login route, with the public header', async () => {
    localStorage.setItem('intranet.user', 'antigo');
    renderAdmin(ui.baseUrl, '/departments/list');
    // The file's first render loads the admin's modules: slow on a loaded machine.
    expect(await screen.findByRole('form', { name: 'Entrar' }, { timeout: 60_000 })).toBeTruthy();
    // The logged-out header: the three brands, 'Entrar' and 'Cadastre-se'.
    const header = screen.getAllByRole('banner')[0];
    for (const brand of ['Bitcom', 'RazãoInfo', 'Vetorial']) expect(within(header).getAllByRole('img', { name: brand }).length).toBeGreaterThan(0);
    expect(within(header).getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe('/home/login/enter');
    expect(within(header).getByRole('link', { name: 'Cadastre-se' }).getAttribute('href')).toBe('/home/login/register');
    // The stored user is removed.
    await waitFor(() => expect(localStorage.getItem('intranet.user')).toBeNull());
    await waitFor(() => expect(document.title).toBe('Intranet - Entrar'));
  });

  it('checks the fields before calling the server', async () => {
    renderAdmin(ui.baseUrl, '/home/login/enter');
    await fill('', '');
    expect(await within(form()).findAllByText(MSG.required)).toHaveLength(2);
    await fill('ana@', 'x');
    expect(await within(form()).findByText(MSG.email)).toBeTruthy();
  });

  it("shows the server's text for a wrong password and for a disabled user", async () => {
    renderAdmin(ui.baseUrl, '/intranet');
    await fill('ana@bitcom.com.br', 'Senha#Errada1');
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MSG.wrongCredentials);
    expect(getSession()).toBeNull();
    await fill('desligado@bitcom.com.br', TEST_PASSWORD);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.disabled));
    // An unknown e-mail answers like a wrong password.
    await fill('ninguem@bitcom.com.br', TEST_PASSWORD);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.wrongCredentials));
  });

  it('says when the password attempts are exceeded', async () => {
    // The fifth wrong password locks the account (1 s at first, doubling after each further one).
    const email = 'bloqueado@bitcom.com.br';
    for (let failures = 0; failures < 5; failures++) {
      const r = await fetch(`${ui.baseUrl}/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: `Errada#${failures}xY` }),
      });
      expect(r.status).toBe(401);
    }
    // The lock just set is kept running while the screen signs in, however slow the machine.
    const held = await ui.server.db.query(`UPDATE auth.limite SET bloqueado_ate = now() + interval '10 minutes' WHERE chave = $1 AND bloqueado_ate IS NOT NULL`, [accountThrottleKey(email)]);
    expect(held.rowCount).toBe(1);
    renderAdmin(ui.baseUrl, '/home/login/enter');
    await fill(email, TEST_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MSG.attemptsExceeded);
  });

  it('signs in, keeps the session in localStorage, and signs out clearing it', async () => {
    renderAdmin(ui.baseUrl, '/home/login/enter');
    await fill('ana@bitcom.com.br', TEST_PASSWORD);
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    expect(stored.user).toMatchObject({ email: 'ana@bitcom.com.br', nome: 'Ana Analista', roles: ['rh:leitor', 'user'], employee: 'true' });
    expect(stored.token).toBeTruthy();
    expect(stored.refreshToken).toBeTruthy();
    // The title is set by an effect of the home page, which may run after its heading shows.
    await waitFor(() => expect(document.title).toBe('Intranet - Início'));

    fireEvent.click(screen.getByRole('button', { name: 'Menu do perfil' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    // A staff member signs in again at the staff login, not the candidates'.
    expect(await screen.findByRole('heading', { name: 'Acesso à Intranet' })).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    // The refresh token was revoked on the server.
    const refresh = await fetch(`${ui.baseUrl}/v1/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });

  it("leads an account that must reset its password ('Necessário redefinir a senha.') to the forgotten-password flow", async () => {
    const email = 'redefinir@bitcom.com.br';
    expect((await ui.api('POST', '/v1/auth/require-password-reset', { email })).status).toBe(200);
    renderAdmin(ui.baseUrl, '/home/login/enter');
    await fill(email, TEST_PASSWORD);
    const request = await screen.findByRole('form', { name: 'Solicitar código' });
    expect(within(request).getByText(new RegExp(AUTH_MSG.resetRequired.replace('.', '\\.')))).toBeTruthy();
    expect((within(request).getByLabelText('E-mail') as HTMLInputElement).value).toBe(email);
    expect(getSession()).toBeNull();

    fireEvent.click(within(request).getByRole('button', { name: 'Enviar código' }));
    const confirm = await screen.findByRole('form', { name: 'Confirmar código' });
    expect((within(confirm).getByLabelText('E-mail') as HTMLInputElement).value).toBe(email);
    const { json } = await ui.api<{ para: string; texto: string }[]>('GET', `/api/outbox?${new URLSearchParams({ filter: JSON.stringify({ q: email }), sort: '["id","DESC"]', range: '[0,0]' })}`);
    const code = /(\d{6})/.exec(json[0].texto)![1];
    fireEvent.change(within(confirm).getByLabelText('Código de verificação'), { target: { value: code } });
    fireEvent.change(within(confirm).getByLabelText('Nova senha'), { target: { value: 'Redefinida#2026' } });
    fireEvent.change(within(confirm).getByLabelText('Confirmar senha'), { target: { value: 'Redefinida#2026' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(AUTH_MSG.passwordChanged)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('link', { name: 'Entrar' }).at(-1)!);
    await fill(email, 'Redefinida#2026');
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
  });
});
