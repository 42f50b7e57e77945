// The sections of /modulos/admin (the administration home): one per module of the generated
// registers. As the spec's cards menu has it (section 6), a whole section shows only when its
// manager check passes: a manager (superadmin or gestor) of the module or of one of its registers'
// other role areas (alsoModules: HR managers on the onboarding registers); the users area, any
// module's manager (its registers' own right). Each card then needs its role check: who may list
// that register (canAccessResource, the server's own rule). A register living only under a parent
// record (x-intranet.scope without `optional`: an import's leads, a blocking rule's exception
// criteria, a campaign's rules) has no list of its own, only the parent's (its list without one
// leads back to the parent's list): no card; it is reached from its parent's rows, whose register
// has its card.
import TableIcon from '@mui/icons-material/TableRowsOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { resourceSummaries } from '../core/resources.js';
import { moduleTitle, type ResourceSummary } from '../core/schemas.js';
import { canAccessResource } from '../core/authProvider.js';
import { visibleSections, type CardSection, type MenuCard } from './cardSections.js';

// Areas the generator's module names do not cover yet.
const SECTION_TITLES: Record<string, string> = { users: 'Usuários e acessos' };

/**
 * The area homes a module's section opens with, before its registers' cards (each shown, as every card,
 * to who may open its screen): the supplies area's home, whose registers are its movements, and its
 * squads. A module listed here has its section even before any register of it exists.
 */
const AREA_HOMES: Record<string, MenuCard[]> = {
  suprimentos: [
    { title: 'Suprimentos', to: '/supplies/home', icon: InventoryIcon },
    { title: 'Equipes', to: '/squads/list', icon: GroupsIcon },
  ],
};

/** Whether a register's list opens without a parent record (no scope, or an optional one). */
const hasOwnList = (config: ResourceSummary) => !config.scope || Boolean(config.scope.optional);

export function adminSections(): CardSection[] {
  // Internal tables (links, readings) have no screens, so no cards.
  const registers = resourceSummaries.filter((c) => !c.internal);
  const modules = [...new Set([...registers.map((c) => c.module), ...Object.keys(AREA_HOMES)])];
  return modules.map((module) => {
    const configs = registers.filter((c) => c.module === module);
    const homes = AREA_HOMES[module] ?? [];
    const registerCards: MenuCard[] = configs.filter(hasOwnList).map((c) => ({
      title: c.title,
      to: c.listPath,
      icon: TableIcon,
      allowed: (roles: readonly string[]) => canAccessResource(roles, c.resource, 'list'),
    }));
    return {
      title: SECTION_TITLES[module] ?? moduleTitle(module),
      manager: {
        modules: [module, ...(configs[0]?.alsoModules ?? []).filter((area) => configs.every((c) => c.alsoModules.includes(area)))],
        right: module === 'users' ? 'anyGestor' : 'manage',
        active: true,
      },
      // An area home's card first; a register whose list is one of them keeps only that card.
      cards: [...homes, ...registerCards.filter((card) => !homes.some((home) => home.to === card.to))],
    };
  });
}

/** Whether the administration home has anything for these roles (its menu entries show then). */
export const hasAdminCards = (roles: readonly string[]) => visibleSections(adminSections(), roles).length > 0;
