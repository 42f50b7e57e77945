// /content/home: the content administration hub (news, FAQ, the employee handbook and their categories).
import { Box, Typography } from '@mui/material';
import { CardsMenu, TitleBar, useViewer } from '../../src/admin/pages.js';
import { CONTENT_SECTIONS, visibleContentSections } from './cards.js';

export default function ContentHome() {
  const viewer = useViewer();
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Conteúdos" back="/" />
      {visibleContentSections(viewer).length === 0 ? <Typography>Nenhum conteúdo disponível para o seu perfil.</Typography> : <CardsMenu sections={CONTENT_SECTIONS} />}
    </Box>
  );
}
