// Rules of the users resource no schema can say: a new user gets credentials (temporary password by
// e-mail), disabling a user revokes their sessions, and the privilege-escalation guard.
//
// Who administers users: any module manager (x-intranet.access "anyGestor"), inside their providers
// (the provider scope). Someone who is not the superadmin:
// - cannot grant or remove users:superadmin, nor edit or delete a superadmin user;
// - cannot grant or remove roles of modules they do not manage (gestor of that module: nobody grants
//   a role they do not hold, users:gestor included), whether directly or through access profiles:
//   linking a profile needs every role of it, active or not (the superadmin, who alone edits the
//   shared profiles, may activate it later), and the check compares the user's effective roles
//   before and after the write (auth.usuario.papeis, recomputed by the database from own roles and
//   profiles); deleting a user takes away all their roles, so it is refused for a user holding roles
//   of modules the caller does not manage;
// - cannot link or unlink providers they are not linked to themselves, nor leave a user without
//   providers (who would then be out of their sight);
// - cannot change or delete a user holding a role they could not grant, or linked to a provider
//   they are not linked to (assertMayAdminister): the account's e-mail, status or name is as much
//   theirs to guard as the roles.
// Nobody, the superadmin included, deletes their own user or a superadmin user.
// Each refusal is a 403 with the generic text followed by its reason.
import { AUTH_MSG } from '../../domain/messages.js';
import { canGrantRole, moduleOf, roleChanges, roleLabel, SUPERADMIN } from '../../domain/roles.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Actor, ResourceHooks } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import type { IdentityService } from './identity.js';
import type { CognitoUsers } from './cognitoUsers.js';

/** One sentence per role: not held at all, or held without managing its module. */
const grantRefusals = (held: readonly string[], roles: string[]) =>
  roles
    .map((r) => {
      const module = moduleOf(r);
      const why = held.includes(r) && module ? `: só quem é ${roleLabel(`${module}:gestor`)} o concede.` : ', que você não possui.';
      return `Você não pode conceder o papel "${roleLabel(r)}" (${r})${why}`;
    })
    .join(' ');

export const ESCALATION_MSG = {
  superadminRole: `${AUTH_MSG.notAuthorized} Só o superadmin concede ou remove o papel de superadmin.`,
  superadminUser: `${AUTH_MSG.notAuthorized} Só o superadmin altera ou exclui um superadmin.`,
  roles: (roles: string[]) =>
    `${AUTH_MSG.notAuthorized} Você não gerencia o(s) módulo(s) ${[...new Set(roles.map((r) => moduleOf(r) ?? r))].join(', ')} e não pode conceder ou remover os papéis ${roles.join(', ')}.`,
  grant: (held: readonly string[], roles: string[]) => `${AUTH_MSG.notAuthorized} ${grantRefusals(held, roles)}`,
  profileGrant: (held: readonly string[], profile: string, roles: string[]) =>
    `${AUTH_MSG.notAuthorized} O perfil de acesso "${profile}" dá papéis que você não pode conceder. ${grantRefusals(held, roles)}`,
  providers: `${AUTH_MSG.notAuthorized} Você só pode vincular ou desvincular provedores aos quais está vinculado.`,
  userScope: `${AUTH_MSG.notAuthorized} Este usuário está vinculado a provedores aos quais você não está vinculado.`,
  deleteSelf: `${AUTH_MSG.notAuthorized} Você não pode excluir o seu próprio usuário.`,
  deleteSuperadmin: `${AUTH_MSG.notAuthorized} Um superadmin não pode ser excluído; retire antes o papel de superadmin.`,
};

export const USERS_MSG = {
  providerRequired: 'Selecione um ou mais provedores',
} as const;

export const refuse = (message: string) => new HttpError(403, message, undefined, 'AccessDeniedException');

const rolesInTransaction = new WeakMap<Queryable, Promise<string[]>>();

/**
 * The acting user's (effective) roles as they were when the transaction began to write: read once
 * per transaction, before its first write, so someone editing their own user is judged by the roles
 * they had, not by those they are giving themselves.
 */
export function actorRoles(tx: Queryable, actor: Actor): Promise<string[]> {
  if (actor.userId === null) return Promise.resolve([]);
  let roles = rolesInTransaction.get(tx);
  if (!roles) {
    roles = tx.query<{ papeis: string[] }>('SELECT papeis FROM auth.usuario WHERE id = $1', [actor.userId]).then((r) => r.rows[0]?.papeis ?? []);
    rolesInTransaction.set(tx, roles);
  }
  return roles;
}

/** Refuses when the caller may not grant or take away every role that changes. */
export function assertGrantable(roles: readonly string[], before: readonly string[], after: readonly string[]) {
  const { added, removed } = roleChanges(before, after);
  const changed = [...added, ...removed];
  if (changed.includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminRole);
  const grants = added.filter((r) => !canGrantRole(roles, r));
  if (grants.length) throw refuse(ESCALATION_MSG.grant(roles, grants));
  const denied = removed.filter((r) => !canGrantRole(roles, r));
  if (denied.length) throw refuse(ESCALATION_MSG.roles(denied));
}

/** Refuses linking access profiles (active or not) with a role the caller may not grant. */
async function assertProfilesGrantable(tx: Queryable, roles: readonly string[], ids: number[]) {
  if (!ids.length) return;
  const { rows } = await tx.query<{ nome: string; papeis: string[] }>('SELECT nome, papeis FROM auth.perfil_acesso WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
  for (const profile of rows) {
    const denied = profile.papeis.filter((r) => !canGrantRole(roles, r));
    if (denied.length) throw refuse(ESCALATION_MSG.profileGrant(roles, profile.nome, denied));
  }
}

/**
 * Whether the actor may act on another user's account (a new temporary password, a required reset):
 * the rules of editing that user. Not a superadmin unless the actor is one; every provider of the
 * user must be one of the actor's; and the actor must manage every role the user holds.
 */
export async function assertMayAdminister(tx: Queryable, actor: Actor, target: { papeis: string[]; id_empresas: number[] }) {
  if (actor.providerIds === null) return;
  if (target.papeis.includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminUser);
  if (!target.id_empresas.every((p) => actor.providerIds!.includes(p))) throw refuse(ESCALATION_MSG.userScope);
  assertGrantable(await actorRoles(tx, actor), target.papeis, []);
}

const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);

async function cognitoProvisioning(cognito: CognitoUsers, operation: string, row: Record<string, any>, existing: Record<string, any> | null) {
  if (operation === 'create') {
    await cognito.create(row.email);
    if (row.ativo === false) await cognito.disable(row.email);
    return;
  }
  if (operation === 'delete') return cognito.remove(existing!.email);
  if (existing && existing.email.toLowerCase() !== String(row.email).toLowerCase()) await cognito.changeEmail(existing.email, row.email);
  if (existing?.ativo && row.ativo === false) await cognito.disable(row.email);
  if (existing && !existing.ativo && row.ativo === true) await cognito.enable(row.email);
}

/**
 * With Cognito (cognitoUsers given), people are provisioned in the user pool instead of getting
 * built-in credentials: created there (Cognito e-mails the temporary password), disabled and signed
 * out, re-enabled, their e-mail changed, deleted.
 */
export function usersHooks(identity: IdentityService, cognito?: CognitoUsers): ResourceHooks {
  return {
    async beforeWrite({ tx, actor, values, existing, operation }) {
      // Nobody deletes their own account or a superadmin's (the admin table's rule, spec section 6),
      // so the superadmin cannot lock everyone out by a delete.
      if (operation === 'delete' && existing) {
        if (actor.userId !== null && existing.id === actor.userId) throw refuse(ESCALATION_MSG.deleteSelf);
        if (list(existing.papeis).includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.deleteSuperadmin);
      }
      // The superadmin (no provider scope) and the system may do anything else.
      if (actor.providerIds === null) return;
      const roles = await actorRoles(tx, actor);
      // Whoever changes or deletes an account (its e-mail, status, name, ...) could take it over (the
      // forgotten-password code goes to the e-mail): only who may administer all of it may.
      if (existing) await assertMayAdminister(tx, actor, { papeis: list(existing.papeis) as string[], id_empresas: list(existing.id_empresas) as number[] });
      if (list(values?.papeis).includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminRole);
      // Said before the write, naming the role (afterWrite checks the effective roles the database computed).
      if (values && 'papeis' in values) assertGrantable(roles, list(existing?.papeis) as string[], list(values.papeis) as string[]);
      if (values && 'id_perfis' in values) {
        const linked = list(existing?.id_perfis);
        await assertProfilesGrantable(tx, roles, (list(values.id_perfis) as number[]).filter((p) => !linked.includes(p)));
      }
      // A user of no provider would vanish from their list (the read scope is a shared provider).
      const providers = values && 'id_empresas' in values ? list(values.id_empresas) : list(existing?.id_empresas);
      if (values && !providers.length) throw new ValidationError({ id_empresas: USERS_MSG.providerRequired });
      if (values && 'id_empresas' in values) {
        const before = list(existing?.id_empresas) as number[];
        const after = list(values.id_empresas) as number[];
        const changed = [...after.filter((p) => !before.includes(p)), ...before.filter((p) => !after.includes(p))];
        if (changed.some((p) => !actor.providerIds!.includes(p))) throw refuse(ESCALATION_MSG.providers);
      }
    },
    async afterWrite({ tx, operation, row, existing, actor }) {
      if (actor.providerIds !== null) {
        // The effective roles after the write (own roles and profiles, computed by the database).
        const before = list(existing?.papeis) as string[];
        const after = operation === 'delete' ? [] : (list(row.papeis) as string[]);
        assertGrantable(await actorRoles(tx, actor), before, after);
      }
      if (cognito) return cognitoProvisioning(cognito, operation, row, existing);
      if (operation === 'create') await identity.createCredentials(tx, row as { id: number; email: string; nome: string | null }, actor.origin);
      if (operation === 'update' && existing?.ativo && row.ativo === false) await identity.revokeAllSessions(tx, row.id);
    },
  };
}
