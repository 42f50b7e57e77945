// /reports/home: every HR report as a card (the shell's cards menu, as the HR home), each shown to who
// may open it; the read confirmation and the car repair report (over the fleet's maintenance
// records) under 'Outros relatórios'.
import { Box, Typography } from '@mui/material';
import Assessment from '@mui/icons-material/Assessment';
import Cake from '@mui/icons-material/Cake';
import CarRepair from '@mui/icons-material/CarRepair';
import FactCheck from '@mui/icons-material/FactCheck';
import { type CardSection, CardsMenu, TitleBar, useViewer, visibleSections } from '../../src/admin/pages.js';
import { HR_REPORTS, REPORTS_HOME_TITLE } from './reports.js';

const OTHERS = ['read-confirm', 'car-repair'];
const carRepair = HR_REPORTS.find((r) => r.key === 'car-repair')!;

export const REPORT_SECTIONS: CardSection[] = [
  {
    title: 'Departamento Pessoal',
    cards: HR_REPORTS.filter((r) => r.card !== false && !OTHERS.includes(r.key)).map((r) => ({ title: r.title, to: r.path, icon: r.key === 'birthday' ? Cake : Assessment, roles: ['rh:gestor'] })),
  },
  {
    title: 'Outros relatórios',
    cards: [
      { title: 'Confirmação de leitura', to: '/reports/read-confirm', icon: FactCheck, roles: ['rh:gestor'] },
      { title: carRepair.title, to: carRepair.path, icon: CarRepair, roles: ['rh:gestor'] },
    ],
  },
];

export default function ReportsHome() {
  const viewer = useViewer();
  const empty = visibleSections(REPORT_SECTIONS, viewer).length === 0;
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={REPORTS_HOME_TITLE} back="/human-resources/home" />
      {empty ? <Typography>Nenhum relatório disponível para o seu perfil.</Typography> : <CardsMenu sections={REPORT_SECTIONS} />}
    </Box>
  );
}
