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
import type { FastifyRequest } from 'fastify';
import { levelOf, roleAllows, type Level } from '../../domain/roles.js';
import { forbidden } from '../auth/access.js';
import type { Actor } from '../resources/service.js';

export const ONBOARDING_AREAS = ['onboarding', 'rh'] as const;
export const VACANCY_AREAS = ['rh'] as const;

export interface AreaActor extends Actor {
  userId: number;
  /** The role the call acts with. */
  role: string;
  level: Level;
}

/**
 * The actor of a call whose route declares a right in these areas (config.access { module: ONBOARDING_AREAS, right }):
 * the role header's role, else the best of the user's roles of those areas, acts.
 */
export function areaActor(request: FastifyRequest): AreaActor {
  const { actor } = request;
  if (!actor || actor.userId === null || actor.role === undefined) throw forbidden();
  return { ...actor, userId: actor.userId, role: actor.role, level: levelOf(actor.role) };
}

/** Whether the actor manages onboarding (gestor of either area, or the superadmin). */
export const managesOnboarding = (actor: AreaActor) => ONBOARDING_AREAS.some((a) => roleAllows(actor.role, 'manage', a));

/** Whether the report must be narrowed to the user's own department (section 6): the call acts as a solicitante. */
export const reportLimitedToDepartment = (actor: AreaActor): boolean => actor.level === 'solicitante';
