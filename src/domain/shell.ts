// Pure rules of the application shell (foundation spec, sections 2, 4 and 9).

/** Top-menu icons by window width: up to 500 px 2; 700 px 4; 800 px 6; 900 px 8; 1000 px 9; above, 10. */
export function topMenuIconCount(width: number): number {
  if (width <= 500) return 2;
  if (width <= 700) return 4;
  if (width <= 800) return 6;
  if (width <= 900) return 8;
  if (width <= 1000) return 9;
  return 10;
}

/** The most icons the top menu shows; below it, arrows scroll through the rest. */
export const TOP_MENU_MAX_ICONS = 10;

/** The side menu appears above this width. */
export const SIDEBAR_MIN_WIDTH = 500;

/** Unread notifications stay highlighted this long after they appear. */
export const UNREAD_HIGHLIGHT_MS = 3000;

/** Delay between list items appearing in the notification lists. */
export const NOTIFICATION_STAGGER_MS = 50;

/** The role-consistency check runs this long after load. */
export const ROLE_CHECK_DELAY_MS = 200;

/**
 * The marker of an incident's text (its wording is not in the spec): replaced with '-', and
 * ' Impactados' appended, as the incident bell lists it.
 */
export const INCIDENT_MARKER = '|';

/** The module of the notifications the incident bell lists ({ modulo: 'incidentes', msg }). */
export const INCIDENT_MODULE = 'incidentes';

export function isIncident(data: unknown): boolean {
  return Boolean(data) && typeof data === 'object' && (data as { modulo?: unknown }).modulo === INCIDENT_MODULE;
}

export function incidentText(text: string): string {
  return `${text.split(INCIDENT_MARKER).join('-')} Impactados`;
}

/** Notification content as the bell shows it; null when it is not a recognised { modulo, msg }. */
export function notificationText(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { msg } = data as { modulo?: unknown; msg?: unknown };
  return typeof msg === 'string' && msg.trim() ? msg : null;
}

/**
 * The screen a notification leads to ({ modulo, msg, link: '/news/12' }: a published news item), when
 * its content names one inside the app (a path, never another site); null otherwise.
 */
export function notificationLink(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { link } = data as { link?: unknown };
  return typeof link === 'string' && /^\/(?![/\\])[^\s]*$/.test(link) && link.length <= 500 ? link : null;
}

/** Same roles, whatever the order (the role-consistency check). */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const x = [...new Set(a)].sort();
  const y = [...new Set(b)].sort();
  return x.length === y.length && x.every((r, i) => r === y[i]);
}
