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
import { resourceSummaries } from '../core/resources.js';
import { aliasConfig, editRoutePattern, scopedScreens, type Operation, type ResourceSummary } from '../core/schemas.js';
import { allowed, mayOpen, type ScreenAccess, type ScreenParams, type Viewer } from '../core/accessRules.js';
import { hasAdminCards } from './adminSections.js';
import { answerScreens, type Screen, type ScreenMatch } from '../core/screenAccess.js';
import { plannedAreaOf } from '../core/plannedRoutes.js';

export type { ScreenAccess };

export type { Screen, ScreenMatch };

function generatedScreens(config: ResourceSummary): Screen[] {
  if (config.internal) return [];
  const on = (operation: Operation): ScreenAccess => ({ resource: config.resource, operation });
  const screens: Screen[] = [{ pattern: config.listPath, access: on('list') }];
  if (config.listView === 'cards') screens.push({ pattern: `${config.path}/cards`, access: on('list') });
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
    ...resourceSummaries.flatMap((config) => [config, ...config.aliases.map((alias) => aliasConfig(config, alias))]).flatMap(generatedScreens),
    { pattern: '/', access: {} },
    { pattern: '/modulos/admin', access: { when: (viewer: Viewer) => hasAdminCards(viewer.roles) } },
  ];
  return cached;
}


// A screen's pattern with its count of parameters, worked out once.
type Ranked = { screen: Screen; dynamic: number };
let ranked: Ranked[] | null = null;
// What each path opened: the menus and cards ask for the same few hundred paths on every render, and
// matching one against every screen (react-router compiles a pattern's expression on each matchPath)
// was the tests' single largest cost after the DOM itself. The screens never change once built.
const matches = new Map<string, ScreenMatch | null>();
const MATCHES_KEPT = 2000;

/** The screen a target ('/path?query') opens: a built one, an area not built yet, or none. */
export function screenAt(target: string): ScreenMatch | null {
  const pathname = target.split(/[?#]/)[0] || '/';
  if (matches.has(pathname)) return matches.get(pathname) ?? null;
  const found = findScreen(pathname);
  if (matches.size >= MATCHES_KEPT) matches.clear();
  matches.set(pathname, found);
  return found;
}

function findScreen(pathname: string): ScreenMatch | null {
  ranked ??= screens().map((screen) => ({
    screen,
    dynamic: screen.pattern.split('/').filter((s) => s.startsWith(':') || s === '*').length,
  }));
  // As the router ranks routes: of the screens matching, the one with the fewest parameters (/news/table
  // over /news/:id); among equals, the first (a bespoke page before the generated screen of its path).
  let best: { screen: Screen; params: ScreenParams; dynamic: number } | null = null;
  for (const { screen, dynamic } of ranked) {
    if (best && dynamic >= best.dynamic) continue;
    const match = matchPath({ path: screen.pattern, end: true }, pathname);
    if (match) best = { screen, params: match.params, dynamic };
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

answerScreens({ screenAt, canOpen });
