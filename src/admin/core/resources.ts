// The resources as the first screen knows them: each one's summary (routes, titles, rights, role
// areas), computed from schemas/ at build time (scripts/resource-manifest-plugin.ts). No schema's body
// is here: the generated screens load theirs with their own chunk (generator/registry.ts).
import summaries from 'virtual:resource-manifest';
import { modulesOf, type ResourceSummary } from './schemas.js';

export const resourceSummaries: ResourceSummary[] = summaries;
/** Each resource's role areas (its module first), for the data provider's role header. */
export const resourceModules: Record<string, string[]> = modulesOf(resourceSummaries);
export const summaryByResource = new Map(resourceSummaries.map((s) => [s.resource, s]));
