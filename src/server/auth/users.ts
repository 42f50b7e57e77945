// Rules of the users resource no schema can say: a new user gets credentials (temporary password by
// e-mail), disabling a user revokes their sessions, and the privilege-escalation guard.
//
// Who administers users: any module manager (x-intranet.access "anyGestor"), inside their providers
// (the provider scope). Someone who is not the superadmin:
// - cannot grant or remove users:superadmin, nor edit or delete a superadmin user;
// - cannot grant or remove roles of modules they do not manage (gestor of that module), whether
//   directly or through access profiles: the check compares the user's effective roles before and
//   after the write (auth.usuario.papeis, recomputed by the database from own roles and profiles);
//   deleting a user takes away all their roles, so it is refused for a user holding roles of
//   modules the caller does not manage;
// - cannot link or unlink providers they are not linked to themselves.
// Each refusal is a 403 with the generic text followed by its reason.
import { AUTH_MSG } from '../../domain/messages.js';
import { canGrantRole, moduleOf, roleChanges, SUPERADMIN } from '../../domain/roles.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Actor, ResourceHooks } from '../resources/service.js';
import type { IdentityService } from './identity.js';

export const ESCALATION_MSG = {
  superadminRole: `${AUTH_MSG.notAuthorized} Só o superadmin concede ou remove o papel de superadmin.`,
  superadminUser: `${AUTH_MSG.notAuthorized} Só o superadmin altera ou exclui um superadmin.`,
  roles: (roles: string[]) =>
    `${AUTH_MSG.notAuthorized} Você não gerencia o(s) módulo(s) ${[...new Set(roles.map((r) => moduleOf(r) ?? r))].join(', ')} e não pode conceder ou remover os papéis ${roles.join(', ')}.`,
  providers: `${AUTH_MSG.notAuthorized} Você só pode vincular ou desvincular provedores aos quais está vinculado.`,
  profileScope: `${AUTH_MSG.notAuthorized} Este perfil está vinculado a usuários de provedores aos quais você não está vinculado.`,
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
  const denied = changed.filter((r) => !canGrantRole(roles, r));
  if (denied.length) throw refuse(ESCALATION_MSG.roles(denied));
}

const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]) : []);

export function usersHooks(identity: IdentityService): ResourceHooks {
  return {
    async beforeWrite({ tx, actor, values, existing }) {
      // The superadmin (no provider scope) and the system may do anything.
      if (actor.providerIds === null) return;
      await actorRoles(tx, actor);
      if (list(existing?.papeis).includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminUser);
      if (list(values?.papeis).includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminRole);
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
      if (operation === 'create') await identity.createCredentials(tx, row as { id: number; email: string; nome: string | null });
      if (operation === 'update' && existing?.ativo && row.ativo === false) await identity.revokeAllSessions(tx, row.id);
    },
  };
}
