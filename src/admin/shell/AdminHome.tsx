// /modulos/admin: the administration home, a cards menu with one section per module of the
// generated registers; each card shows only to who may list it, each section only to who can read
// the module (the server's own rules, through canAccessResource).
import { Box } from '@mui/material';
import TableIcon from '@mui/icons-material/TableRowsOutlined';
import { Title } from 'react-admin';
import { resourceConfigs } from '../generator/registry.js';
import { moduleTitle } from '../generator/schemas.js';
import { canAccessResource } from '../authProvider.js';
import { CardsMenu, type CardSection } from './CardsMenu.js';
import { TitleBar } from './TitleBar.js';

// Areas the generator's module names do not cover yet.
const SECTION_TITLES: Record<string, string> = { users: 'Usuários e acessos' };

export function adminSections(): CardSection[] {
  const modules = [...new Set(resourceConfigs.map((c) => c.module))];
  return modules.map((module) => ({
    title: SECTION_TITLES[module] ?? moduleTitle(module),
    cards: resourceConfigs
      .filter((c) => c.module === module)
      .map((c) => ({
        title: c.title,
        to: `${c.path}/list`,
        icon: TableIcon,
        allowed: (roles: readonly string[]) => canAccessResource(roles, c.resource, 'list'),
      })),
  }));
}

export function AdminHome() {
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <Title title="Administração" />
      <TitleBar title="Administração" back="/" />
      <CardsMenu sections={adminSections()} />
    </Box>
  );
}

export default AdminHome;
