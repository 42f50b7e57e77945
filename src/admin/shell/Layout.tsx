// The signed-in layout: the header, the side menu (above 500 px) and the session checks.
import type { ReactNode } from 'react';
import { Layout as RaLayout, Sidebar, type SidebarProps } from 'react-admin';
import { SIDEBAR_MIN_WIDTH } from '../../domain/shell.js';
import { AppHeader, HEADER_HEIGHT } from './Header.js';
import { AppMenu } from './Menu.js';
import { SessionGuard } from './SessionGuard.js';
import { useWindowWidth } from './useViewer.js';

function AppSidebar(props: SidebarProps) {
  const width = useWindowWidth();
  if (width <= SIDEBAR_MIN_WIDTH) return null;
  return <Sidebar {...props} />;
}

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout
    appBar={AppHeader}
    appBarAlwaysOn
    menu={AppMenu}
    sidebar={AppSidebar}
    sx={{
      minWidth: 0,
      '& .RaLayout-appFrame': { marginTop: `${HEADER_HEIGHT}px` },
      '& .RaLayout-content': { minWidth: 0 },
    }}
  >
    <SessionGuard />
    {children}
  </RaLayout>
);
