// Role gates of the generated screens: what the signed-in user may do with a resource, from the
// schema's x-intranet.access and module and the session's roles, decided by the same functions the
// server checks the role header with (src/domain/roles.ts).
import { userAllows } from '../../domain/roles.js';
import { useSession } from './session.js';
import { fieldPath } from './paths.js';
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

/** The fields of x-intranet.fieldAccess whose right someone holding `roles` lacks in every area of the resource. */
export function lockedFieldsOf(config: AccessConfig & Pick<ResourceConfig, 'fieldAccess'>, roles: readonly string[]): Set<string> {
  const areas = [config.module, ...(config.alsoModules ?? [])];
  return new Set(Object.entries(config.fieldAccess ?? {}).filter(([, right]) => !areas.some((area) => userAllows(roles, right, area))).map(([field]) => field));
}

/** The current session's rights on the resource (no session: none but public ones); follows sign-in and sign-out. */
export function useRights(config: AccessConfig): Rights {
  return rightsOf(config, useSession()?.roles ?? []);
}

type Lookup = (resource: string) => ResourceConfig | undefined;

/**
 * Whether someone holding `roles` may read what a list column or filter shows: a plain field, or a
 * reference (or a path through references) whose every resource they may list, which is how a table
 * reads the labels it shows. A reference they may not read would only draw an error in each cell.
 */
export function mayReadColumn(config: ResourceConfig, column: string, roles: readonly string[], lookup: Lookup): boolean {
  const steps = fieldPath(config, column, lookup);
  if (!steps) return true;
  return steps.every((step) => {
    const target = step.reference && lookup(step.reference.resource);
    return !target || rightsOf(target, roles).list;
  });
}

/**
 * The list of a resource as someone holding `roles` sees it: without the columns, expanded fields
 * and filters of references to resources they may not read (a candidate's own resume entries show
 * no owner column: only who may read the users has their names).
 */
export function readableList(config: ResourceConfig, roles: readonly string[], lookup: Lookup): ResourceConfig {
  const keep = (fields: string[]) => fields.filter((f) => mayReadColumn(config, f, roles, lookup));
  const columns = keep(config.list.columns);
  const filters = keep(config.list.filters);
  const expand = keep(config.list.expand);
  const same = columns.length === config.list.columns.length && filters.length === config.list.filters.length && expand.length === config.list.expand.length;
  return same ? config : { ...config, list: { ...config.list, columns, filters, expand } };
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
