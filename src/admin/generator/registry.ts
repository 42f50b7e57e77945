// The schemas bundled into the admin: every schemas/<area>/<resource>.json, read at build time.
import { buildConfigs, modulesOf, type ResourceConfig } from './schemas.js';

const files = import.meta.glob('/schemas/*/*.json', { eager: true });

export const resourceConfigs: ResourceConfig[] = buildConfigs(files);
export const resourceModules: Record<string, string[]> = modulesOf(resourceConfigs);
export const configByResource = new Map(resourceConfigs.map((c) => [c.resource, c]));
