// The schemas' bodies: every schemas/<area>/<resource>.json, read at build time. Only the generated
// screens and the bespoke pages import this (each a chunk loaded on demand), never the first screen,
// which knows the resources by their summaries (core/resources.ts; tests/unit/import-rules.test.ts and
// npm run bench:bundle check it).
import { buildConfigs, modulesOf, type ResourceConfig, type ResourceSummary } from '../core/schemas.js';

const files = import.meta.glob('/schemas/*/*.json', { eager: true });

export const resourceConfigs: ResourceConfig[] = buildConfigs(files);
export const resourceModules: Record<string, string[]> = modulesOf(resourceConfigs);
export const configByResource = new Map(resourceConfigs.map((c) => [c.resource, c]));

/**
 * The whole config of the resource a route names by its summary (an alias's routes and title, a
 * scope's parent kept); a config that is already whole (a test's own) comes back as it is.
 */
export function fullConfig<C extends ResourceSummary>(summary: C): C & ResourceConfig {
  let full = whole.get(summary);
  if (!full) whole.set(summary, (full = { ...configByResource.get(summary.resource), ...summary } as ResourceConfig));
  return full as C & ResourceConfig;
}

// One object per summary: a screen's config keeps its identity across renders.
const whole = new WeakMap<ResourceSummary, ResourceConfig>();
