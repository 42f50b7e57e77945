// The menus of the shell and who sees each item (foundation spec, sections 2 and 6).
import type { ComponentType } from 'react';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import NewspaperIcon from '@mui/icons-material/NewspaperOutlined';
import AssignmentIcon from '@mui/icons-material/AssignmentOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import CarIcon from '@mui/icons-material/DirectionsCarOutlined';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import BarChartIcon from '@mui/icons-material/BarChartOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ContactsIcon from '@mui/icons-material/ContactPhoneOutlined';
import { SIDEBAR_MIN_WIDTH } from '../../domain/shell.js';
import { allowed, isCandidate, type AccessRule, type Viewer } from '../core/accessRules.js';
import { canOpen } from '../core/screenAccess.js';

export { allowed, isCandidate, type AccessRule, type Viewer };

export interface MenuEntry extends AccessRule {
  key: string;
  label: string;
  to: string;
  /** Where the item leads a candidate instead of `to`. */
  candidateTo?: string;
  /** Shown only on narrow screens (up to SIDEBAR_MIN_WIDTH), where the header has no room for its button. */
  narrowOnly?: boolean;
  icon: ComponentType;
}

// Items of both menus are one entry each, so that the two agree on who sees them. FAQ, Manual and
// Novidades are for staff (employees, and anyone with a module role): the spec asks for "roles of
// their module", but the FAQ, the handbook and the news are written for the employees, who hold no
// module role; the server answers each what their providers publish (custom-pages/faq,
// employee-handbook and news), and writing stays the HR area's.
const FAQ: MenuEntry = { key: 'faq', label: 'FAQ', to: '/faq/list', icon: HelpIcon, staff: true };
const MANUAL: MenuEntry = { key: 'manual', label: 'Manual', to: '/employee-handbook/view', icon: MenuBookIcon, staff: true };
const NEWS: MenuEntry = { key: 'news', label: 'Novidades', to: '/news/list', icon: NewspaperIcon, staff: true };
const REQUESTS: MenuEntry = { key: 'requests', label: 'Solicitações', to: '/requests/home', icon: AssignmentIcon, employee: true };
// The careers site's open vacancies (custom-pages/careers-public), public: everyone can open it.
const CAREERS: MenuEntry = { key: 'careers', label: 'Vagas', to: '/careers/list', icon: WorkIcon, roles: ['user'] };
const SALES: MenuEntry = { key: 'sales', label: 'Vendas', to: '/sales/internal/home', icon: StorefrontIcon, modules: ['vendas'] };
const RESUME: MenuEntry = { key: 'resume', label: 'Currículo', to: '/resume/list', icon: DescriptionIcon, roles: ['user'] };

/** Side menu (spec section 2, rules of section 6). */
export const SIDE_MENU: MenuEntry[] = [FAQ, MANUAL, NEWS, REQUESTS, CAREERS, SALES, RESUME];

/**
 * Top menu: the areas of the intranet, filtered by role (2 to 10 icons shown by width). Calendar and
 * contacts have their own header buttons above 500 px; below, they are items here.
 */
export const TOP_MENU: MenuEntry[] = [
  { key: 'home', label: 'Início', to: '/', icon: HomeIcon },
  { key: 'calendar', label: 'Calendário', to: '/calendar', icon: CalendarIcon, employee: true, narrowOnly: true },
  { key: 'contacts', label: 'Contatos', to: '/contacts/list', icon: ContactsIcon, employee: true, narrowOnly: true },
  NEWS,
  { key: 'hr', label: 'Recursos Humanos', to: '/human-resources/home', icon: GroupsIcon, modules: ['rh', 'onboarding', 'banco_talentos'] },
  { key: 'marketing', label: 'Marketing', to: '/marketing/home', icon: CampaignIcon, modules: ['marketing', 'regua_comunicacao', 'roulette'] },
  SALES,
  { key: 'supplies', label: 'Suprimentos', to: '/supplies/home', icon: InventoryIcon, modules: ['suprimentos'] },
  { key: 'fleet', label: 'Frota', to: '/fleet/home', icon: CarIcon, employee: true },
  { key: 'incidents', label: 'Incidentes', to: '/incidents/home', icon: ReportIcon, employee: true },
  REQUESTS,
  { key: 'reports', label: 'Relatórios', to: '/reports/home', icon: BarChartIcon, modules: ['rh'] },
  { key: 'applications', label: 'Candidaturas', to: '/applications/list', icon: HowToRegIcon, notCandidate: true },
  CAREERS,
  RESUME,
  // As the side menu's: whoever the administration home has cards for (its screen's access).
  { key: 'admin', label: 'Administração', to: '/modulos/admin', icon: AppsIcon },
];

/**
 * The entries `viewer` sees at `width`, each with the target meant for them: the entry's own rule
 * (the spec's menu rules) and the screen's (screens.ts: who may open it; for an area not built yet,
 * who will have a role in it) must both let them in.
 */
export function visibleEntries(entries: MenuEntry[], viewer: Viewer, width = Number.POSITIVE_INFINITY): MenuEntry[] {
  const candidate = isCandidate(viewer);
  return entries
    .map((e) => (candidate && e.candidateTo ? { ...e, to: e.candidateTo } : e))
    .filter((e) => allowed(e, viewer) && canOpen(e.to, viewer) && (!e.narrowOnly || width <= SIDEBAR_MIN_WIDTH));
}
