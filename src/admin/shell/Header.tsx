// The headers (foundation spec, section 2). Signed in: intranet logo to '/' (a candidate sees the
// careers logo), the top menu, incident and notification bells, calendar and contacts for employees
// (above 500 px; narrower, they are top-menu items), the settings shortcut for managers, the profile
// avatar dropdown. Signed out: the brands' logos to
// '/home/vacancy' and the buttons 'Entrar' and 'Cadastre-se'.
import { Link } from 'react-router-dom';
import { AppBar, Box, Button, IconButton, Toolbar, Tooltip, useScrollTrigger } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ContactsIcon from '@mui/icons-material/ContactPhoneOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { SidebarToggleButton } from 'react-admin';
import { anyGestor } from '../../domain/roles.js';
import { SIDEBAR_MIN_WIDTH } from '../../domain/shell.js';
import { LOGIN_ROUTE, PUBLIC_HOME_ROUTE } from '../core/authProvider.js';
import { HeaderBells } from './Bells.js';
import { BrandLogos, CareersLogo, IntranetLogo } from './Logos.js';
import { isCandidate } from './menuItems.js';
import { ADMIN_HOME, ProfileMenu } from './ProfileMenu.js';
import { TopMenu } from './TopMenu.js';
import { useViewer, useWindowWidth } from '../core/useViewer.js';

export const HEADER_HEIGHT = 56;
/** Past this scroll the header gets its shadow (spec section 9). */
export const HEADER_SCROLL_THRESHOLD = 60;

export const REGISTER_ROUTE = '/home/login/register';

function useScrolled() {
  return useScrollTrigger({ disableHysteresis: true, threshold: HEADER_SCROLL_THRESHOLD });
}

export function AppHeader() {
  const viewer = useViewer();
  const width = useWindowWidth();
  const scrolled = useScrolled();
  const candidate = isCandidate(viewer);
  return (
    <AppBar position="fixed" color="primary" elevation={scrolled ? 4 : 0} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ minHeight: HEADER_HEIGHT, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {width > SIDEBAR_MIN_WIDTH && <SidebarToggleButton />}
        <Box component={Link} to="/" aria-label="Página inicial" sx={{ display: 'flex', alignItems: 'center', color: 'inherit', flexShrink: 0 }}>
          {candidate ? <CareersLogo height={28} compact={width <= 800} /> : <IntranetLogo height={28} compact={width <= 800} />}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center' }}>
          <TopMenu />
        </Box>
        <HeaderBells incidents={viewer.employee} />
        {viewer.employee && width > SIDEBAR_MIN_WIDTH && (
          <>
            <Tooltip title="Calendário">
              <IconButton color="inherit" component={Link} to="/calendar" aria-label="Calendário">
                <CalendarIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Contatos">
              <IconButton color="inherit" component={Link} to="/contacts/list" aria-label="Contatos">
                <ContactsIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        {anyGestor(viewer.roles) && (
          <Tooltip title="Configurações">
            <IconButton color="inherit" component={Link} to={ADMIN_HOME} aria-label="Configurações">
              <SettingsIcon />
            </IconButton>
          </Tooltip>
        )}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}

/** The header of the public pages (careers, sign-in). */
export function PublicHeader() {
  const scrolled = useScrolled();
  const width = useWindowWidth();
  return (
    <AppBar position="sticky" color="inherit" elevation={scrolled ? 4 : 1} sx={{ bgcolor: 'background.paper' }}>
      <Toolbar sx={{ minHeight: HEADER_HEIGHT, gap: 1, px: { xs: 1, sm: 3 }, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Box component={Link} to={PUBLIC_HOME_ROUTE} aria-label="Vagas" sx={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, textDecoration: 'none' }}>
          <BrandLogos height={width < 600 ? 18 : 26} />
        </Box>
        <Button component={Link} to={LOGIN_ROUTE} variant="outlined">
          Entrar
        </Button>
        <Button component={Link} to={REGISTER_ROUTE} variant="contained">
          Cadastre-se
        </Button>
      </Toolbar>
    </AppBar>
  );
}
