// The authorization tests' oracle (tests/api/access.test.ts for the schemas' REST and GraphQL,
// tests/api/v1-access.test.ts for the v1 calls): the spec's rules (foundation document, section 6)
// written out here, not the server's roleAllows, so that a wrong rule in the server is caught.
import { SUPERADMIN, type AccessRule, type Right } from '../../src/domain/roles.js';

/**
 * The levels each right admits: create/edit superadmin, gestor, solicitante; manage superadmin,
 * gestor; read adds leitor; 'user' any signed-in role but guest; anyGestor a gestor of any module;
 * configuracao the superadmin's alone.
 */
const LEVELS: Record<Right, readonly string[]> = {
  public: ['superadmin', 'gestor', 'solicitante', 'leitor', 'user', 'guest'],
  user: ['superadmin', 'gestor', 'solicitante', 'leitor', 'user'],
  read: ['superadmin', 'gestor', 'solicitante', 'leitor'],
  edit: ['superadmin', 'gestor', 'solicitante'],
  manage: ['superadmin', 'gestor'],
  anyGestor: ['superadmin', 'gestor'],
  anyRole: ['superadmin', 'gestor', 'solicitante', 'leitor'],
  superadmin: ['superadmin'],
};

/** Whether a user holding exactly `role` (and acting with it) may do what needs `rule` in one of `areas`. */
export function expectedAllowed(role: string, rule: AccessRule, areas: readonly string[]): boolean {
  return (typeof rule === 'string' ? [rule] : rule).some((right) => expectedAllowedOne(role, right, areas));
}

function expectedAllowedOne(role: string, right: Right, areas: readonly string[]): boolean {
  if (role === SUPERADMIN) return true;
  const [module, level] = role.includes(':') ? role.split(':') : [null, role];
  if (!LEVELS[right].includes(level)) return false;
  if (right === 'public' || right === 'user') return true;
  if (right === 'anyGestor' || right === 'anyRole') return module !== 'configuracao';
  if (areas.includes('configuracao')) return false;
  return module !== null && areas.includes(module);
}

/** The roles to try on what belongs to these areas: the superadmin, every level of each area, user, guest, another module's gestor. */
export function matrixRoles(areas: readonly string[]): string[] {
  return [
    SUPERADMIN,
    ...areas.flatMap((a) => [`${a}:gestor`, `${a}:solicitante`, `${a}:leitor`]),
    'user',
    'guest',
    areas.includes('vendas') ? 'marketing:gestor' : 'vendas:gestor',
  ];
}
