// The side menu (foundation spec, sections 2 and 6): FAQ, Manual, Novidades, Solicitações
// (employees only), Vagas, Vendas, Currículo, each shown by its role rule; plus the home page and,
// for whoever the administration home has cards for, 'Administração'.
import HomeIcon from '@mui/icons-material/HomeOutlined';
import AppsIcon from '@mui/icons-material/AppsOutlined';
import { Menu } from 'react-admin';
import { hasAdminCards } from './adminSections.js';
import { SIDE_MENU, visibleEntries } from './menuItems.js';
import { ADMIN_HOME } from './ProfileMenu.js';
import { useViewer } from '../core/useViewer.js';

export function AppMenu() {
  const viewer = useViewer();
  const admin = hasAdminCards(viewer.roles);
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Início" leftIcon={<HomeIcon />} />
      {visibleEntries(SIDE_MENU, viewer).map(({ key, label, to, icon: Icon }) => (
        <Menu.Item key={key} to={to} primaryText={label} leftIcon={<Icon />} />
      ))}
      {admin && <Menu.Item to={ADMIN_HOME} primaryText="Administração" leftIcon={<AppsIcon />} />}
    </Menu>
  );
}
