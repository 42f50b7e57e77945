// Password screens against the real server: the NEW_PASSWORD_REQUIRED challenge of a user created
// by an admin (temporary password read from the outbox) completed on /reset-password with the
// spec's password rule checked in the browser; the forgotten-password flow with the e-mailed code;
// and changing the password while signed in.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { getSession } from '../../src/admin/core/session.js';
import { PASSWORDS_DIFFER } from '../../custom-pages/auth/forms.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

/** The newest outbox message to `email` (as the superadmin reads it). */
async function lastMail(email: string): Promise<string> {
  const { status, json } = await ui.api<{ para: string; texto: string }[]>('GET', `/api/outbox?${new URLSearchParams({ filter: JSON.stringify({ q: email }), sort: '["id","DESC"]', range: '[0,0]' })}`);
  expect(status).toBe(200);
  const mail = json.find((m) => m.para === email);
  expect(mail, `e-mail para ${email}`).toBeTruthy();
  return mail!.texto;
}

function type(container: HTMLElement, label: string, value: string) {
  fireEvent.change(within(container).getByLabelText(label), { target: { value } });
}

describe('first access (NEW_PASSWORD_REQUIRED)', () => {
  it('keeps the challenge, checks the password rule and signs in with the new password', async () => {
    const email = 'nova.pessoa@vetorial.net';
    const created = await ui.api('POST', '/api/users', { email, nome: 'Nova Pessoa', papeis: ['user'], funcionario: true });
    expect(created.status).toBe(201);
    const temporary = /Senha temporária: (\S+)/.exec(await lastMail(email))![1];

    renderAdmin(ui.baseUrl, '/home/login/enter');
    const login = await screen.findByRole('form', { name: 'Entrar' });
    type(login, 'E-mail', email);
    type(login, 'Senha', temporary);
    fireEvent.click(within(login).getByRole('button', { name: 'Entrar' }));

    const form = await screen.findByRole('form', { name: 'Definir nova senha' });
    expect(screen.getByRole('heading', { name: 'Primeiro acesso' })).toBeTruthy();
    expect(screen.getByText(`Defina uma nova senha para ${email}.`)).toBeTruthy();
    expect(getSession()).toBeNull();

    // The rule is checked before the call: length, then the character classes; and the confirmation.
    type(form, 'Nova senha', 'Ab1#');
    type(form, 'Confirmar senha', 'Ab1#');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await within(form).findByText(MSG.passwordLength)).toBeTruthy();
    type(form, 'Nova senha', 'semmaiuscula1#');
    type(form, 'Confirmar senha', 'outra');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await within(form).findByText(MSG.password)).toBeTruthy();
    expect(within(form).getByText(PASSWORDS_DIFFER)).toBeTruthy();

    // The server refuses the temporary password as the new one.
    type(form, 'Nova senha', temporary);
    type(form, 'Confirmar senha', temporary);
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await within(form).findByText(AUTH_MSG.samePassword)).toBeTruthy();

    type(form, 'Nova senha', 'Vetorial#2026x');
    type(form, 'Confirmar senha', 'Vetorial#2026x');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    expect(getSession()?.user?.email).toBe(email);

    // The new password signs in; the temporary one no longer does.
    const again = await fetch(`${ui.baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Vetorial#2026x' }),
    });
    expect((await again.json()).status).toBe('OK');
  });
});

describe('forgotten password', () => {
  it('requests a code, refuses a wrong one, and sets the new password with the right one', async () => {
    const email = 'esquecida@razaoinfo.com.br';
    await ui.createUser({ email, nome: 'Esquecida', papeis: ['user'], funcionario: true });

    renderAdmin(ui.baseUrl, '/home/login/enter');
    fireEvent.click(await screen.findByRole('link', { name: 'Esqueci minha senha' }));
    const request = await screen.findByRole('form', { name: 'Solicitar código' });
    type(request, 'E-mail', 'invalido@');
    fireEvent.click(within(request).getByRole('button', { name: 'Enviar código' }));
    expect(await within(request).findByText(MSG.email)).toBeTruthy();
    type(request, 'E-mail', email);
    fireEvent.click(within(request).getByRole('button', { name: 'Enviar código' }));

    const confirm = await screen.findByRole('form', { name: 'Confirmar código' });
    expect(within(confirm).getByText(AUTH_MSG.codeSent)).toBeTruthy();
    const code = /código de verificação é (\d{6})/.exec(await lastMail(email))![1];

    // 'Utilize 6 digitos' for a short code, checked in the browser.
    type(confirm, 'Código de verificação', '123');
    type(confirm, 'Nova senha', 'Razao#Info2026');
    type(confirm, 'Confirmar senha', 'Razao#Info2026');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    expect(await within(confirm).findByText(MSG.code6)).toBeTruthy();

    const wrong = code === '000000' ? '111111' : '000000';
    type(confirm, 'Código de verificação', wrong);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(within(confirm).getByRole('alert').textContent).toBe(AUTH_MSG.wrongCode));

    type(confirm, 'Código de verificação', code);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText(AUTH_MSG.passwordChanged)).toBeTruthy();

    const login = await fetch(`${ui.baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Razao#Info2026' }),
    });
    expect((await login.json()).status).toBe('OK');
  });
});

describe('change password', () => {
  it('changes the signed-in user password on /reset-password', async () => {
    const email = 'trocar@bitcom.com.br';
    await ui.createUser({ email, nome: 'Troca Senha', papeis: ['user'], funcionario: true });
    await signInAs(ui.baseUrl, email, TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/reset-password');
    const form = await screen.findByRole('form', { name: 'Alterar senha' });
    type(form, 'Senha atual', 'Errada#2026x');
    type(form, 'Nova senha', 'Bitcom#Nova2026');
    type(form, 'Confirmar senha', 'Bitcom#Nova2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(form).findByText('Senha atual incorreta.')).toBeTruthy();
    type(form, 'Senha atual', TEST_PASSWORD);
    fireEvent.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(form).findByText(AUTH_MSG.passwordChanged)).toBeTruthy();
  });
});
