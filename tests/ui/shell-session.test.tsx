// The session's life in the shell against the real server (foundation spec, section 4): the
// role-consistency check after load, a user without a name sent to the profile, a refreshed token
// after a 401, the notification bell fed live by the GraphQL subscription, and the pure helpers.
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ageLabel } from '../../src/domain/age.js';
import { incidentText, notificationText, sameRoles, topMenuIconCount } from '../../src/domain/shell.js';
import { getSession, setSession } from '../../src/admin/core/session.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { v1Json } from '../../src/admin/core/api.js';
import { COMPLETE_PROFILE } from '../../custom-pages/profile/Profile.js';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer();
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

// The role-consistency check runs 200 ms after load, later on a busy machine: tests that change the
// user on the server afterwards wait until the check's GET /v1/auth/me has answered and been applied.
const roleChecks: Promise<unknown>[] = [];
const appFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const answer = appFetch(input, init);
  if (String(input instanceof Request ? input.url : input).includes('/v1/auth/me')) roleChecks.push(answer.then((r) => r.clone().text()).catch(() => undefined));
  return answer;
}) as typeof fetch;
beforeEach(() => {
  roleChecks.length = 0;
});
async function roleCheckDone() {
  await waitFor(() => expect(roleChecks.length).toBeGreaterThan(0));
  await Promise.all(roleChecks);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('pure helpers', () => {
  it('labels ages as Agora, minutes, hours and days', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(ageLabel('2026-03-10T11:59:30Z', now)).toBe('Agora');
    expect(ageLabel('2026-03-10T12:00:05Z', now)).toBe('Agora');
    expect(ageLabel('2026-03-10T11:55:00Z', now)).toBe('5m');
    expect(ageLabel('2026-03-10T11:00:01Z', now)).toBe('59m');
    expect(ageLabel('2026-03-10T09:00:00Z', now)).toBe('3h');
    expect(ageLabel('2026-03-08T11:00:00Z', now)).toBe('2d');
  });

  it('sizes the top menu by width, and words notifications and incidents', () => {
    expect([320, 500, 501, 700, 800, 900, 1000, 1001, 1920].map(topMenuIconCount)).toEqual([2, 2, 4, 4, 6, 8, 9, 10, 10]);
    expect(notificationText({ modulo: 'rh', msg: 'Olá' })).toBe('Olá');
    expect(notificationText({ modulo: 'rh' })).toBeNull();
    expect(notificationText('texto')).toBeNull();
    expect(incidentText('Queda em Centro|Norte')).toBe('Queda em Centro-Norte Impactados');
    expect(sameRoles(['user', 'rh:leitor'], ['rh:leitor', 'user'])).toBe(true);
    expect(sameRoles(['user'], ['user', 'rh:leitor'])).toBe(false);
  });
});

describe('session', () => {
  it('signs out when the roles stored differ from the server (checked 200 ms after load)', async () => {
    const id = await ui.createUser({ email: 'mudanca@bitcom.com.br', nome: 'Maria Mudança', papeis: ['rh:leitor', 'user'], funcionario: true });
    await signInAs(ui.baseUrl, 'mudanca@bitcom.com.br', TEST_PASSWORD);
    expect((await ui.api('PUT', `/api/users/${id}`, { papeis: ['user'] })).status).toBe(200);
    renderAdmin(ui.baseUrl, '/');
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('keeps a user whose roles agree, and sends one without a name to the profile', async () => {
    const id = await ui.createUser({ email: 'sem.nome@bitcom.com.br', nome: null, papeis: ['user'], funcionario: true });
    await signInAs(ui.baseUrl, 'sem.nome@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    expect(await screen.findByText(COMPLETE_PROFILE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeTruthy();
    expect(screen.getByText('sem.nome@bitcom.com.br')).toBeTruthy();
    expect(getSession()?.user?.usuarioId).toBe(id);
  });

  it('refreshes an expired token once after a 401 and stores the rotated refresh token', async () => {
    await ui.createUser({ email: 'refresh@bitcom.com.br', nome: 'Rita Refresh', papeis: ['rh:leitor', 'user'], funcionario: true });
    await signInAs(ui.baseUrl, 'refresh@bitcom.com.br', TEST_PASSWORD);
    // Render so that the app's authProvider registers how to refresh.
    renderAdmin(ui.baseUrl, '/');
    await screen.findByRole('button', { name: 'Menu do perfil' });
    // The role-consistency check (200 ms after load) is done.
    await roleCheckDone();
    const before = getSession()!;
    setSession({ ...before, token: `${before.token.slice(0, -4)}AAAA` });
    const dp = createDataProvider(`${ui.baseUrl}/api`, resourceModules);
    const { data } = await dp.getList('departments', { pagination: { page: 1, perPage: 5 }, sort: { field: 'nome', order: 'ASC' }, filter: {} });
    expect(Array.isArray(data)).toBe(true);
    const after = getSession()!;
    expect(after.token).not.toBe(before.token);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    // The old refresh token was rotated away: for 10 s it still answers the stored successor (another
    // tab refreshing at once), then (the rotation moved back here) it is a replay.
    const reuse = () =>
      fetch(`${ui.baseUrl}/v1/auth/refresh`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refreshToken: before.refreshToken }) });
    expect((await (await reuse()).json()).refreshToken).toBe(after.refreshToken);
    await ui.server.db.query(`UPDATE auth.sessao SET rotacionado_em = now() - interval '11 seconds' WHERE id_usuario = (SELECT id FROM auth.usuario WHERE email = $1)`, ['refresh@bitcom.com.br']);
    expect((await reuse()).status).toBe(401);
  });

  it('a v1 call whose session cannot be refreshed any more leads to the Login route', async () => {
    await ui.createUser({ email: 'fim.sessao@bitcom.com.br', nome: 'Fábio Fim', papeis: ['user'], funcionario: true });
    await signInAs(ui.baseUrl, 'fim.sessao@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await screen.findByRole('button', { name: 'Menu do perfil' });
    await roleCheckDone();
    // The token and the refresh token are both refused now (revoked elsewhere).
    setSession({ ...getSession()!, token: 'revogado', refreshToken: 'revogado' });
    const error = await v1Json('/v1/profile/me').catch((e) => e);
    expect(error.status).toBe(401);
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    expect(getSession()).toBeNull();
  });
});

describe('notification bell', () => {
  // hidden: the open list makes the rest of the page aria-hidden.
  const bell = () => screen.getByRole('button', { name: /^Notificações \(\d+\)$/, hidden: true });

  it('shows new notifications live, marks one and then all read', async () => {
    const id = await ui.createUser({ email: 'sino@bitcom.com.br', nome: 'Sílvia Sino', papeis: ['user'], funcionario: true });
    const send = async (msg: string) => {
      const r = await ui.api('POST', '/v1/notificacao/enviar', { data: { modulo: 'rh', msg }, id_usuarios: [id] });
      expect(r.status).toBe(200);
    };
    await send('Reunião geral às 15h');
    await signInAs(ui.baseUrl, 'sino@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (1)'));

    // A new one arrives without reloading.
    await send('Novo benefício disponível');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (2)'));

    fireEvent.click(bell());
    const region = await screen.findByRole('region', { name: 'Notificações' });
    expect(within(region).getByText('Reunião geral às 15h')).toBeTruthy();
    expect(within(region).getAllByText('Agora').length).toBe(2);
    // Unread items are highlighted when the list is shown (their end: tests/ui/shell-bells.test.tsx).
    expect(region.querySelectorAll('[data-highlighted="true"]').length).toBe(2);

    fireEvent.click(within(region).getAllByRole('button', { name: 'Marcar como lido' })[0]);
    await waitFor(() => expect(within(region).getAllByRole('button', { name: 'Marcar como lido' })).toHaveLength(1));
    fireEvent.click(within(region).getByRole('button', { name: 'Marcar tudo como lido' }));
    expect(await within(region).findByText('Nenhuma notificação')).toBeTruthy();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (0)'));

    // Read on the server too.
    const token = getSession()!.token;
    const unread = await fetch(`${ui.baseUrl}/api/notifications?${new URLSearchParams({ filter: JSON.stringify({ lido: false }) })}`, {
      headers: { authorization: `Bearer ${token}`, 'x-intranet-role': 'user' },
    });
    expect(unread.status).toBe(200);
    expect(await unread.json()).toEqual([]);
  });

  it("lists the incident module's notifications in the incident bell, apart from the others", async () => {
    const id = await ui.createUser({ email: 'incidente@bitcom.com.br', nome: 'Íris Incidente', papeis: ['user'], funcionario: true });
    const send = async (data: object) => expect((await ui.api('POST', '/v1/notificacao/enviar', { data, id_usuarios: [id] })).status).toBe(200);
    await send({ modulo: 'incidentes', msg: 'Queda de link em Centro|Norte' });
    await send({ modulo: 'rh', msg: 'Reunião geral às 15h' });
    await signInAs(ui.baseUrl, 'incidente@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    const incidents = () => screen.getByRole('button', { name: /^Incidentes \(\d+\)$/, hidden: true });
    await waitFor(() => expect(incidents().getAttribute('aria-label')).toBe('Incidentes (1)'));
    expect(bell().getAttribute('aria-label')).toBe('Notificações (1)');

    fireEvent.click(incidents());
    const region = await screen.findByRole('region', { name: 'Incidentes' });
    expect(within(region).getByText('Queda de link em Centro-Norte Impactados')).toBeTruthy();
    expect(within(region).queryByText('Reunião geral às 15h')).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Marcar tudo como lido' }));
    expect(await within(region).findByText('Nenhum Incidente')).toBeTruthy();
    await waitFor(() => expect(incidents().getAttribute('aria-label')).toBe('Incidentes (0)'));
    // The other notification stays unread.
    expect(bell().getAttribute('aria-label')).toBe('Notificações (1)');
  });

  it('counts every unread notification in the badge, past the 50 newest listed', async () => {
    const id = await ui.createUser({ email: 'muitas@bitcom.com.br', nome: 'Mara Muitas', papeis: ['user'], funcionario: false });
    for (let n = 1; n <= 55; n++) expect((await ui.api('POST', '/v1/notificacao/enviar', { data: { modulo: 'rh', msg: `Aviso ${n}` }, id_usuarios: [id] })).status).toBe(200);
    await signInAs(ui.baseUrl, 'muitas@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (55)'));
    fireEvent.click(bell());
    const region = await screen.findByRole('region', { name: 'Notificações' });
    expect(within(region).getAllByRole('button', { name: 'Marcar como lido' })).toHaveLength(50);
    // Marking one read: the list and the count follow (the count at once, then the server's).
    fireEvent.click(within(region).getAllByRole('button', { name: 'Marcar como lido' })[0]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (54)'));
    await waitFor(() => expect(within(region).getAllByRole('button', { name: 'Marcar como lido' })).toHaveLength(50));
    expect(bell().getAttribute('aria-label')).toBe('Notificações (54)');
  });

  it("says 'Ocorreu algum erro ao marcar as notificações como lidas' when the server refuses", async () => {
    const id = await ui.createUser({ email: 'recusa@bitcom.com.br', nome: 'Rui Recusa', papeis: ['user'], funcionario: true });
    expect((await ui.api('POST', '/v1/notificacao/enviar', { data: { modulo: 'rh', msg: 'Aviso' }, id_usuarios: [id] })).status).toBe(200);
    await signInAs(ui.baseUrl, 'recusa@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (1)'));
    // (After the role check of the load, which would otherwise find the roles changed and sign out.)
    await roleCheckDone();
    // The user's roles are withdrawn meanwhile: the server refuses to mark it (403; the session
    // goes on, unlike a disabled account's, which ends it).
    expect((await ui.api('PUT', `/api/users/${id}`, { papeis: [] })).status).toBe(200);
    fireEvent.click(bell());
    const region = await screen.findByRole('region', { name: 'Notificações' });
    fireEvent.click(within(region).getByRole('button', { name: 'Marcar tudo como lido' }));
    expect(await screen.findByText('Ocorreu algum erro ao marcar as notificações como lidas')).toBeTruthy();
    // The notification is back in the list, still unread on the server.
    expect(await within(region).findByText('Aviso')).toBeTruthy();
    const { json } = await ui.api<{ lido: boolean }[]>('GET', `/api/notifications?${new URLSearchParams({ filter: JSON.stringify({ id_usuario: id }) })}`);
    expect(json.map((n) => n.lido)).toEqual([false]);
  });
});
