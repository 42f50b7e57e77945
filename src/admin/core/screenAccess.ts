// Whether someone may open an address of the app, and which screen it is: the app's list of screens
// (shell/screens.ts, which knows every bespoke page and generated screen) answers, and registers its
// answer here when it loads, so the layers below it (the generator's row links, the cards menus)
// ask without importing the bespoke pages' registry. The app's routes (routes.tsx) load it.
import type { PlannedArea } from './plannedRoutes.js';
import type { ScreenAccess, ScreenParams, Viewer } from './accessRules.js';

export interface Screen {
  /** The route pattern ('/human-resources/onboarding/edit/:id'). */
  pattern: string;
  access: ScreenAccess;
}

export type ScreenMatch = { kind: 'screen'; screen: Screen; params: ScreenParams } | { kind: 'planned'; area: PlannedArea };

interface ScreenAnswers {
  screenAt(target: string): ScreenMatch | null;
  canOpen(target: string, viewer: Viewer): boolean;
}

let answers: ScreenAnswers | null = null;

/** shell/screens.ts gives its answers. */
export function answerScreens(given: ScreenAnswers) {
  answers = given;
}

/**
 * The screen a target ('/path?query') opens: a built one, an area not built yet, or none. (Before
 * shell/screens.ts loads, which the app's routes and the cards menus import: none.)
 */
export const screenAt = (target: string): ScreenMatch | null => answers?.screenAt(target) ?? null;

/**
 * Whether `viewer` may open `target` (shell/screens.ts canOpen). Before the screens load (a
 * generated screen mounted alone, as some tests do), any link shows: its page's own gate decides.
 */
export const canOpen = (target: string, viewer: Viewer): boolean => answers?.canOpen(target, viewer) ?? true;
