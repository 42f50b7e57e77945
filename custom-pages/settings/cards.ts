// The cards of /settings/home. The page itself is for module managers (a gestor of any module or
// the superadmin); each card also needs the right of its own screen.
import type { ComponentType } from 'react';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import TableIcon from '@mui/icons-material/TableRowsOutlined';
import { SUPERADMIN } from '../../src/domain/roles.js';
import { canAccessResource, type CardSection } from '../../src/admin/pages.js';

const can = (resource: string, action: string) => (roles: readonly string[]) => canAccessResource(roles, resource, action);
const icon = (c: unknown) => c as ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;

export const SETTINGS_SECTIONS: CardSection[] = [
  {
    title: 'Usuários e acessos',
    manager: { modules: ['users'], right: 'anyGestor' },
    cards: [
      { title: 'Usuários', to: '/settings/list', icon: icon(GroupIcon), allowed: can('users', 'list') },
      { title: 'Cadastrar usuário', to: '/settings/register', icon: icon(PersonAddIcon), allowed: can('users', 'create') },
      { title: 'Perfis de acesso', to: '/access-profiles/list', icon: icon(BadgeIcon), allowed: can('access-profiles', 'list') },
    ],
  },
  {
    title: 'Organização',
    manager: { modules: ['users'], right: 'anyGestor' },
    cards: [
      { title: 'Empresas', to: '/companies/list', icon: icon(BusinessIcon), allowed: can('providers', 'list') },
      { title: 'Cadastros gerais', to: '/modulos/admin', icon: icon(TableIcon) },
    ],
  },
  {
    title: 'Sistema',
    cards: [{ title: 'Caixa de saída de e-mails', to: '/settings/outbox/list', icon: icon(MailIcon), roles: [SUPERADMIN] }],
  },
];
