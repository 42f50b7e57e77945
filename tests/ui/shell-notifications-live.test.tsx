// The notification bell outlives its identity token (foundation spec, sections 4 and 7: a lazy,
// reconnecting websocket): against a server whose tokens last 3 seconds, a notification created
// after the connection's token expired still reaches the bell without a reload, and a socket dropped
// reconnects with a token valid at that moment (connection_init is read at each connect).
import './setup.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import WebSocketImpl from 'ws';
import { renderAdmin, signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

const TOKEN_TTL_SECONDS = 3;

/** The connection_init payloads the app's graphql-ws client sent: the token, and when. */
const inits: { token: string; sentAt: number }[] = [];
const sockets = new Set<WebSocketImpl>();
class RecordingWebSocket extends WebSocketImpl {
  constructor(...args: ConstructorParameters<typeof WebSocketImpl>) {
    super(...args);
    sockets.add(this);
    this.on('close', () => sockets.delete(this));
  }

  send(data: any, ...rest: any[]) {
    try {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_init') inits.push({ token: String(message.payload?.authorization ?? '').replace(/^Bearer /, ''), sentAt: Date.now() });
    } catch {
      // not JSON: not ours to look at
    }
    return (super.send as (...a: unknown[]) => void)(data, ...rest);
  }
}

const expiresAt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;

/** Waits (no assertion on time) until the token has expired on the server. */
const untilExpired = (token: string) => new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt(token) - Date.now()) + 1200));

let ui: UiServer;

beforeAll(async () => {
  ui = await startServer({ config: { accessTokenTtl: TOKEN_TTL_SECONDS } });
  (globalThis as { WebSocket: unknown }).WebSocket = RecordingWebSocket;
});

afterAll(async () => {
  await ui?.close();
});

beforeEach(() => signOutLocally());

const bell = () => screen.getByRole('button', { name: /^Notificações \(\d+\)$/, hidden: true });

describe('live notifications and token expiry', () => {
  it('keeps delivering after the token expires, and reconnects a dropped socket with a valid token', { timeout: 120_000 }, async () => {
    const id = await ui.createUser({ email: 'expira@bitcom.com.br', nome: 'Érica Expira', papeis: ['user'], funcionario: true });
    // The superadmin's token of the test server expires too: a new sign-in for each send.
    const send = async (msg: string) => {
      const token = await ui.server.signIn('admin@intranet.local', 'Intranet#Admin2026');
      const r = await fetch(`${ui.baseUrl}/v1/notificacao/enviar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { modulo: 'rh', msg }, id_usuarios: [id] }),
      });
      expect(r.status).toBe(200);
    };
    await send('Primeira');
    await signInAs(ui.baseUrl, 'expira@bitcom.com.br', TEST_PASSWORD);
    renderAdmin(ui.baseUrl, '/');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (1)'));
    expect(inits.length).toBeGreaterThan(0);

    // The connection's token expires; the next re-read is refused with 'Sua sessão expirou'.
    await untilExpired(inits.at(-1)!.token);
    const before = inits.length;
    await send('Segunda');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (2)'), { timeout: 30_000 });
    // A new connection, with a token the server still accepted when it was sent.
    expect(inits.length).toBeGreaterThan(before);
    const renewed = inits.at(-1)!;
    expect(expiresAt(renewed.token)).toBeGreaterThan(renewed.sentAt);

    // The socket drops (no close frame) after the token expired: the reconnect reads the session again.
    await untilExpired(renewed.token);
    const dropped = inits.length;
    expect(sockets.size).toBeGreaterThan(0);
    for (const socket of sockets) socket.terminate();
    await waitFor(() => expect(inits.length).toBeGreaterThan(dropped), { timeout: 30_000 });
    const reconnect = inits[dropped];
    expect(reconnect.token).not.toBe(renewed.token);
    expect(expiresAt(reconnect.token)).toBeGreaterThan(reconnect.sentAt);
    await send('Terceira');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notificações (3)'), { timeout: 30_000 });
  });
});
