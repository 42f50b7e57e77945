// The e-mail of a new user's access (and of a new temporary password): correct Portuguese, and a
// link to `<PUBLIC_URL>/intranet`, or, without PUBLIC_URL, to the address the manager's request
// reached the server at (its Host, or X-Forwarded-Host/-Proto from a proxy TRUST_PROXY trusts);
// never an address taken from an anonymous request (sign-up codes), which anyone could forge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../src/server/resources/service.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

const ENTRANCE = (link: string) => `Para entrar, acesse:\n${link}\n\nNo primeiro acesso, você vai escolher a sua senha.`;

async function mailsTo(t: TestApp, email: string) {
  const r = await t.inject(`/api/outbox?${qs({ filter: { para: email }, sort: ['id', 'ASC'] })}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { assunto: string; texto: string }[];
}

let serial = 0;
const newEmail = (tag: string) => `${tag}.${++serial}.${Date.now()}@bitcom.com.br`;

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let provider: number;
  beforeAll(async () => {
    t = await testApp();
    provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  });
  afterAll(() => t?.close());

  const createUser = (email: string, headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: '/api/users', payload: { email, nome: 'Bruna Nova', papeis: ['user'], id_empresas: [provider] }, headers });

  it('a user created through POST /api/users gets a link to the address the request reached', async () => {
    const email = newEmail('nova');
    const created = await createUser(email, { host: 'intranet.bitcom.com.br' });
    expect(created.statusCode, created.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail.assunto).toBe('Seu acesso à intranet');
    expect(mail.texto).toMatch(/^Olá, Bruna Nova!\n\nSeu acesso à intranet foi criado\.\nE-mail: \S+\nSenha temporária: \S+ \(vale 7 dias\)\n\n/);
    expect(mail.texto.endsWith(ENTRANCE('http://intranet.bitcom.com.br/intranet'))).toBe(true);
    expect(mail.texto).not.toContain('Entre em');
  });

  it('keeps the port, and ignores X-Forwarded-Host and -Proto when no proxy is trusted', async () => {
    const email = newEmail('porta');
    await createUser(email, { host: 'intranet.bitcom.com.br:8443', 'x-forwarded-host': 'atacante.example', 'x-forwarded-proto': 'https' });
    const [mail] = await mailsTo(t, email);
    expect(mail.texto.endsWith(ENTRANCE('http://intranet.bitcom.com.br:8443/intranet'))).toBe(true);
    expect(mail.texto).not.toContain('atacante');
  });

  it('a new temporary password (resend-temporary-password) links to the manager\'s address too', async () => {
    const email = newEmail('reenvio');
    await createUser(email, { host: 'intranet.bitcom.com.br' });
    const manager = await t.userToken({ papeis: ['rh:gestor', 'user'], id_empresas: [provider] });
    const r = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-temporary-password', payload: { email }, headers: { ...bearer(manager), host: 'rh.bitcom.com.br' } });
    expect(r.statusCode, r.body).toBe(200);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(mails[1].texto.endsWith(ENTRANCE('http://rh.bitcom.com.br/intranet'))).toBe(true);
  });

  it('a user created with no request behind it (the system, the seed) gets the sentence without a link', async () => {
    const email = newEmail('sistema');
    await t.app.resources.create(t.app.registry.get('users')!, { email, nome: 'Sem Link', papeis: ['user'], id_empresas: [provider] }, SYSTEM);
    const [mail] = await mailsTo(t, email);
    expect(mail.texto.endsWith('Para entrar, acesse a página de entrada da intranet.\n\nNo primeiro acesso, você vai escolher a sua senha.')).toBe(true);
  });

  it('an anonymous request never puts its address into a mail: sign-up codes and the notice to an existing account', async () => {
    const forged = { host: 'atacante.example', 'x-forwarded-host': 'atacante.example' };
    const candidate = newEmail('candidata');
    const registered = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { nome: 'Candidata', email: candidate, password: 'Candidato#2026' }, headers: forged });
    expect(registered.statusCode, registered.body).toBe(200);
    const resent = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-sign-up-code', payload: { email: candidate }, headers: forged });
    expect(resent.statusCode, resent.body).toBe(200);
    // Someone registering the e-mail of an existing account: its owner is told, with no link of theirs.
    const owner = newEmail('dona');
    await createUser(owner, { host: 'intranet.bitcom.com.br' });
    await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: { nome: 'Intrusa', email: owner, password: 'Candidato#2026' }, headers: forged });
    const forgot = await t.app.inject({ method: 'POST', url: '/v1/auth/forgot-password', payload: { email: owner }, headers: forged });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const mails = [...(await mailsTo(t, candidate)), ...(await mailsTo(t, owner))];
    expect(mails.length).toBeGreaterThanOrEqual(4);
    for (const mail of mails) expect(mail.texto, mail.assunto).not.toContain('atacante');
  });
});

describe('behind a trusted proxy (TRUST_PROXY), without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { trustProxy: true } });
  });
  afterAll(() => t?.close());

  it('the link is the address the browser used, as the proxy forwards it', async () => {
    const email = newEmail('proxy');
    const provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
    const created = await t.inject({
      method: 'POST',
      url: '/api/users',
      payload: { email, nome: 'Pela Borda', id_empresas: [provider] },
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'intranet.vetorial.net', 'x-forwarded-proto': 'https' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail.texto.endsWith(ENTRANCE('https://intranet.vetorial.net/intranet'))).toBe(true);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ config: { publicUrl: 'https://intranet.grupo.com.br' } });
  });
  afterAll(() => t?.close());

  it('PUBLIC_URL wins over the request\'s address', async () => {
    const email = newEmail('publica');
    const provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'RazãoInfo' } })).json().id;
    const created = await t.inject({ method: 'POST', url: '/api/users', payload: { email, nome: 'Com Endereço', id_empresas: [provider] }, headers: { host: 'outro.example' } });
    expect(created.statusCode, created.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail.texto.endsWith(ENTRANCE('https://intranet.grupo.com.br/intranet'))).toBe(true);
    expect(mail.texto).not.toContain('outro.example');
  });
});
