// The cards menu (foundation spec, sections 2 and 6): cards grouped in titled sections; each card
// has an icon, a title, an optional highlight, optional roles, an optional active flag and a target
// route. A section is hidden unless its manager check passes; a card shows to exactly who may open
// its screen (shell/screens.ts), and, while that screen is not built yet, to who holds the card's
// roles and will have a role in its area. Used by /modulos/admin, the home and the area homes.
import type { ComponentType } from 'react';
import { isSuperadmin, userAllows, type Right } from '../../domain/roles.js';
import { allowed, mayOpen, type Viewer } from '../core/accessRules.js';
import { screenAt } from '../core/screenAccess.js';

export interface MenuCard {
  title: string;
  to: string;
  icon: ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;
  /** A short text shown on the card ('Novo', a count, ...). */
  highlight?: string;
  /**
   * The spec's roles of the card (the superadmin always passes): they decide while the card's screen
   * is not built; once it is, the screen's own access decides (who may open it sees its card).
   */
  roles?: string[];
  /** A condition of its own, always applied (e.g. the home's employee-only cards). */
  allowed?: (roles: readonly string[]) => boolean;
  /** An inactive card is shown greyed out and does not open. */
  active?: boolean;
}

export interface ManagerCheck {
  /** Modules whose role may see the section. */
  modules: string[];
  /** The right needed on one of them (default 'manage': superadmin or gestor; 'anyGestor': a gestor of any module). */
  right?: Right;
  /** An inactive section is hidden. */
  active?: boolean;
}

export interface CardSection {
  title: string;
  cards: MenuCard[];
  /** Hidden unless this check passes. */
  manager?: ManagerCheck;
}

export function passesManagerCheck(check: ManagerCheck | undefined, roles: readonly string[]): boolean {
  if (!check) return true;
  if (check.active === false) return false;
  return check.modules.some((m) => userAllows(roles, check.right ?? 'manage', m));
}

/** A viewer from roles alone (no employee flag but the superadmin's). */
const asViewer = (who: Viewer | readonly string[]): Viewer => ('roles' in who ? who : { roles: who, employee: isSuperadmin(who) });

/**
 * Whether the card shows: its own condition, then its screen's access (a built screen: who may open
 * it; an area not built yet: the card's roles and who will have a role in the area). A card leading
 * to no screen at all (a dead end) never shows.
 */
export function cardAllowed(card: MenuCard, who: Viewer | readonly string[]): boolean {
  const viewer = asViewer(who);
  const { roles } = viewer;
  if (card.allowed && !card.allowed(roles)) return false;
  const target = screenAt(card.to);
  if (!target) return false;
  if (target.kind === 'screen') return mayOpen(target.screen.access, viewer, target.params);
  if (card.roles && !isSuperadmin(roles) && !card.roles.some((r) => roles.includes(r))) return false;
  return allowed(target.area.access, viewer);
}

/** The sections and cards someone sees (sections left empty are dropped). */
export function visibleSections(sections: CardSection[], who: Viewer | readonly string[]): CardSection[] {
  const viewer = asViewer(who);
  return sections
    .filter((s) => passesManagerCheck(s.manager, viewer.roles))
    .map((s) => ({ ...s, cards: s.cards.filter((c) => cardAllowed(c, viewer)) }))
    .filter((s) => s.cards.length > 0);
}
