// The signed-in layout: the header, the side menu (above 500 px) and the session checks. The frame
// is react-admin's Layout (same elements and RaLayout-* classes) without what it imports for its
// defaults and this app never draws (the default app bar with its user, locale and theme menus,
// and the preferences inspector): they would all be in the first screen's download.
import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { Loading, Sidebar, SkipNavigationButton, type SidebarProps } from 'react-admin';
import { SIDEBAR_MIN_WIDTH } from '../../domain/shell.js';
import { ErrorPage } from './ErrorPage.js';
import { AppHeader, HEADER_HEIGHT } from './Header.js';
import { AppMenu } from './Menu.js';
import { SessionGuard } from './SessionGuard.js';
import { useWindowWidth } from '../core/useViewer.js';

function AppSidebar(props: SidebarProps) {
  const width = useWindowWidth();
  if (width <= SIDEBAR_MIN_WIDTH) return null;
  return <Sidebar {...props} />;
}

const PREFIX = 'RaLayout';
const classes = { appFrame: `${PREFIX}-appFrame`, contentWithSidebar: `${PREFIX}-contentWithSidebar`, content: `${PREFIX}-content` };

const Frame = styled('div', { name: PREFIX, overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 0,
  width: '100%',
  [`& .${classes.appFrame}`]: { display: 'flex', flexDirection: 'column', flexGrow: 1, marginTop: `${HEADER_HEIGHT}px` },
  [`& .${classes.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${classes.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    minWidth: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

/** The screen's error boundary: the error page in place of a screen that failed, until the user leaves it. */
class ScreenBoundary extends Component<{ onError: (info: ErrorInfo) => void; fallback: (error: Error, reset: () => void) => ReactNode; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(_error: Error, info: ErrorInfo) {
    this.props.onError(info);
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: null })) : this.props.children;
  }
}

export function Layout({ children }: { children: ReactNode }) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Frame className="layout">
      <SkipNavigationButton />
      <div className={classes.appFrame}>
        <AppHeader />
        <main className={classes.contentWithSidebar}>
          <AppSidebar appBarAlwaysOn>
            <AppMenu />
          </AppSidebar>
          <div id="main-content" className={classes.content}>
            <ScreenBoundary onError={setErrorInfo} fallback={(error, reset) => <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={reset} />}>
              <Suspense fallback={<Loading />}>
                <SessionGuard />
                {children}
              </Suspense>
            </ScreenBoundary>
          </div>
        </main>
      </div>
    </Frame>
  );
}
