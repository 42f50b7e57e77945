// Notifications: each user reads and marks only their own (the engine's owner column), managers send
// to users of their providers, v1/notificacao/usuario marks read, and the bell's live subscription
// receives a new notification without asking again.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let providers: number[];
const users: Record<string, { id: number; token: string }> = {};

async function makeUser(name: string, papeis: string[], provider: number) {
  const email = `${name}@teste.com.br`;
  const token = await t.userToken({ email, nome: name, papeis, id_empresas: [provider] });
  const id = (await t.app.inject({ url: '/v1/auth/me', headers: bearer(token) })).json().usuarioId;
  users[name] = { id, token };
}

const send = (token: string, id_usuarios: number[], msg = 'Nova vaga aberta') =>
  t.app.inject({ method: 'POST', url: '/v1/notificacao/enviar', headers: bearer(token), payload: { data: { modulo: 'rh', msg }, id_usuarios } });

beforeAll(async () => {
  t = await testApp();
  providers = [];
  for (const nome of ['Bitcom', 'Vetorial']) providers.push((await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } })).json().id);
  await makeUser('ana', ['user'], providers[0]);
  await makeUser('bruno', ['rh:gestor'], providers[0]);
  await makeUser('carla', ['user'], providers[1]);
  await makeUser('gestora', ['notificacao:gestor', 'user'], providers[0]);
});
afterAll(() => t?.close());

describe('notifications', () => {
  it('a manager sends one message to several users; each sees only their own', async () => {
    const r = await send(users.gestora.token, [users.ana.id, users.bruno.id]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ affected_rows: 2 });
    const { id_mensagem } = r.json();
    for (const name of ['ana', 'bruno']) {
      const list = (await t.app.inject({ url: '/api/notifications', headers: bearer(users[name].token) })).json();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id_mensagem, id_usuario: users[name].id, lido: false, remetente_nome: 'gestora', data: { modulo: 'rh', msg: 'Nova vaga aberta' } });
    }
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(users.carla.token) })).json()).toEqual([]);
    const gql = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(users.ana.token),
      payload: { query: '{ notificacao_notificacao { id_usuario data } }' },
    });
    expect(gql.json().data.notificacao_notificacao).toEqual([{ id_usuario: users.ana.id, data: { modulo: 'rh', msg: 'Nova vaga aberta' } }]);
  });

  it('only managers send, and only to users of their providers', async () => {
    expect((await send(users.ana.token, [users.bruno.id])).statusCode).toBe(403);
    const outside = await send(users.gestora.token, [users.carla.id]);
    expect(outside.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(users.carla.token) })).json()).toEqual([]);
    const bad = await send(users.gestora.token, []);
    expect(bad.statusCode).toBe(400);
    const noText = await t.app.inject({ method: 'POST', url: '/v1/notificacao/enviar', headers: bearer(users.gestora.token), payload: { data: { modulo: 'rh' }, id_usuarios: [users.ana.id] } });
    expect(noText.statusCode).toBe(400);
  });

  it('v1/notificacao/usuario marks one\'s own read; another user\'s stays unread', async () => {
    const { id_mensagem } = (await send(users.gestora.token, [users.ana.id, users.bruno.id], 'Reunião às 10h')).json();
    const mine = await t.app.inject({
      method: 'POST',
      url: '/v1/notificacao/usuario',
      headers: bearer(users.ana.token),
      payload: { objects: [{ id_mensagem, id_usuario: users.ana.id }] },
    });
    expect(mine.json()).toEqual({ affected_rows: 1 });
    const others = await t.app.inject({
      method: 'POST',
      url: '/v1/notificacao/usuario',
      headers: bearer(users.ana.token),
      payload: { objects: [{ id_mensagem, id_usuario: users.bruno.id }] },
    });
    expect(others.statusCode).toBe(403);
    const again = await t.app.inject({ method: 'POST', url: '/v1/notificacao/usuario', headers: bearer(users.ana.token), payload: { objects: [{ id_mensagem, id_usuario: users.ana.id }] } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Dados de notificação não encontrados.');
    const bruno = (await t.app.inject({ url: `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ id_mensagem }))}`, headers: bearer(users.bruno.token) })).json();
    expect(bruno.map((n: { id_usuario: number; lido: boolean }) => [n.id_usuario, n.lido])).toEqual([[users.bruno.id, false]]);
    const unread = (await t.app.inject({ url: `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ lido: false }))}`, headers: bearer(users.bruno.token) })).json();
    expect(unread.some((n: { id_mensagem: number }) => n.id_mensagem === id_mensagem)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/v1/notificacao/usuario', headers: bearer(users.ana.token), payload: { objects: [] } })).statusCode).toBe(400);
  });

  it('a user may mark read through REST but not rewrite a notification, nor create or delete one', async () => {
    const [n] = (await t.app.inject({ url: '/api/notifications', headers: bearer(users.bruno.token) })).json();
    const read = await t.app.inject({ method: 'PUT', url: `/api/notifications/${n.id}`, headers: bearer(users.bruno.token), payload: { lido: true } });
    expect(read.statusCode).toBe(200);
    const rewrite = await t.app.inject({ method: 'PUT', url: `/api/notifications/${n.id}`, headers: bearer(users.bruno.token), payload: { id_usuario: users.ana.id } });
    expect(rewrite.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications', headers: bearer(users.bruno.token), payload: { id_usuario: users.bruno.id, data: { modulo: 'rh', msg: 'x' } } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/notifications/${n.id}`, headers: bearer(users.bruno.token) })).statusCode).toBe(403);
    const [other] = (await t.app.inject({ url: '/api/notifications', headers: bearer(users.ana.token) })).json();
    expect((await t.app.inject({ url: `/api/notifications/${other.id}`, headers: bearer(users.bruno.token) })).statusCode).toBe(404);
  });

  it('the bell\'s live subscription receives a new notification', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `${base.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${users.carla.token}` },
    });
    const received: { msg: string }[][] = [];
    let wake = () => {};
    const stop = client.subscribe(
      { query: 'subscription { notificacao_notificacao(where: { lido: { _eq: false } }, order_by: [{ created_at: desc }]) { data } }' },
      {
        next: (m) => {
          received.push(((m.data as any).notificacao_notificacao as { data: { msg: string } }[]).map((n) => n.data));
          wake();
        },
        error: (e) => {
          throw e;
        },
        complete: () => {},
      },
    );
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!check() && Date.now() < deadline) await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)));
      expect(check()).toBe(true);
    };
    await until(() => received.length === 1);
    expect(received[0]).toEqual([]);
    const superadmin = await send(t.adminToken, [users.carla.id], 'Bem-vinda, Carla!');
    expect(superadmin.statusCode).toBe(200);
    await until(() => received.length >= 2);
    expect(received.at(-1)).toEqual([{ modulo: 'rh', msg: 'Bem-vinda, Carla!' }]);
    stop();
    await client.dispose();
  });

  it('a user disabled while subscribed stops receiving: the live query checks the token again', async () => {
    await makeUser('dora', ['user'], providers[1]);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`);
    const client = createClient({
      url: `${base.replace('http', 'ws')}/v1/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${users.dora.token}` },
    });
    const received: string[][] = [];
    const errors: unknown[] = [];
    let wake = () => {};
    const stop = client.subscribe(
      { query: 'subscription { notificacao_notificacao(where: { lido: { _eq: false } }) { data } }' },
      {
        next: (m) => {
          received.push(((m.data as any).notificacao_notificacao as { data: { msg: string } }[]).map((n) => n.data.msg));
          wake();
        },
        error: (e) => {
          errors.push(e);
          wake();
        },
        complete: () => wake(),
      },
    );
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 10_000;
      while (!check() && Date.now() < deadline) await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)));
      expect(check()).toBe(true);
    };
    await until(() => received.length === 1);
    expect((await send(t.adminToken, [users.dora.id], 'Primeira')).statusCode).toBe(200);
    await until(() => received.length === 2);
    expect(received[1]).toEqual(['Primeira']);
    expect((await t.inject({ method: 'PUT', url: `/api/users/${users.dora.id}`, payload: { ativo: false } })).statusCode).toBe(200);
    expect((await send(t.adminToken, [users.dora.id], 'Depois de desativada')).statusCode).toBe(200);
    await until(() => errors.length === 1);
    expect(received.flat()).not.toContain('Depois de desativada');
    stop();
    await client.dispose();
  });
});
