// /human-resources/home: the HR cards grouped in sections (the shell's cards menu), each card shown
// by the user's roles. Cards of modules not built yet still show and lead to their route.
import { Box, Typography } from '@mui/material';
import { TitleBar } from '../../src/admin/shell/TitleBar.js';
import { CardsMenu } from '../../src/admin/shell/CardsMenu.js';
import { useSession } from '../../src/admin/session.js';
import { HR_SECTIONS, visibleHrSections } from './cards.js';

export default function HrHome() {
  const session = useSession();
  const empty = visibleHrSections(session?.roles ?? []).length === 0;
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Recursos Humanos" back="/" />
      {empty ? <Typography>Nenhum módulo de RH disponível para o seu perfil.</Typography> : <CardsMenu sections={HR_SECTIONS} />}
    </Box>
  );
}
