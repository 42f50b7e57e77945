// 'Cadastre-se' in the browser against the real server: the form's checks, the code step with the
// code read from the outbox, the wrong-code text, then signed in as a candidate on the vacancies;
// and the login page's code step for an account not yet confirmed; the public /applicants/register,
// where a visitor signs up and lands on the candidate's data form, and a candidate goes straight to it.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { getSession } from '../../src/admin/core/session.js';
import { PASSWORDS_DIFFER } from '../../custom-pages/auth/forms.js';
import { renderAdmin, signInAs, TEST_PASSWORD, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
const PASSWORD = 'Candidata#2026';

const codeOf = async (email: string) => {
  const { rows } = await ui.server.db.query<{ texto: string }>('SELECT texto FROM admin.email WHERE para = $1 ORDER BY id DESC LIMIT 1', [email]);
  return /\b(\d{6})\b/.exec(rows[0].texto)![1];
};
const estadoOf = async (email: string) =>
  (await ui.server.db.query<{ estado: string }>('SELECT c.estado FROM auth.credencial c JOIN auth.usuario u ON u.id = c.id_usuario WHERE u.email = $1', [email])).rows[0]?.estado;

beforeAll(async () => {
  ui = await startServer();
});
afterAll(async () => {
  await ui?.close();
});
beforeEach(async () => {
  signOutLocally();
  await ui.server.db.query('DELETE FROM auth.limite');
});

function fillRegister(values: { nome: string; email: string; password: string; confirm: string }) {
  const form = screen.getByRole('form', { name: 'Cadastre-se' });
  fireEvent.change(within(form).getByLabelText('Nome completo'), { target: { value: values.nome } });
  fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: values.email } });
  fireEvent.change(within(form).getByLabelText('Senha'), { target: { value: values.password } });
  fireEvent.change(within(form).getByLabelText('Confirmar senha'), { target: { value: values.confirm } });
  fireEvent.click(within(form).getByRole('button', { name: 'Cadastrar' }));
  return form;
}

function typeCode(code: string) {
  const form = screen.getByRole('form', { name: 'Confirmar cadastro' });
  fireEvent.change(within(form).getByLabelText('Código de verificação'), { target: { value: code } });
  fireEvent.click(within(form).getByRole('button', { name: 'Confirmar cadastro' }));
  return form;
}

describe('Cadastre-se', () => {
  it('checks the fields, then registers, confirms the code and signs the candidate in', { timeout: 60_000 }, async () => {
    renderAdmin(ui.baseUrl, '/home/login/register');
    await screen.findByRole('form', { name: 'Cadastre-se' });
    expect(document.title).toBe('Intranet - Cadastre-se');

    let form = fillRegister({ nome: '', email: 'maria@', password: 'fraca', confirm: 'outra' });
    expect(within(form).getByText(MSG.required)).toBeTruthy();
    expect(within(form).getByText(MSG.email)).toBeTruthy();
    expect(within(form).getByText(MSG.passwordLength)).toBeTruthy();
    expect(within(form).getByText(PASSWORDS_DIFFER)).toBeTruthy();
    form = fillRegister({ nome: 'Maria', email: 'maria@email.com', password: 'semespecial1A', confirm: 'semespecial1A' });
    expect(within(form).getByText(MSG.password)).toBeTruthy();
    // Nothing reached the server.
    expect(await estadoOf('maria@email.com')).toBeUndefined();

    fillRegister({ nome: 'Maria Candidata', email: 'maria@email.com', password: PASSWORD, confirm: PASSWORD });
    await screen.findByRole('form', { name: 'Confirmar cadastro' });
    expect(screen.getByText(AUTH_MSG.signUpCodeSent)).toBeTruthy();
    expect(await estadoOf('maria@email.com')).toBe('NAO_CONFIRMADO');

    const code = await codeOf('maria@email.com');
    typeCode('123');
    expect(await screen.findByText(MSG.code6)).toBeTruthy();
    typeCode(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MSG.wrongCode);

    typeCode(code);
    // Signed in as a candidate and taken to the vacancies.
    await waitFor(() => expect(getSession()?.user?.email).toBe('maria@email.com'), { timeout: 15_000 });
    expect(getSession()!.roles).toEqual(['user']);
    expect(getSession()!.user!.nome).toBe('Maria Candidata');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trabalhe conosco' })).toBeTruthy();
    expect(await estadoOf('maria@email.com')).toBe('ATIVO');
  });

  it('offers the code step on the login page to an account not yet confirmed, with a new code on request', { timeout: 60_000 }, async () => {
    const r = await fetch(`${ui.baseUrl}/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nome: 'João Candidato', email: 'joao@email.com', password: PASSWORD }),
    });
    expect(r.status).toBe(200);
    const first = await codeOf('joao@email.com');

    renderAdmin(ui.baseUrl, '/home/login/enter');
    const login = await screen.findByRole('form', { name: 'Entrar' });
    fireEvent.change(within(login).getByLabelText('E-mail'), { target: { value: 'joao@email.com' } });
    fireEvent.change(within(login).getByLabelText('Senha'), { target: { value: PASSWORD } });
    fireEvent.click(within(login).getByRole('button', { name: 'Entrar' }));

    const step = await screen.findByRole('form', { name: 'Confirmar cadastro' });
    expect(within(step).getByRole('status').textContent).toContain(AUTH_MSG.notConfirmed);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(step).getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByText(AUTH_MSG.signUpCodeResent)).toBeTruthy();
    const second = await codeOf('joao@email.com');
    // The first code was replaced by the new one.
    if (second !== first) {
      typeCode(first);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MSG.wrongCode));
    }
    typeCode(second);
    await waitFor(() => expect(getSession()?.user?.email).toBe('joao@email.com'), { timeout: 15_000 });
    expect(getSession()!.roles).toEqual(['user']);
  });

  it('shows a visitor of /applicants/register the sign-up, then the candidate data form once the code is confirmed', { timeout: 60_000 }, async () => {
    renderAdmin(ui.baseUrl, '/applicants/register');
    // Not the sign-in: the sign-up, its 'Já tenho conta' leading back here after signing in.
    const form = await screen.findByRole('form', { name: 'Cadastre-se' });
    expect(screen.queryByRole('form', { name: 'Entrar' })).toBeNull();
    expect(within(form).getByRole('link', { name: 'Já tenho conta' }).getAttribute('href')).toBe(`/home/login/enter?next=${encodeURIComponent('/applicants/register')}`);

    fillRegister({ nome: 'Ana Visitante', email: 'ana.visitante@email.com', password: PASSWORD, confirm: PASSWORD });
    await screen.findByRole('form', { name: 'Confirmar cadastro' });
    typeCode(await codeOf('ana.visitante@email.com'));

    // Signed in with the password just chosen, on the candidate's data form (in the signed-in layout).
    await waitFor(() => expect(getSession()?.user?.email).toBe('ana.visitante@email.com'), { timeout: 15_000 });
    expect(await screen.findByLabelText(/Telefone/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText(/Cidade/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Cadastre-se' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Trabalhe conosco' })).toBeNull();
    expect(getSession()!.roles).toEqual(['user']);
  });

  it('takes a signed-in candidate at /applicants/register straight to the data form', { timeout: 60_000 }, async () => {
    await ui.createUser({ email: 'bruno.candidato@email.com', nome: 'Bruno Candidato', papeis: ['user'] });
    await signInAs(ui.baseUrl, 'bruno.candidato@email.com', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/applicants/register');
    expect(await screen.findByLabelText(/Telefone/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Cadastre-se' })).toBeNull();
  });
});
