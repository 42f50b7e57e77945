// The documented calls of the specification (v1/...), one file per area in this folder. Each file's
// default export registers its routes (and any resource hooks) with the shared services; adding an
// area is adding a file, app.ts does not change.
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

export interface ModuleContext {
  db: Database;
  registry: Registry;
  service: ResourceService;
  identity: IdentityService;
  events: EventBus;
  config: Partial<Config>;
}

export type V1Module = (app: FastifyInstance, ctx: ModuleContext) => Promise<void>;

const here = dirname(fileURLToPath(import.meta.url));

export async function registerV1Modules(app: FastifyInstance, ctx: ModuleContext) {
  const files = readdirSync(here)
    .filter((f) => /\.(ts|js)$/.test(f) && !/^index\./.test(f) && !/\.d\.ts$/.test(f))
    .sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: V1Module };
    await app.register(async (scope) => mod.default(scope, ctx));
  }
}
