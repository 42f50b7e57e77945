// /modulos/admin: the administration home, a cards menu with one section per module of the
// generated registers (adminSections.ts: a section per manager check, a card per role check).
import { Box, Typography } from '@mui/material';
import { CardsMenu } from './CardsMenu.js';
import { TitleBar } from '../generator/TitleBar.js';
import { adminSections, hasAdminCards } from './adminSections.js';
import { useViewer } from '../core/useViewer.js';

export const NO_ADMIN_CARDS = 'Nenhum cadastro disponível para o seu perfil.';

export function AdminHome() {
  const { roles } = useViewer();
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title="Administração" back="/" />
      {hasAdminCards(roles) ? <CardsMenu sections={adminSections()} /> : <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{NO_ADMIN_CARDS}</Typography>}
    </Box>
  );
}

export default AdminHome;
