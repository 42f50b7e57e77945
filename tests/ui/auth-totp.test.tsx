// Two-step verification in the browser against the real server: setting up an authenticator on
// /reset-password (QR code, secret and otpauth URI shown, confirmed with a first code), only the
// actions that apply to the state the server tells (set up when off; another authenticator or off
// when on), the login page's authenticator-code step (SOFTWARE_TOKEN_MFA), the same step after a first
// access's new password, a new set-up asking for a
// current code, and turning it off with a code. Codes are computed here from the secret the screen shows, as an app would.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as OTPAuth from 'otpauth';
import { AUTH_MSG } from '../../src/domain/messages.js';
import { getSession } from '../../src/admin/core/session.js';
import { BuiltinIdentityClient } from '../../src/admin/core/auth/builtinClient.js';
import { TWO_FACTOR } from '../../custom-pages/auth/TwoFactor.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
  await ui.createUser({ email: 'dois.fatores@bitcom.com.br', nome: 'Diana Fatores', papeis: ['user'], funcionario: true });
  await ui.createUser({ email: 'desliga.fator@bitcom.com.br', nome: 'Denis Desliga', papeis: ['user'], funcionario: true });
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

/** The authenticator's code for `secret`, `stepsAhead` periods of 30 s from now (each code is accepted once). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** The section's buttons, by name, while no step is open. */
const actions = (section: HTMLElement) => within(section).getAllByRole('button').map((b) => b.textContent);

const typeCode = (form: HTMLElement, label: string, code: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value: code } });

/** Signs in, opens /reset-password and sets up an authenticator: answers its secret. */
async function setUp(email: string): Promise<string> {
  await signInAs(ui.baseUrl, email, TEST_PASSWORD);
  renderAdmin(ui.baseUrl, '/reset-password');
  const section = await screen.findByRole('region', { name: TWO_FACTOR.title });
  // Off: only setting it up applies.
  expect(await within(section).findByText(TWO_FACTOR.isOff)).toBeTruthy();
  expect(actions(section)).toEqual([TWO_FACTOR.setUp]);
  fireEvent.click(within(section).getByRole('button', { name: TWO_FACTOR.setUp }));
  const form = await within(section).findByRole('form', { name: 'Ativar verificação em duas etapas' });
  const secret = form.querySelector('[data-totp-secret]')!.textContent!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const uri = form.querySelector('[data-totp-uri]')!;
  expect(uri.textContent).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
  expect(uri.getAttribute('href')).toBe(uri.textContent);
  // The same URI as a QR code image (an SVG drawn by the qrcode library).
  const qr = (await within(form).findByRole('img', { name: TWO_FACTOR.qrAlt })) as HTMLImageElement;
  expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
  const svg = decodeURIComponent(qr.getAttribute('src')!.split(',')[1]);
  expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
  expect(svg).toContain('<path');

  // A code must be 6 digits; a wrong one is refused with the spec's text.
  fireEvent.click(within(form).getByRole('button', { name: TWO_FACTOR.enable }));
  expect(await within(form).findByText('Utilize 6 digitos')).toBeTruthy();
  typeCode(form, 'Código do autenticador', codeOf(secret, -40));
  fireEvent.click(within(form).getByRole('button', { name: TWO_FACTOR.enable }));
  expect((await within(section).findByRole('alert')).textContent).toBe(AUTH_MSG.wrongCode);

  typeCode(form, 'Código do autenticador', codeOf(secret));
  fireEvent.click(within(form).getByRole('button', { name: TWO_FACTOR.enable }));
  expect(await within(section).findByText(TWO_FACTOR.enabled)).toBeTruthy();
  // On: another authenticator or turning it off; setting up a first one no more.
  expect(within(section).getByText(TWO_FACTOR.isOn)).toBeTruthy();
  expect(actions(section)).toEqual([TWO_FACTOR.replace, TWO_FACTOR.turnOff]);
  return secret;
}

let secret = '';

describe('two-step verification', () => {
  it('is set up on /reset-password with the secret and otpauth URI shown, confirmed by a first code', async () => {
    secret = await setUp('dois.fatores@bitcom.com.br');
    // Opened again, the screen learns from the server that it is on.
    cleanup();
    renderAdmin(ui.baseUrl, '/reset-password');
    const section = await screen.findByRole('region', { name: TWO_FACTOR.title });
    expect(await within(section).findByText(TWO_FACTOR.isOn)).toBeTruthy();
    expect(actions(section)).toEqual([TWO_FACTOR.replace, TWO_FACTOR.turnOff]);
    // Another authenticator first asks for a code of the current one.
    fireEvent.click(within(section).getByRole('button', { name: TWO_FACTOR.replace }));
    const confirm = await within(section).findByRole('form', { name: 'Confirmar autenticador atual' });
    expect(within(confirm).getByText(TWO_FACTOR.alreadyOn)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: TWO_FACTOR.cancel }));
    expect(await within(section).findByRole('button', { name: TWO_FACTOR.replace })).toBeTruthy();
  });

  it("the login page then asks for the authenticator's code", async () => {
    expect(secret).toBeTruthy();
    renderAdmin(ui.baseUrl, '/home/login/enter');
    const login = await screen.findByRole('form', { name: 'Entrar' });
    fireEvent.change(within(login).getByLabelText('E-mail'), { target: { value: 'dois.fatores@bitcom.com.br' } });
    fireEvent.change(within(login).getByLabelText('Senha'), { target: { value: TEST_PASSWORD } });
    fireEvent.click(within(login).getByRole('button', { name: 'Entrar' }));

    const mfa = await screen.findByRole('form', { name: 'Verificação em duas etapas' });
    expect(getSession()).toBeNull();
    typeCode(mfa, 'Código do autenticador', '12');
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirmar' }));
    expect(await within(mfa).findByText('Utilize 6 digitos')).toBeTruthy();
    typeCode(mfa, 'Código do autenticador', codeOf(secret, -40));
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(mfa).getByRole('alert').textContent).toBe(AUTH_MSG.wrongCode));

    // The next period's code (the one of set-up was spent).
    typeCode(mfa, 'Código do autenticador', codeOf(secret, 1));
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    expect(getSession()?.user?.email).toBe('dois.fatores@bitcom.com.br');
  });

  it('a first access (new temporary password) with two-factor on asks for the code after the new password', async () => {
    const email = 'primeiro.fator@bitcom.com.br';
    await ui.createUser({ email, nome: 'Paula Primeiro', papeis: ['user'], funcionario: true });
    // Two-factor turned on through the API, as the set-up screen does.
    const call = async (path: string, token: string, body: object) =>
      (await fetch(`${ui.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    const session = await new BuiltinIdentityClient(ui.baseUrl).signIn(email, TEST_PASSWORD);
    if (session.status !== 'OK') throw new Error('sem sessão');
    const { secret: own } = await call('/v1/auth/totp/setup', session.session.idToken, {});
    expect(await call('/v1/auth/totp/enable', session.session.idToken, { code: codeOf(own) })).toEqual({ totp: true });
    // A manager sends a new temporary password.
    expect((await ui.api('POST', '/v1/auth/resend-temporary-password', { email })).status).toBe(200);
    const outbox = await ui.api<{ para: string; texto: string }[]>('GET', `/api/outbox?${new URLSearchParams({ filter: JSON.stringify({ q: email }), sort: '["id","DESC"]', range: '[0,0]' })}`);
    const temporary = /Senha temporária: (\S+)/.exec(outbox.json[0].texto)![1];

    renderAdmin(ui.baseUrl, '/home/login/enter');
    const login = await screen.findByRole('form', { name: 'Entrar' });
    fireEvent.change(within(login).getByLabelText('E-mail'), { target: { value: email } });
    fireEvent.change(within(login).getByLabelText('Senha'), { target: { value: temporary } });
    fireEvent.click(within(login).getByRole('button', { name: 'Entrar' }));
    const form = await screen.findByRole('form', { name: 'Definir nova senha' });
    fireEvent.change(within(form).getByLabelText('Nova senha'), { target: { value: 'Escolhida#2026' } });
    fireEvent.change(within(form).getByLabelText('Confirmar senha'), { target: { value: 'Escolhida#2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar nova senha' }));

    // Not signed in yet: the authenticator's code comes first.
    const mfa = await screen.findByRole('form', { name: 'Verificação em duas etapas' });
    expect(getSession()).toBeNull();
    typeCode(mfa, 'Código do autenticador', codeOf(own, -40));
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(mfa).getByRole('alert').textContent).toBe(AUTH_MSG.wrongCode));
    expect(getSession()).toBeNull();
    typeCode(mfa, 'Código do autenticador', codeOf(own, 1));
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Intranet' })).toBeTruthy();
    expect(getSession()?.user?.email).toBe(email);
  });

  it('is turned off with a code, and the login then needs the password alone', async () => {
    const other = await setUp('desliga.fator@bitcom.com.br');
    const before = await new BuiltinIdentityClient(ui.baseUrl).signIn('desliga.fator@bitcom.com.br', TEST_PASSWORD);
    expect(before.status).toBe('CHALLENGE');

    const section = screen.getByRole('region', { name: TWO_FACTOR.title });
    fireEvent.click(within(section).getByRole('button', { name: TWO_FACTOR.turnOff }));
    const form = await within(section).findByRole('form', { name: 'Desativar verificação em duas etapas' });
    typeCode(form, 'Código do autenticador', codeOf(other, 1));
    fireEvent.click(within(form).getByRole('button', { name: TWO_FACTOR.turnOff }));
    expect(await within(section).findByText(TWO_FACTOR.disabled)).toBeTruthy();
    expect(within(section).getByText(TWO_FACTOR.isOff)).toBeTruthy();
    expect(actions(section)).toEqual([TWO_FACTOR.setUp]);

    const after = await new BuiltinIdentityClient(ui.baseUrl).signIn('desliga.fator@bitcom.com.br', TEST_PASSWORD);
    expect(after.status).toBe('OK');
  });
});
