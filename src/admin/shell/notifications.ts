// The signed-in user's unread notifications (foundation spec, sections 4 and 7): a live list over
// the GraphQL subscription (graphql-ws, lazy and reconnecting, with the notification role header),
// and marking them read with POST /v1/notificacao/usuario.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createClient, type Client } from 'graphql-ws';
import { effectiveRole, ROLE_HEADER } from '../../domain/roles.js';
import { freshSession, getSession, useSession } from '../session.js';

export interface NotificationItem {
  id: number;
  id_mensagem: number;
  lido: boolean;
  created_at: string;
  remetente_nome: string | null;
  data: unknown;
}

export const NOTIFICATION_MODULE = 'notificacao';
export const UNREAD_SUBSCRIPTION = `subscription { notificacao_notificacao(where: {lido: {_eq: false}}, order_by: [{created_at: desc}], limit: 50) { id id_mensagem lido created_at remetente_nome data } }`;
export const MARK_READ_ERROR = 'Ocorreu algum erro ao marcar as notificações como lidas';

/** ws(s)://<host>/v1/graphql of the server at apiBase ('' = this page's). */
export function graphqlWsUrl(apiBase: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const base = apiBase ? new URL(apiBase) : null;
  const secure = (base?.protocol ?? location.protocol) === 'https:';
  return `${secure ? 'wss' : 'ws'}://${base?.host ?? location.host}/v1/graphql`;
}

/** The connection_init payload: the token and the notification role header. */
export async function connectionParams() {
  const session = await freshSession();
  if (!session) return {};
  return { authorization: `Bearer ${session.token}`, [ROLE_HEADER]: effectiveRole(session.roles, NOTIFICATION_MODULE) };
}

/** Marks notifications read for the signed-in user; throws on refusal. */
export async function markRead(apiBase: string, items: Pick<NotificationItem, 'id_mensagem'>[]): Promise<void> {
  const session = await freshSession();
  const usuarioId = session?.user?.usuarioId;
  if (!session || !usuarioId || !items.length) throw new Error(MARK_READ_ERROR);
  const response = await fetch(`${apiBase}/v1/notificacao/usuario`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${session.token}`,
      [ROLE_HEADER]: effectiveRole(session.roles, NOTIFICATION_MODULE),
    },
    body: JSON.stringify({ objects: items.map((i) => ({ id_mensagem: i.id_mensagem, id_usuario: usuarioId })) }),
  });
  if (!response.ok) throw new Error(MARK_READ_ERROR);
}

export interface NotificationsState {
  items: NotificationItem[];
  /** Whether the first answer of the subscription arrived. */
  loaded: boolean;
  /** Removes these from the list (they are being marked read). */
  dismiss(ids: number[]): void;
  /** Puts them back (marking them read failed). */
  restore(items: NotificationItem[]): void;
}

/** The live list of the signed-in user's unread notifications (none while signed out). */
export function useUnreadNotifications(apiBase: string): NotificationsState {
  const session = useSession();
  const token = session?.token ?? null;
  const usuarioId = session?.user?.usuarioId ?? null;
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const dismissed = useRef(new Set<number>());
  const connected = Boolean(token);

  useEffect(() => {
    if (!connected) {
      setItems([]);
      setLoaded(false);
      return;
    }
    let client: Client | null = null;
    try {
      client = createClient({
        url: graphqlWsUrl(apiBase),
        lazy: true,
        retryAttempts: Infinity,
        shouldRetry: () => Boolean(getSession()),
        connectionParams,
      });
    } catch {
      return;
    }
    const stop = client.subscribe<{ notificacao_notificacao: NotificationItem[] }>(
      { query: UNREAD_SUBSCRIPTION },
      {
        next: ({ data }) => {
          const rows = data?.notificacao_notificacao ?? [];
          setItems(rows.filter((r) => !dismissed.current.has(r.id)));
          setLoaded(true);
        },
        error: () => setLoaded(true),
        complete: () => undefined,
      },
    );
    return () => {
      stop();
      // dispose() waits for a connection still being made, and rejects if that one fails.
      Promise.resolve(client?.dispose()).catch(() => undefined);
    };
    // A new user (or sign-in) opens a new connection; a refreshed token keeps the open one.
  }, [apiBase, connected, usuarioId]);

  const dismiss = useCallback((ids: number[]) => {
    for (const id of ids) dismissed.current.add(id);
    setItems((list) => list.filter((i) => !ids.includes(i.id)));
  }, []);
  const restore = useCallback((back: NotificationItem[]) => {
    for (const i of back) dismissed.current.delete(i.id);
    setItems((list) => [...back, ...list.filter((i) => !back.some((b) => b.id === i.id))].sort((a, b) => b.created_at.localeCompare(a.created_at)));
  }, []);

  return { items, loaded, dismiss, restore };
}
