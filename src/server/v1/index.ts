// The documented calls of the specification (v1/...), one file per area in this folder. Each file's
// default export registers its routes (and any resource hooks) with the shared services; adding an
// area is adding a file, app.ts does not change. What the areas share (reading a call's body and
// filters: helpers/payload.ts) lives in a subfolder, which the loader does not take for an area.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.js';
import type { EventBus } from '../events.js';
import type { IdentityService } from '../auth/identity.js';
import type { ResourceService } from '../resources/service.js';
import type { Registry } from '../schemas/registry.js';
import type { Config } from '../config.js';
import type { FileStorage } from '../files/storage.js';
import { MSG } from '../../domain/messages.js';
import { isPlainObject, toFieldErrors, ValidationError } from '../schemas/validation.js';

export interface ModuleContext {
  db: Database;
  registry: Registry;
  service: ResourceService;
  identity: IdentityService;
  events: EventBus;
  config: Partial<Config>;
  /** Where uploaded bytes live (database or S3): the one the file routes use. */
  storage: FileStorage;
}

export type V1Module = (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;

const here = dirname(fileURLToPath(import.meta.url));

export async function registerV1Modules(app: FastifyInstance, ctx: ModuleContext) {
  const files = readdirSync(here)
    .filter((f) => /\.(ts|js)$/.test(f) && !/^index\./.test(f) && !/\.d\.ts$/.test(f))
    .sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: V1Module };
    await app.register(async (scope) => {
      // A body the route's schema refuses answers as the REST API does: 'Preencha todos os campos
      // obrigatórios!' or 'Ops! ...', with the fields ('Campo não permitido' on an unknown one).
      scope.setSchemaErrorFormatter((errors, dataVar) =>
        dataVar === 'body' ? new ValidationError(toFieldErrors(errors as Parameters<typeof toFieldErrors>[0], {}, [])) : new Error(MSG.badRequest),
      );
      await mod.default(scope, ctx);
    });
  }
}

/**
 * Refuses the fields of a v1 body (or of the object it wraps, named by `prefix`) that the call does
 * not read, as the REST API refuses an unknown field: 400, 'Campo não permitido' on each.
 */
export function refuseUnknownFields(body: unknown, allowed: readonly string[], prefix = '') {
  if (!isPlainObject(body)) return;
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) throw new ValidationError(Object.fromEntries(unknown.map((k) => [`${prefix}${k}`, MSG.unknownField])));
}

/**
 * A body that wraps its record ({ object }, { objects }, { _set }, { filtro }, { where }, as the
 * screens send Hasura-style payloads): the wrapper found, whose sibling fields are refused.
 */
export function wrapperOf(body: unknown, wrappers: readonly string[]): string | undefined {
  if (!isPlainObject(body)) return undefined;
  const found = wrappers.find((w) => w in body);
  if (found) refuseUnknownFields(body, [found]);
  return found;
}

/** A list the call needs (trilhas, conteudos, ...): absent or null is 'Campo obrigatório'; [] is a list. */
export function requireList(body: unknown, field: string) {
  if (!isPlainObject(body) || body[field] === undefined || body[field] === null) throw new ValidationError({ [field]: MSG.required });
}
