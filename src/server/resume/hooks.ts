// Write rules of the resume entries (schemas/resume/*.json) that JSON Schema cannot say:
// - the date order (src/domain/resume.ts), checked on the whole record before the database, with
//   the spec's text on the end date's field; the same rule is a CHECK constraint (migration 0040),
//   whose violation is answered with the same text and field;
// - a resume is written only by its owner: HR managers read everyone's entries (x-intranet.owner)
//   but do not edit or delete them; the superadmin (and system work) may.
import { AUTH_MSG } from '../../domain/messages.js';
import { RESUME_CONSTRAINTS, RESUME_RESOURCES, resumeProblems, type ResumeKind } from '../../domain/resume.js';
import { HttpError } from '../errors.js';
import type { ResourceHooks, ResourceService } from '../resources/service.js';

const dateError = (errors: Record<string, string>) => new HttpError(400, Object.values(errors)[0], errors);

export function resumeHooks(kind: ResumeKind): ResourceHooks {
  return {
    async beforeWrite({ actor, operation, existing, values, def }) {
      const owner = def.block.owner!;
      // actor.providerIds === null: the superadmin or the system.
      if (existing && actor.userId !== null && actor.providerIds !== null && existing[owner] !== actor.userId) {
        throw new HttpError(403, AUTH_MSG.notAuthorized, undefined, 'AccessDeniedException');
      }
      if (operation === 'delete' || !values) return;
      const errors = resumeProblems(kind, { ...(existing ?? {}), ...values });
      if (Object.keys(errors).length) throw dateError(errors);
    },
    databaseError(error) {
      const constraint = (error as { code?: string; constraint?: string } | null)?.constraint;
      const known = (error as { code?: string }).code === '23514' && constraint ? RESUME_CONSTRAINTS[constraint] : undefined;
      return known ? dateError({ [known.field]: known.message }) : null;
    },
  };
}

export function registerResumeHooks(service: ResourceService) {
  for (const [kind, resource] of Object.entries(RESUME_RESOURCES) as [ResumeKind, string][]) service.hooks.set(resource, resumeHooks(kind));
}
