// Roles and rights (foundation document, section 6). Pure: the server and the browser both decide
// with these functions.

export const SUPERADMIN = 'users:superadmin';
export const ROLE_HEADER = 'x-intranet-role';

export type Level = 'superadmin' | 'gestor' | 'solicitante' | 'leitor' | 'user' | 'guest';
/**
 * The right an operation needs. anyGestor: a gestor of any module (or the superadmin), for what the
 * spec gives to "module managers" whatever their module (the users list, Settings). anyRole: a role
 * of any module, leitor and up (the providers, which every module's records name and filter by).
 */
export type Right = 'public' | 'user' | 'read' | 'edit' | 'manage' | 'anyGestor' | 'anyRole' | 'superadmin';
/**
 * What a schema's x-intranet.access gives an operation: one right, or a list of rights any of which
 * suffices (["read", "anyGestor"]: the module's readers, and any module manager).
 */
export type AccessRule = Right | readonly Right[];

/** The rights of an access rule, as a list. */
export const rightsIn = (rule: AccessRule): readonly Right[] => (typeof rule === 'string' ? [rule] : rule);

/** Modules whose rights only the superadmin has. */
const SUPERADMIN_ONLY_MODULES = new Set(['configuracao']);
const MODULE_LEVELS = ['gestor', 'solicitante', 'leitor'] as const;

export const isSuperadmin = (roles: readonly string[]) => roles.includes(SUPERADMIN);

/** The level a role string grants: 'rh:gestor' -> gestor; 'users:superadmin' -> superadmin. */
export function levelOf(role: string): Level {
  if (role === SUPERADMIN) return 'superadmin';
  if (role === 'user') return 'user';
  const level = role.split(':')[1];
  return (MODULE_LEVELS as readonly string[]).includes(level) ? (level as Level) : 'guest';
}

export const moduleOf = (role: string) => (role.includes(':') ? role.split(':')[0] : null);

/**
 * The effective role for a module: the first match in the priority superadmin, gestor, solicitante,
 * leitor, user; else guest.
 */
export function effectiveRole(roles: readonly string[], module: string): string {
  if (isSuperadmin(roles)) return SUPERADMIN;
  for (const level of MODULE_LEVELS) if (roles.includes(`${module}:${level}`)) return `${module}:${level}`;
  if (roles.includes('user')) return 'user';
  return 'guest';
}

const LEVEL_RANK: Record<Level, number> = { superadmin: 5, gestor: 4, solicitante: 3, leitor: 2, user: 1, guest: 0 };

/** The best of the effective roles of several areas (e.g. onboarding calls, which either area may make). */
export function bestRole(roles: readonly string[], areas: readonly string[]): string {
  return areas.map((a) => effectiveRole(roles, a)).reduce((best, r) => (LEVEL_RANK[levelOf(r)] > LEVEL_RANK[levelOf(best)] ? r : best), 'guest');
}

/** Whether a role (as sent in the role header) grants a right on a module. */
export function roleAllows(role: string, right: Right, module: string): boolean {
  if (right === 'public') return true;
  const level = levelOf(role);
  // Any signed-in user: every role but the guest's.
  if (right === 'user') return level !== 'guest';
  if (level === 'superadmin') return true;
  if (right === 'superadmin') return false;
  // A gestor role of any module (one that is not the superadmin's alone).
  if (right === 'anyGestor') return level === 'gestor' && !SUPERADMIN_ONLY_MODULES.has(moduleOf(role) ?? '');
  if (right === 'anyRole') return (level === 'gestor' || level === 'solicitante' || level === 'leitor') && !SUPERADMIN_ONLY_MODULES.has(moduleOf(role) ?? '');
  if (SUPERADMIN_ONLY_MODULES.has(module)) return false;
  if (moduleOf(role) !== module) return false;
  if (right === 'manage') return level === 'gestor';
  if (right === 'edit') return level === 'gestor' || level === 'solicitante';
  return level === 'gestor' || level === 'solicitante' || level === 'leitor';
}

/**
 * Whether a user holding `roles` and acting with `role` (the role header, or their effective role for
 * the module) has `right` on `module`. Only anyGestor and anyRole look past the acting role: acting
 * with a module role, that role must be a gestor one (any module role for anyRole); acting with no
 * module role ('user', 'guest', the role a module gives someone who holds none of it), any such role
 * the user holds counts.
 */
export function rolesAllow(roles: readonly string[], role: string, rule: AccessRule, module: string): boolean {
  return rightsIn(rule).some((right) => {
    if ((right !== 'anyGestor' && right !== 'anyRole') || levelOf(role) === 'superadmin' || moduleOf(role)) return roleAllows(role, right, module);
    return roles.some((r) => roleAllows(r, right, module));
  });
}

/** A user's right on a module with their effective role for it (the browser's check, without a role header). */
export const userAllows = (roles: readonly string[], rule: AccessRule, module: string) => rolesAllow(roles, effectiveRole(roles, module), rule, module);

/** Create/edit right of the user on a module (superadmin, gestor or solicitante). */
export const canEdit = (roles: readonly string[], module: string) => roleAllows(effectiveRole(roles, module), 'edit', module);
/** Manage right (superadmin or gestor). */
export const canManage = (roles: readonly string[], module: string) => roleAllows(effectiveRole(roles, module), 'manage', module);
/** Read right (leitor and up). */
export const canRead = (roles: readonly string[], module: string) => roleAllows(effectiveRole(roles, module), 'read', module);
export const isReader = (roles: readonly string[], module: string) => levelOf(effectiveRole(roles, module)) === 'leitor';

/** Any gestor role, in any module (or the superadmin). */
export const anyGestor = (roles: readonly string[]) => isSuperadmin(roles) || roles.some((r) => roleAllows(r, 'anyGestor', ''));
export const anyGestorOrSolicitante = (roles: readonly string[]) =>
  isSuperadmin(roles) || roles.some((r) => levelOf(r) === 'gestor' || levelOf(r) === 'solicitante');

const STAFF_LEVELS = new Set<Level>(['superadmin', 'gestor', 'solicitante', 'leitor']);
/** A role of any module (leitor and up), or the superadmin's. */
export const hasStaffRole = (roles: readonly string[]) => roles.some((r) => STAFF_LEVELS.has(levelOf(r)));
/** Staff: an employee, or someone with a staff role; not a candidate of the careers site (role user only) nor a guest. */
export const isStaffMember = (roles: readonly string[], employee: boolean) => employee || hasStaffRole(roles);

/** The modules a user has a role in (the session user's "modules" claim). */
export function modulesOf(roles: readonly string[]): string[] {
  return [...new Set(roles.map(moduleOf).filter((m): m is string => Boolean(m) && m !== 'users'))].sort();
}

/** A role string as stored: users:superadmin, user, guest, or module:level. */
export const ROLE_PATTERN = '^(users:superadmin|user|guest|[a-z][a-z_]*:(gestor|solicitante|leitor|\\*|[a-z_]+))$';

/**
 * The role header of a signed-in user's call that acts with `role`: none for the guest's. A user
 * holding no role of the area (not even 'user') is still signed in, with the 'user' right the server
 * gives a call without the header; naming 'guest' is for who chooses to act without rights.
 */
export const roleHeaderValue = (role: string): string | undefined => (role === 'guest' ? undefined : role);

/** The levels a user can have in a module, from none up (the permission editor's choices). */
export const PERMISSION_LEVELS = ['nenhum', 'leitor', 'solicitante', 'gestor'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export const PERMISSION_LEVEL_LABELS: Record<PermissionLevel, string> = {
  nenhum: 'Sem acesso',
  leitor: 'Leitor',
  solicitante: 'Solicitante',
  gestor: 'Gestor',
};

/** The modules of section 6 of the foundation document (the schemas may add more). */
export const KNOWN_MODULES = [
  'rh', 'onboarding', 'marketing', 'vendas', 'regua_comunicacao', 'suprimentos', 'notificacao', 'roulette',
  'perfil', 'provedor', 'settings', 'pagina_inicial',
] as const;

/** The users administrator: administers the users of their providers (grants the roles they hold, as any gestor). */
export const USERS_GESTOR = 'users:gestor';

/**
 * Whether someone holding `actorRoles` may grant (or take away) `role`: the superadmin any role;
 * nobody else the superadmin role; a gestor the roles of the modules they manage (the users
 * administrator, users:gestor, included: nobody grants a role they do not hold); any gestor the plain
 * 'user' and 'guest' roles.
 */
export function canGrantRole(actorRoles: readonly string[], role: string): boolean {
  if (isSuperadmin(actorRoles)) return true;
  if (role === SUPERADMIN) return false;
  const module = moduleOf(role);
  if (!module) return anyGestor(actorRoles);
  return !SUPERADMIN_ONLY_MODULES.has(module) && actorRoles.includes(`${module}:gestor`);
}

/** The modules whose roles someone may grant (all of them for the superadmin). */
export function grantableModules(actorRoles: readonly string[], modules: readonly string[]): string[] {
  return modules.filter((m) => canGrantRole(actorRoles, `${m}:gestor`));
}

/** A user's level in a module, as the permission editor shows it ('nenhum' without a role of it). */
export function moduleLevel(roles: readonly string[], module: string): PermissionLevel {
  for (const level of MODULE_LEVELS) if (roles.includes(`${module}:${level}`)) return level;
  return 'nenhum';
}

/** The roles with `module` set to `level` (its other roles of the module removed), order kept. */
export function withModuleLevel(roles: readonly string[], module: string, level: PermissionLevel): string[] {
  const kept = roles.filter((r) => !(moduleOf(r) === module && (MODULE_LEVELS as readonly string[]).includes(r.split(':')[1])));
  return level === 'nenhum' ? kept : [...kept, `${module}:${level}`];
}

/** The roles added and removed between two sets. */
export function roleChanges(before: readonly string[], after: readonly string[]): { added: string[]; removed: string[] } {
  return { added: after.filter((r) => !before.includes(r)), removed: before.filter((r) => !after.includes(r)) };
}

/** Short pt-BR names of the role areas, as role names use them ('Gestor de RH'). */
export const ROLE_AREA_NAMES: Record<string, string> = {
  rh: 'RH',
  onboarding: 'Onboarding',
  marketing: 'Marketing',
  vendas: 'Vendas',
  regua_comunicacao: 'Régua de Comunicação',
  suprimentos: 'Suprimentos',
  notificacao: 'Notificações',
  notifications: 'Notificações',
  roulette: 'Roleta',
  perfil: 'Perfil',
  provedor: 'Provedores',
  settings: 'Configurações',
  configuracao: 'Configurações do Sistema',
  pagina_inicial: 'Página Inicial',
  users: 'Usuários',
  incidentes: 'Incidentes',
  desligamentos: 'Desligamentos',
  banco_talentos: 'Banco de Talentos',
  frota: 'Frota',
};

const ROLE_LEVEL_NAMES: Record<string, string> = {
  gestor: 'Gestor',
  solicitante: 'Solicitante',
  leitor: 'Leitor',
  viewer: 'Visualizador',
  '*': 'Todos os papéis',
};

/**
 * A role as people read it: 'Gestor de RH' for rh:gestor, 'Super Admin', 'Usuário' for user,
 * 'Visitante' for guest; a role of an unknown level or area keeps its code.
 */
export function roleLabel(role: string): string {
  if (role === SUPERADMIN) return 'Super Admin';
  if (role === 'user') return 'Usuário';
  if (role === 'guest') return 'Visitante';
  const [area, level] = role.split(':');
  const levelName = level === undefined ? undefined : ROLE_LEVEL_NAMES[level];
  if (!levelName) return role;
  const areaName = ROLE_AREA_NAMES[area] ?? area.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return `${levelName} de ${areaName}`;
}
