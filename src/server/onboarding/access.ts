// Who may do what with onboarding (HR document, section 6). The onboarding calls belong to two role
// areas: HR managers call them with their rh role ("HR managers use the rh role"), onboarding staff
// with their onboarding role; so a role header of either area is accepted, and without a header the
// higher of the user's two effective roles acts.
//   read    (leitor and up): lists, one onboarding, trails, contents, reports
//   edit    (solicitante and up): create an onboarding, link and unlink trails ("link trails")
//   manage  (gestor and up): edit an onboarding and toggle its status
//   superadmin: delete an onboarding ("only users:superadmin in the onboarding role")
// Reports: a user holding onboarding:solicitante (or onboarding:leitor) who does not act as gestor or
// superadmin sees only their own department (found from their position's sector).
import { effectiveRole, levelOf, roleAllows, ROLE_HEADER, type Level, type Right } from '../../domain/roles.js';
import { forbidden, requireUser, roleOf, type Caller } from '../auth/access.js';
import type { Actor } from '../resources/service.js';

export const ONBOARDING_AREAS = ['onboarding', 'rh'] as const;
export const VACANCY_AREAS = ['rh'] as const;

const RANK: Record<Level, number> = { superadmin: 5, gestor: 4, solicitante: 3, leitor: 2, user: 1, guest: 0 };

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
    return areas.map((a) => effectiveRole(user.roles, a)).sort((a, b) => RANK[levelOf(b)] - RANK[levelOf(a)])[0];
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

/** Whether the report must be narrowed to the user's own department (section 6). */
export function reportLimitedToDepartment(actor: AreaActor): boolean {
  if (actor.level === 'superadmin' || actor.level === 'gestor') return false;
  return actor.roles.includes('onboarding:solicitante') || actor.roles.includes('onboarding:leitor');
}
