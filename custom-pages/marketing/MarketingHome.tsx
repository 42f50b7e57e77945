// /marketing/home (title Marketing): the marketing document's cards grouped in sections, each
// section shown by its module's roles (cards.ts).
import { Box, Typography } from '@mui/material';
import { CardsMenu, TitleBar, useViewer } from '../../src/admin/pages.js';
import { MARKETING_SECTIONS, visibleMarketingSections } from './cards.js';

export default function MarketingHome() {
  const viewer = useViewer();
  const empty = visibleMarketingSections(viewer).length === 0;
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Marketing" back="/" />
      {empty ? <Typography>Nenhum módulo de marketing disponível para o seu perfil.</Typography> : <CardsMenu sections={MARKETING_SECTIONS} />}
    </Box>
  );
}
