// The privilege-escalation guard: who may administer which user (the users resource's hooks,
// auth/users.ts, the identity's administration, auth/identity.ts, and the profile route, v1/profile.ts).
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
import type { Actor } from '../resources/service.js';

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
export async function assertProfilesGrantable(tx: Queryable, roles: readonly string[], ids: number[]) {
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
