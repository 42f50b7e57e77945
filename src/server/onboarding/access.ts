// Who may do what with onboarding (HR document, section 6). The onboarding calls belong to two role
// areas: HR managers call them with their rh role ("HR managers use the rh role"), onboarding staff
// with their onboarding role; so a role header of either area is accepted, and without a header the
// higher of the user's two effective roles acts.
//   read    (leitor and up): lists, one onboarding, trails, contents, reports
//   edit    (solicitante and up): create an onboarding, link and unlink trails ("link trails")
//   manage  (gestor and up): edit an onboarding and toggle its status
//   superadmin: delete an onboarding ("only users:superadmin in the onboarding role")
// Reports (section 6: "users with an onboarding:solicitante role are filtered to their own
// department... Others see all"): the role the call acts with decides. Acting as a solicitante
// (onboarding:solicitante, or rh:solicitante, since rh roles act on onboarding too) narrows the report
// to the user's own department, found from their position's sector; acting as leitor, gestor or
// superadmin shows every department. So someone holding both onboarding:solicitante and a gestor role
// sees all when acting as gestor (their best role, without a header) and their department when the
// role header names the solicitante role.
import { bestRole, levelOf, roleAllows, ROLE_HEADER, type Level, type Right } from '../../domain/roles.js';
import { forbidden, requireUser, roleOf, type Caller } from '../auth/access.js';
import type { Actor } from '../resources/service.js';

export const ONBOARDING_AREAS = ['onboarding', 'rh'] as const;
export const VACANCY_AREAS = ['rh'] as const;

export interface AreaActor extends Actor {
  userId: number;
  /** The role the call acts with. */
  role: string;
  level: Level;
  roles: string[];
}

/** The role of the call in these areas: the role header (one of the user's roles), else the best effective role. */
export function areaRole(caller: Caller, areas: readonly string[]): string {
  const user = requireUser(caller);
  const header = caller.headers[ROLE_HEADER];
  if (header === undefined || header === '') {
    return bestRole(user.roles, areas);
  }
  // roleOf refuses a header that is not one of the user's roles.
  return roleOf(caller, areas[0]);
}

/** Checks a right in one of the areas and answers the actor (audit user, provider scope, role). */
export function authorizeArea(caller: Caller, right: Right, areas: readonly string[] = ONBOARDING_AREAS): AreaActor {
  const role = areaRole(caller, areas);
  // 'user': any signed-in user, whatever their roles, unless the call names the guest role.
  const allowed = right === 'user' ? role !== 'guest' || caller.headers[ROLE_HEADER] !== 'guest' : areas.some((a) => roleAllows(role, right, a));
  if (!allowed) throw forbidden();
  const user = caller.auth!;
  const level = levelOf(role);
  return { userId: user.id, providerIds: level === 'superadmin' ? null : user.providerIds, role, level, roles: user.roles };
}

/** Whether the actor manages onboarding (gestor of either area, or the superadmin). */
export const managesOnboarding = (actor: AreaActor) => ONBOARDING_AREAS.some((a) => roleAllows(actor.role, 'manage', a));

/** Whether the report must be narrowed to the user's own department (section 6): the call acts as a solicitante. */
export const reportLimitedToDepartment = (actor: AreaActor): boolean => actor.level === 'solicitante';
