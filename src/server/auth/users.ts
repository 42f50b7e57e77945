// Rules of the users resource no schema can say: a new user gets credentials (temporary password by
// e-mail), disabling a user revokes their sessions, and the privilege-escalation guard (its rules:
// auth/escalation.ts, which the identity's administration and the profile route apply too).
import { SUPERADMIN } from '../../domain/roles.js';
import type { ResourceHooks } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import { actorRoles, assertGrantable, assertMayAdminister, assertProfilesGrantable, ESCALATION_MSG, refuse } from './escalation.js';
import type { IdentityService } from './identity.js';
import type { CognitoUsers } from './cognitoUsers.js';

export const USERS_MSG = {
  providerRequired: 'Selecione um ou mais provedores',
} as const;

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
