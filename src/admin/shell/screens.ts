// Every screen of the app and who may open it, in one place, so that menus, cards and the screens'
// gates agree: a menu or a cards menu offers someone exactly the screens they may open.
//   - bespoke pages (custom-pages/<feature>/index.tsx): their `access` rule (none: any signed-in user;
//     pages without the layout are public);
//   - generated screens: their schema's rights (list, cards and calendar: list; register: create; edit: update);
//   - the home and the administration home;
//   - areas of the route map not built yet (plannedRoutes.ts): who will have a role in them.
// Any other path is no screen (it leads to the index).
import { matchPath } from 'react-router-dom';
import { customPages } from '../customPages.js';
import { resourceConfigs } from '../generator/registry.js';
import { aliasConfig, editRoutePattern, scopedScreens, type Operation, type ResourceConfig } from '../generator/schemas.js';
import { allowed, mayOpen, type ScreenAccess, type ScreenParams, type Viewer } from './accessRules.js';
import { hasAdminCards } from './adminSections.js';
import { plannedAreaOf, type PlannedArea } from './plannedRoutes.js';

export type { ScreenAccess };

export interface Screen {
  /** The route pattern ('/human-resources/onboarding/edit/:id'). */
  pattern: string;
  access: ScreenAccess;
}

function generatedScreens(config: ResourceConfig): Screen[] {
  if (config.internal) return [];
  const on = (operation: Operation): ScreenAccess => ({ resource: config.resource, operation });
  const screens: Screen[] = [{ pattern: config.listPath, access: on('list') }];
  if (config.list.view === 'cards') screens.push({ pattern: `${config.path}/cards`, access: on('list') });
  if (config.calendar) screens.push({ pattern: `${config.path}/calendar`, access: on('list') });
  if (config.editable) {
    screens.push(
      { pattern: `${config.path}/register`, access: on('create') },
      ...config.registerPaths.map((pattern) => ({ pattern, access: on('create') })),
      { pattern: `${config.path}/register/:id`, access: on('update') },
      { pattern: editRoutePattern(config), access: on('update') },
    );
  }
  // A register under a parent record (x-intranet.scope): its list, register and edit addresses.
  screens.push(...scopedScreens(config).map((s) => ({ pattern: s.pattern, access: on(s.operation) })));
  return screens;
}

let cached: Screen[] | null = null;

/** The app's screens, bespoke pages first (a bespoke page replaces the generated screen of its path). */
export function screens(): Screen[] {
  cached ??= [
    ...customPages.map((page) => ({ pattern: page.path, access: page.noLayout ? { public: true } : (page.access ?? {}) })),
    ...resourceConfigs.flatMap((config) => [config, ...config.aliases.map((alias) => aliasConfig(config, alias))]).flatMap(generatedScreens),
    { pattern: '/', access: {} },
    { pattern: '/modulos/admin', access: { when: (viewer: Viewer) => hasAdminCards(viewer.roles) } },
  ];
  return cached;
}

export type ScreenMatch = { kind: 'screen'; screen: Screen; params: ScreenParams } | { kind: 'planned'; area: PlannedArea };

/** The screen a target ('/path?query') opens: a built one, an area not built yet, or none. */
export function screenAt(target: string): ScreenMatch | null {
  const pathname = target.split(/[?#]/)[0] || '/';
  // As the router ranks routes: of the screens matching, the one with the fewest parameters (/news/table
  // over /news/:id); among equals, the first (a bespoke page before the generated screen of its path).
  let best: { screen: Screen; params: ScreenParams; dynamic: number } | null = null;
  for (const screen of screens()) {
    const match = matchPath({ path: screen.pattern, end: true }, pathname);
    if (!match) continue;
    const dynamic = screen.pattern.split('/').filter((s) => s.startsWith(':') || s === '*').length;
    if (!best || dynamic < best.dynamic) best = { screen, params: match.params, dynamic };
  }
  if (best) return { kind: 'screen', screen: best.screen, params: best.params };
  const area = plannedAreaOf(pathname);
  return area ? { kind: 'planned', area } : null;
}

/**
 * Whether `viewer` may open `target`: a built screen by its access; an area not built yet only for
 * who will have a role in it; no screen at all, never (a link there would be a dead end).
 */
export function canOpen(target: string, viewer: Viewer): boolean {
  const match = screenAt(target);
  if (!match) return false;
  return match.kind === 'screen' ? mayOpen(match.screen.access, viewer, match.params) : allowed(match.area.access, viewer);
}
