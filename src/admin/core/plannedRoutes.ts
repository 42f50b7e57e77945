// The route prefixes of the spec's route map (foundation document, section 2, and the HR and
// marketing trees) whose screens are not built yet, in one place. The menus and cards already
// link to them; an unmatched path under one of them shows the "not available yet" page with its
// title, while any other unknown path goes to the index, as the spec says. A screen built later
// simply matches its route first (the list needs no change, though its entry can then go).
//
// Until it is built, an area shows in menus and cards only to who will have a role in it (`access`:
// the role areas that will own it, as the spec's modules and cards name them), so that nobody else
// meets a dead end: a plain employee sees none of them.
import type { AccessRule } from './accessRules.js';

export interface PlannedArea {
  prefix: string;
  title: string;
  /** Who will have a role in the area (the superadmin always). */
  access: AccessRule;
}

const SALES: AccessRule = { modules: ['vendas', 'marketing'] };
const FLEET: AccessRule = { modules: ['frota'] };

export const PLANNED_AREAS: PlannedArea[] = [
  { prefix: '/sales', title: 'Vendas', access: SALES },
  { prefix: '/leads', title: 'Leads', access: SALES },
  { prefix: '/blacklist', title: 'Lista de bloqueio', access: SALES },
  { prefix: '/marketing', title: 'Marketing', access: { modules: ['marketing', 'vendas', 'regua_comunicacao', 'roulette'] } },
  { prefix: '/human-resources', title: 'Recursos Humanos', access: { modules: ['rh', 'onboarding'] } },
  { prefix: '/backoffice', title: 'Backoffice', access: { modules: ['backoffice'] } },
  { prefix: '/client-panel', title: 'Painel do cliente', access: { modules: ['backoffice'] } },
];

/** The planned area a path belongs to (the prefix itself, or below it), if any. */
export function plannedAreaOf(pathname: string): PlannedArea | undefined {
  return PLANNED_AREAS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
