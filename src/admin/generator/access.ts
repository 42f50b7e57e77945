// Role gates of the generated screens: what the signed-in user may do with a resource, from the
// schema's x-intranet.access and module and the session's roles, decided by the same functions the
// server checks the role header with (src/domain/roles.ts).
import { userAllows } from '../../domain/roles.js';
import { useSession } from '../session.js';
import type { Operation, ResourceConfig } from './schemas.js';

export type Rights = Record<Operation, boolean>;

const OPERATIONS: Operation[] = ['list', 'get', 'create', 'update', 'delete'];

type AccessConfig = Pick<ResourceConfig, 'access' | 'module'> & { alsoModules?: string[] };

/** The rights of someone holding `roles` on the resource: a right held in any of its role areas counts. */
export function rightsOf(config: AccessConfig, roles: readonly string[]): Rights {
  const areas = [config.module, ...(config.alsoModules ?? [])];
  const out = {} as Rights;
  for (const op of OPERATIONS) {
    const right = config.access?.[op] ?? 'superadmin';
    out[op] = areas.some((area) => userAllows(roles, right, area));
  }
  return out;
}

/** The current session's rights on the resource (no session: none but public ones); follows sign-in and sign-out. */
export function useRights(config: AccessConfig): Rights {
  return rightsOf(config, useSession()?.roles ?? []);
}

/** The profile name the admin table shows for the superadmin role. */
export const SUPER_ADMIN_LABEL = 'Super Admin';

/** Rows whose profile is 'Super Admin' cannot be deleted (foundation document, section 6). */
export function isSuperAdminRow(record: Record<string, unknown> | undefined): boolean {
  if (!record) return false;
  if (record.perfil === SUPER_ADMIN_LABEL) return true;
  const roles = record.papeis ?? record.roles;
  return Array.isArray(roles) && roles.includes('users:superadmin');
}
