// '/': the internal home. The spec does not show its content; until news and the other home pieces
// exist it is a cards menu of the signed-in user's own ways in: their onboarding, contacts and
// calendar for employees, their profile and resume for everyone, and the areas they manage.
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import School from '@mui/icons-material/School';
import ContactPhone from '@mui/icons-material/ContactPhone';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Person from '@mui/icons-material/Person';
import Description from '@mui/icons-material/Description';
import Work from '@mui/icons-material/Work';
import Apps from '@mui/icons-material/Apps';
import Groups from '@mui/icons-material/Groups';
import Settings from '@mui/icons-material/Settings';
import { CardsMenu, type CardSection } from './CardsMenu.js';
import { usePageTitle } from './TitleBar.js';
import { useViewer } from './useViewer.js';
import { isCandidate } from './accessRules.js';

/** The home's sections for a user: `employee` is the session's employee flag, `usuarioId` their user id. */
export function homeSections(employee: boolean, usuarioId: number | string | undefined): CardSection[] {
  const always = () => true;
  return [
    {
      title: 'Para você',
      cards: [
        { title: 'Meu onboarding', to: '/human-resources/onboarding/employee', icon: School, allowed: () => employee },
        { title: 'Contatos', to: '/contacts/list', icon: ContactPhone, allowed: () => employee },
        { title: 'Calendário', to: '/calendar', icon: CalendarMonth, allowed: () => employee },
        { title: 'Meu perfil', to: `/users/profile/${usuarioId ?? ''}`, icon: Person, allowed: () => usuarioId !== undefined },
        { title: 'Currículo', to: '/resume/list', icon: Description, allowed: always },
        // The careers site's open vacancies (custom-pages/careers-public).
        { title: 'Vagas', to: '/careers/list', icon: Work, allowed: always },
      ],
    },
    {
      title: 'Gestão',
      cards: [
        // Shown to who may open them (their screens' access, shell/screens.ts): the administration
        // home to whom it has cards for, the HR home to HR and onboarding roles, Settings to managers.
        { title: 'Administração', to: '/modulos/admin', icon: Apps },
        { title: 'Recursos Humanos', to: '/human-resources/home', icon: Groups },
        { title: 'Configurações', to: '/settings/home', icon: Settings },
      ],
    },
  ];
}

/** The home's heading: a candidate is in the careers area (their header shows the careers logo), staff in the intranet. */
export const homeHeading = (candidate: boolean) => (candidate ? 'Bem-vindo ao Trabalhe Conosco' : 'Bem-vindo à Intranet');

export function Home() {
  usePageTitle('Início');
  const viewer = useViewer();
  const { employee, session } = viewer;
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: 2, py: 4 }}>
      <Title title="Início" />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        {homeHeading(isCandidate(viewer))}
      </Typography>
      <CardsMenu sections={homeSections(employee, session?.user?.usuarioId)} />
    </Box>
  );
}

export default Home;
