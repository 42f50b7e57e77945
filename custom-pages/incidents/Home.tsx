// /incidents/home: the incident area's cards (the shell's cards menu): report one, the list, the
// dashboard and the categories, each shown to who may open its screen.
import { Box } from '@mui/material';
import AddAlert from '@mui/icons-material/AddAlert';
import ListAlt from '@mui/icons-material/ListAlt';
import Insights from '@mui/icons-material/Insights';
import Category from '@mui/icons-material/Category';
import { type CardSection, CardsMenu, TitleBar } from '../../src/admin/pages.js';
import { TEXTS } from './texts.js';

export const INCIDENT_SECTIONS: CardSection[] = [
  {
    title: 'Incidentes',
    cards: [
      { title: 'Relatar incidente', to: '/incidents/register', icon: AddAlert },
      { title: 'Lista de incidentes', to: '/incidents/list', icon: ListAlt },
      { title: 'Painel de incidentes', to: '/incidents/dashboards', icon: Insights },
    ],
  },
  {
    title: 'Configurações',
    cards: [{ title: 'Categorias de incidentes', to: '/incidents-categories/list', icon: Category }],
  },
];

export default function IncidentsHome() {
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={TEXTS.homeTitle} back="/" />
      <CardsMenu sections={INCIDENT_SECTIONS} />
    </Box>
  );
}
