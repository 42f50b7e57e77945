// The signed-in user's unread notifications (foundation spec, sections 4 and 7): a live list over
// the GraphQL subscription (graphql-ws, lazy and reconnecting, with the notification role header),
// and marking them read with POST /v1/notificacao/usuario.
//
// The server checks the connection's token again on every re-read of the live query, and ends the
// subscription with 'Sua sessão expirou' once it has expired: the session is then refreshed and a
// new connection opened (its connection_init carries the new token). A dropped socket reconnects by
// itself, and connection_init is read again at each connect, so it carries the current token too.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Client } from 'graphql-ws';
import { effectiveRole, ROLE_HEADER, roleHeaderValue } from '../../domain/roles.js';
import { AUTH_MSG } from '../../domain/messages.js';
import { freshSession, getSession, refreshSession, useSession, withSession } from '../core/session.js';
import type { Notifications, Stored } from '../../generated/entities.js';

/** What UNREAD_SUBSCRIPTION selects of a notification; `data` as read from the wire (the bell tells content of another shape apart). */
export type NotificationItem = Pick<Stored<Notifications>, 'id' | 'id_mensagem' | 'lido' | 'created_at' | 'remetente_nome'> & { data: unknown };

export const NOTIFICATION_MODULE = 'notificacao';
/** The bells list the newest unread notifications, this many (the badge counts them all). */
export const UNREAD_LIMIT = 50;
export const UNREAD_SUBSCRIPTION = `subscription { notificacao_notificacao(where: {lido: {_eq: false}}, order_by: [{created_at: desc}], limit: ${UNREAD_LIMIT}) { id id_mensagem lido created_at remetente_nome data } }`;
export const UNREAD_COUNT_SUBSCRIPTION = `subscription { notificacao_notificacao_aggregate(where: {lido: {_eq: false}}) { aggregate { count } } }`;
export const MARK_READ_ERROR = 'Ocorreu algum erro ao marcar as notificações como lidas';

/** ws(s)://<host>/v1/graphql of the server at apiBase ('' = this page's). */
export function graphqlWsUrl(apiBase: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const base = apiBase ? new URL(apiBase) : null;
  const secure = (base?.protocol ?? location.protocol) === 'https:';
  return `${secure ? 'wss' : 'ws'}://${base?.host ?? location.host}/v1/graphql`;
}

/** The role header of the notification area's calls (none when the user holds no role there). */
function notificationRole(roles: readonly string[]): Record<string, string> {
  const role = roleHeaderValue(effectiveRole(roles, NOTIFICATION_MODULE));
  return role ? { [ROLE_HEADER]: role } : {};
}

/** The connection_init payload: the token and the notification role header. */
export async function connectionParams(): Promise<{ authorization?: string; [header: string]: string | undefined }> {
  const session = await freshSession();
  if (!session) return {};
  return { authorization: `Bearer ${session.token}`, ...notificationRole(session.roles) };
}

/** Marks notifications read for the signed-in user; throws on refusal. */
export async function markRead(apiBase: string, items: Pick<NotificationItem, 'id_mensagem'>[]): Promise<void> {
  await withSession(async (session) => {
    const usuarioId = session?.user?.usuarioId;
    if (!session || !usuarioId || !items.length) throw new Error(MARK_READ_ERROR);
    const response = await fetch(`${apiBase}/v1/notificacao/usuario`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${session.token}`,
        ...notificationRole(session.roles),
      },
      body: JSON.stringify({ objects: items.map((i) => ({ id_mensagem: i.id_mensagem, id_usuario: usuarioId })) }),
    });
    if (!response.ok) throw Object.assign(new Error(MARK_READ_ERROR), { status: response.status });
  });
}

/** Whether a subscription's errors say the connection's token is no longer accepted. */
export function isSessionExpired(errors: unknown): boolean {
  if (!Array.isArray(errors)) return false;
  return errors.some((e: { message?: string; statusCode?: number; extensions?: { statusCode?: number } } | null) =>
    Boolean(e) && (e!.extensions?.statusCode === 401 || e!.statusCode === 401 || e!.message === AUTH_MSG.sessionExpired),
  );
}

/**
 * After the server refused the token `used` by a connection: true when a newer token is there to
 * connect with (refreshed now, or already by another call), false when the session is over.
 */
export async function renewSession(used: string | null): Promise<boolean> {
  const current = getSession();
  if (!current) return false;
  if (used && current.token !== used) return true;
  return Boolean(await refreshSession());
}

/** Waits before subscribing again after an error other than an expired session: 2 s, 4 s, ... up to a minute. */
export const resubscribeDelay = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(1, failures));

export interface NotificationsState {
  /** The newest unread notifications (at most UNREAD_LIMIT), less those being marked read. */
  items: NotificationItem[];
  /** How many are unread in all (the badge), also past the UNREAD_LIMIT listed. */
  count: number;
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
  // The server's answers: the newest unread rows and the count of every unread one.
  const [rows, setRows] = useState<NotificationItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  const [loaded, setLoaded] = useState(false);
  const connected = Boolean(token);

  // A new value restarts the connection (after an expired session, or an error).
  const [generation, setGeneration] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    if (!connected) {
      setRows([]);
      setTotal(null);
      setDismissed(new Set());
      setLoaded(false);
      failures.current = 0;
      return;
    }
    let ended = false;
    let restarting = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The token the current connection was opened with.
    let used: string | null = null;
    let client: Client | null = null;
    const stops: (() => void)[] = [];
    const restart = () => {
      if (ended || restarting) return;
      restarting = true;
      setGeneration((g) => g + 1);
    };
    // Both live queries share the connection, and its fate: an expired token renews the session
    // and restarts both; another error restarts them after a pause.
    const sink = <T,>(take: (data: T) => void) => ({
      next: ({ data }: { data?: T | null }) => {
        failures.current = 0;
        if (data) take(data);
        setLoaded(true);
      },
      error: (errors: unknown) => {
        setLoaded(true);
        if (ended || restarting) return;
        if (isSessionExpired(errors)) {
          void renewSession(used).then((renewed) => renewed && restart());
          return;
        }
        failures.current += 1;
        clearTimeout(retry);
        retry = setTimeout(restart, resubscribeDelay(failures.current));
      },
      // The server ended the live query (it restarted, ...): subscribe again.
      complete: () => {
        if (ended || restarting) return;
        clearTimeout(retry);
        retry = setTimeout(restart, resubscribeDelay(failures.current));
      },
    });
    // graphql-ws loads after the first screen: the live list starts once it is here.
    void import('graphql-ws')
      .then(({ createClient }) => {
        if (ended) return;
        client = createClient({
          url: graphqlWsUrl(apiBase),
          lazy: true,
          retryAttempts: Infinity,
          shouldRetry: () => Boolean(getSession()),
          connectionParams: async () => {
            const params = await connectionParams();
            used = params.authorization?.replace(/^Bearer /, '') ?? null;
            return params;
          },
        });
        const live = client;
        stops.push(
          live.subscribe<{ notificacao_notificacao: NotificationItem[] }>(
            { query: UNREAD_SUBSCRIPTION },
            sink((data) => {
              const list = data.notificacao_notificacao ?? [];
              setRows(list);
              // Ids marked read meanwhile that the server no longer lists are done with.
              setDismissed((ids) => (ids.size ? new Set(list.filter((r) => ids.has(r.id)).map((r) => r.id)) : ids));
            }),
          ),
          live.subscribe<{ notificacao_notificacao_aggregate: { aggregate: { count: number } } }>(
            { query: UNREAD_COUNT_SUBSCRIPTION },
            sink((data) => setTotal(data.notificacao_notificacao_aggregate?.aggregate?.count ?? null)),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      clearTimeout(retry);
      for (const stop of stops) stop();
      // dispose() waits for a connection still being made, and rejects if that one fails.
      Promise.resolve(client?.dispose()).catch(() => undefined);
    };
    // A new user (or sign-in) opens a new connection; so does a restart. A token refreshed by other
    // calls keeps the open one until the server refuses its token.
  }, [apiBase, connected, usuarioId, generation]);

  const dismiss = useCallback((ids: number[]) => setDismissed((set) => new Set([...set, ...ids])), []);
  const restore = useCallback((back: NotificationItem[]) => setDismissed((set) => new Set([...set].filter((id) => !back.some((b) => b.id === id)))), []);

  const items = dismissed.size ? rows.filter((r) => !dismissed.has(r.id)) : rows;
  const pending = rows.length - items.length;
  const count = total === null ? items.length : Math.max(items.length, total - pending);
  return { items, count, loaded, dismiss, restore };
}
