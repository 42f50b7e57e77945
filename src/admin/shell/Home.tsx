// '/': the internal home (issue 31), where employees land each morning. A greeting; what waits for
// them ("Para você": unread must-read news, onboarding steps, their open incidents and those they
// follow), the news (unread must-read first, with their read state), the month's birthdays and
// company anniversaries of their providers (GET /v1/inicio, src/server/home/service.ts); then cards
// of their own ways in ("Meu onboarding" only when they have one) and of the modules they hold a
// role in (the top menu's module areas: marketing staff get Marketing). Candidates, who are not
// staff, get their cards only, under the careers area's welcome.
import { useEffect, useState } from 'react';
import { Alert, Box, Grid, Skeleton, Stack, Typography } from '@mui/material';
import School from '@mui/icons-material/School';
import ContactPhone from '@mui/icons-material/ContactPhone';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Person from '@mui/icons-material/Person';
import MeetingRoom from '@mui/icons-material/MeetingRoom';
import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Description from '@mui/icons-material/Description';
import Work from '@mui/icons-material/Work';
import Apps from '@mui/icons-material/Apps';
import Settings from '@mui/icons-material/Settings';
import { v1Json } from '../core/api.js';
import { CardsMenu, type CardSection, type MenuCard } from './CardsMenu.js';
import { usePageTitle } from '../generator/TitleBar.js';
import { useViewer } from '../core/useViewer.js';
import { allowed, isCandidate, isStaff, type Viewer } from '../core/accessRules.js';
import { TOP_MENU } from './menuItems.js';
import { AnniversariesBlock, BirthdaysBlock, greeting, NewsBlock, PendingBlock, type HomeData } from './HomeBlocks.js';

/** The home's load error (the blocks then stay out; the cards still show). */
export const HOME_LOAD_ERROR = 'Não foi possível carregar as informações da página inicial.';

/** The modules' cards: the top menu's areas of module roles (HR, Marketing, Sales, ...), shown to who holds a role there. */
export function moduleCards(viewer: Viewer): MenuCard[] {
  return TOP_MENU.filter((e) => e.modules).map((e) => ({
    title: e.label,
    to: e.to,
    icon: e.icon as MenuCard['icon'],
    allowed: () => allowed(e, viewer),
  }));
}

/**
 * The home's card sections for a viewer: `hasOnboarding` says whether they take part in an
 * onboarding (the "Meu onboarding" card), as GET /v1/inicio answers.
 */
export function homeSections(viewer: Viewer, hasOnboarding: boolean): CardSection[] {
  const { employee, usuarioId } = viewer;
  const always = () => true;
  return [
    {
      title: 'Acesso rápido',
      cards: [
        { title: 'Meu onboarding', to: '/human-resources/onboarding/employee', icon: School, allowed: () => employee && hasOnboarding },
        { title: 'Contatos', to: '/contacts/list', icon: ContactPhone, allowed: () => employee },
        { title: 'Calendário', to: '/calendar', icon: CalendarMonth, allowed: () => employee },
        { title: 'Meu perfil', to: `/users/profile/${usuarioId ?? ''}`, icon: Person, allowed: () => usuarioId !== undefined },
        // Issue 34: booking a room or equipment, and one's e-mail signature.
        { title: 'Reservar recurso', to: '/resources/bookings/calendar', icon: MeetingRoom, allowed: () => employee },
        { title: 'Assinatura de e-mail', to: '/emailsignature/list', icon: AlternateEmail, allowed: () => employee },
        { title: 'Currículo', to: '/resume/list', icon: Description, allowed: always },
        // The careers site's open vacancies (custom-pages/careers-public).
        { title: 'Vagas', to: '/careers/list', icon: Work, allowed: always },
      ],
    },
    {
      title: 'Seus módulos',
      cards: [
        // Shown to who may open them (their screens' access, shell/screens.ts): the administration
        // home to whom it has cards for, the module areas to their roles, Settings to managers.
        { title: 'Administração', to: '/modulos/admin', icon: Apps },
        ...moduleCards(viewer),
        { title: 'Configurações', to: '/settings/home', icon: Settings },
      ],
    },
  ];
}

/** The home's heading: a candidate is in the careers area (their header shows the careers logo), staff in the intranet. */
export const homeHeading = (candidate: boolean) => (candidate ? 'Bem-vindo ao Trabalhe Conosco' : 'Bem-vindo à Intranet');

type Load = { state: 'loading' } | { state: 'done'; data: HomeData } | { state: 'failed' };

function useHome(enabled: boolean, userKey: unknown): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoad({ state: 'loading' });
    v1Json<HomeData>('/v1/inicio').then(
      (data) => live && setLoad({ state: 'done', data }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [enabled, userKey]);
  return load;
}

const BlockSkeleton = () => <Skeleton variant="rounded" height={140} aria-hidden />;

export function Home() {
  usePageTitle('Início');
  const viewer = useViewer();
  const staff = isStaff(viewer);
  const load = useHome(staff, viewer.usuarioId);
  const data = load.state === 'done' ? load.data : null;
  const firstName = (data?.nome ?? viewer.session?.user?.nome ?? '').trim().split(/\s+/)[0];
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1.5, sm: 2 }, py: { xs: 2, sm: 3 }, boxSizing: 'border-box' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        {homeHeading(isCandidate(viewer))}
      </Typography>
      {staff && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {greeting()}
          {firstName ? `, ${firstName}` : ''}! Veja o que há de novo para você hoje.
        </Typography>
      )}
      {staff && load.state === 'failed' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {HOME_LOAD_ERROR}
        </Alert>
      )}
      {staff && load.state !== 'failed' && (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={2}>
              {data ? <PendingBlock items={data.pendencias} /> : <BlockSkeleton />}
              {data ? <NewsBlock items={data.novidades} /> : <BlockSkeleton />}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              {data ? <BirthdaysBlock people={data.aniversariantes} hoje={data.hoje} /> : <BlockSkeleton />}
              {data ? <AnniversariesBlock people={data.tempo_de_casa} hoje={data.hoje} /> : <BlockSkeleton />}
            </Stack>
          </Grid>
        </Grid>
      )}
      {!staff && <Box sx={{ mb: 3 }} />}
      <CardsMenu sections={homeSections(viewer, Boolean(data?.onboarding))} />
    </Box>
  );
}

export default Home;
