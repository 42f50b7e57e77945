// The page of a route the spec names whose screen is not built yet (plannedRoutes.ts): the title
// bar with its back button and a short notice, instead of a silent jump to the index.
import { useLocation } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { TitleBar } from '../generator/TitleBar.js';
import { plannedAreaOf } from '../core/plannedRoutes.js';

export const NOT_YET_AVAILABLE = 'Este módulo ainda não está disponível.';

export function NotYetAvailable() {
  const { pathname } = useLocation();
  const title = plannedAreaOf(pathname)?.title ?? 'Em construção';
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back="/" />
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6, color: 'text.secondary', textAlign: 'center' }}>
        <ConstructionIcon sx={{ fontSize: 48 }} />
        <Typography>{NOT_YET_AVAILABLE}</Typography>
      </Box>
    </Box>
  );
}

export default NotYetAvailable;
