// The cards of the sales trees' homes (/sales/internal/home, /sales/external/home): the tree's lead
// lists, its basic configurations (the blocklist) and its reports. Every section needs a role of
// the vendas module (leitor and up); within it a card shows to who may open its screen (the leads'
// and blocklist's list rights, the reports' page access). The external tree also leads to the field
// form where a seller registers a prospect.
import type { ComponentType } from 'react';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import UpgradeIcon from '@mui/icons-material/UpgradeOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDownOutlined';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PersonOffIcon from '@mui/icons-material/PersonOffOutlined';
import ReportIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import SignalWifiOffIcon from '@mui/icons-material/SignalWifiOffOutlined';
import MoneyOffIcon from '@mui/icons-material/MoneyOffOutlined';
import WrongLocationIcon from '@mui/icons-material/WrongLocationOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { type CardSection, type MenuCard, type Viewer, visibleSections } from '../../src/admin/pages.js';
import { blocklistPath, EXTERNAL_REGISTER_PATH, LEAD_LISTS, leadListPath, REPORTS, reportPath, type Tree } from './trees.js';

type Icon = ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;
const icon = (c: unknown) => c as Icon;

const LIST_ICONS: Record<string, Icon> = {
  leads: icon(PeopleIcon),
  upgrade: icon(UpgradeIcon),
  downgrade: icon(TrendingDownIcon),
  blocklist: icon(BlockIcon),
  excluded: icon(DeleteIcon),
  inactivated: icon(PersonOffIcon),
  unfeasible: icon(ReportIcon),
  'without-coverage': icon(SignalWifiOffIcon),
  overdue: icon(MoneyOffIcon),
  wrong: icon(WrongLocationIcon),
};

/** Any role of the sales module (the superadmin always). */
const SALES = { modules: ['vendas'], right: 'read' as const };

export function salesSections(tree: Tree): CardSection[] {
  const register: MenuCard[] = tree === 'external' ? [{ title: 'Cadastrar lead', to: EXTERNAL_REGISTER_PATH, icon: icon(PersonAddIcon) }] : [];
  return [
    {
      title: 'Leads',
      manager: SALES,
      cards: [...register, ...LEAD_LISTS.map(({ name, title }) => ({ title, to: leadListPath(tree, name), icon: LIST_ICONS[name] ?? icon(PeopleIcon) }))],
    },
    {
      title: 'Configurações básicas',
      manager: SALES,
      cards: [{ title: 'Blocklist', to: blocklistPath(tree), icon: icon(SettingsIcon) }],
    },
    {
      title: 'Relatórios',
      manager: SALES,
      cards: REPORTS.map(({ path, title }) => ({ title, to: reportPath(tree, path), icon: icon(AssessmentIcon) })),
    },
  ];
}

/** The sections and cards someone sees on a tree's home (empty sections dropped). */
export const visibleSalesSections = (tree: Tree, who: Viewer | readonly string[]) => visibleSections(salesSections(tree), who);
