// Who may see a menu item or open a screen (foundation spec, section 6), as plain rules over the
// signed-in user's roles and employee flag. Pure: menus, cards, the screens' gates (screens.ts) and
// the tests all decide with allowed().
import { anyGestor, effectiveRole, isStaffMember, isSuperadmin, roleAllows, type Right } from '../../domain/roles.js';
import { rightsOf } from './access.js';
import { summaryByResource } from './resources.js';
import type { Operation } from './schemas.js';

/** Who may see an item or open a screen (every condition given must hold; none given: any signed-in user). */
export interface AccessRule {
  /** A role of one of these modules granting `right` (default 'read': superadmin, gestor, solicitante, leitor). */
  modules?: string[];
  right?: Right;
  /** Any one of these roles (the superadmin always passes). */
  roles?: string[];
  /** Employees only (the session user's employee flag). */
  employee?: boolean;
  /** Staff: an employee, or anyone with a module role (leitor and up); not candidates and guests. */
  staff?: boolean;
  /** Not for candidates (whose only role is 'user' and who are not employees). */
  notCandidate?: boolean;
  /** A manager of any module (anyGestor). */
  manager?: boolean;
  /** Inactive items are hidden. */
  active?: boolean;
  /** A check of its own, given the screen's path parameters when there are any (the profile's id). */
  when?: (viewer: Viewer, params: ScreenParams) => boolean;
}

/** The path parameters of a screen (':id' of '/users/profile/:id'). */
export type ScreenParams = Readonly<Record<string, string | undefined>>;

export interface Viewer {
  roles: readonly string[];
  employee: boolean;
  /** The signed-in user's id (usuarioId), for screens of one's own records. */
  usuarioId?: number;
}

/** An employee, or someone with a module role (the contacts' and calendar's readers). */
export const isStaff = (viewer: Viewer) => isStaffMember(viewer.roles, viewer.employee);

/** A job candidate: not an employee, and no role but 'user'. */
export const isCandidate = (viewer: Viewer) => !viewer.employee && viewer.roles.every((r) => r === 'user');

export function allowed(rule: AccessRule, viewer: Viewer, params: ScreenParams = {}): boolean {
  const { roles } = viewer;
  if (rule.active === false) return false;
  if (rule.employee && !viewer.employee) return false;
  if (rule.staff && !isStaff(viewer)) return false;
  if (rule.notCandidate && isCandidate(viewer)) return false;
  if (rule.manager && !anyGestor(roles)) return false;
  if (rule.roles && !isSuperadmin(roles) && !rule.roles.some((r) => roles.includes(r))) return false;
  if (rule.modules && !rule.modules.some((m) => roleAllows(effectiveRole(roles, m), rule.right ?? 'read', m))) return false;
  if (rule.when && !rule.when(viewer, params)) return false;
  return true;
}

/** Who may open a screen: a rule over roles, and/or an operation's right on a generated resource. */
export interface ScreenAccess extends AccessRule {
  /** The right of `operation` (default list) on this generated resource (its schema's access, rightsOf). */
  resource?: string;
  operation?: Operation;
  /** Anyone, signed in or not (the public pages). */
  public?: boolean;
}

/** Whether `viewer` may open a screen with this access. */
export function mayOpen(access: ScreenAccess, viewer: Viewer, params: ScreenParams = {}): boolean {
  if (access.public) return true;
  if (access.resource) {
    const config = summaryByResource.get(access.resource);
    if (!config || !rightsOf(config, viewer.roles)[access.operation ?? 'list']) return false;
  }
  return allowed(access, viewer, params);
}

/** The screen of a user's own record (`param`: the path parameter holding the user's id), or who passes `others`. */
export const ownOr =
  (others: AccessRule, param = 'id') =>
  (viewer: Viewer, params: ScreenParams) =>
    (viewer.usuarioId !== undefined && params[param] === String(viewer.usuarioId)) || allowed(others, viewer);
