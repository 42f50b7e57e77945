// Settings (foundation document, section 2): the rules of the access profiles that no schema can say.
// A profile's roles reach every user linked to it (the database recomputes their roles), so someone
// who is not the superadmin may create, edit or delete only profiles whose roles (before and after)
// all belong to modules they manage, and may not edit or delete a profile linked to users outside
// their providers. Users themselves are guarded in src/server/auth/users.ts.
import { canGrantRole, SUPERADMIN } from '../../domain/roles.js';
import { actorRoles, ESCALATION_MSG, refuse } from '../auth/users.js';
import type { V1Module } from './index.js';

const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);

const settingsRoutes: V1Module = async (_app, { service }) => {
  service.hooks.set('access-profiles', {
    async beforeWrite({ tx, actor, values, existing }) {
      if (actor.providerIds === null) return;
      const roles = await actorRoles(tx, actor);
      const touched = [...new Set([...list(existing?.papeis), ...list(values?.papeis ?? existing?.papeis)])];
      if (touched.includes(SUPERADMIN)) throw refuse(ESCALATION_MSG.superadminRole);
      const denied = touched.filter((r) => !canGrantRole(roles, r));
      if (denied.length) throw refuse(ESCALATION_MSG.roles(denied));
      if (existing) {
        const { rows } = await tx.query(
          `SELECT 1 FROM auth.usuario WHERE $1 = ANY(id_perfis) AND NOT (id_empresas <@ $2::int[]) LIMIT 1`,
          [existing.id, actor.providerIds],
        );
        if (rows.length) throw refuse(ESCALATION_MSG.profileScope);
      }
    },
  });
};

export default settingsRoutes;
