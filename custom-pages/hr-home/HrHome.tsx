// /human-resources/home: the HR cards grouped in sections (the shell's cards menu), each card shown
// to who may open its screen; cards of screens not built yet follow the spec's card rules.
import { Box, Typography } from '@mui/material';
import { CardsMenu, TitleBar, useViewer } from '../../src/admin/pages.js';
import { HR_SECTIONS, visibleHrSections } from './cards.js';

export default function HrHome() {
  const viewer = useViewer();
  const empty = visibleHrSections(viewer).length === 0;
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Recursos Humanos" back="/" />
      {empty ? <Typography>Nenhum módulo de RH disponível para o seu perfil.</Typography> : <CardsMenu sections={HR_SECTIONS} />}
    </Box>
  );
}
