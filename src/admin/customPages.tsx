// Bespoke screens plug into the admin from custom-pages/<feature>/index.tsx, each exporting
// `pages`: its routes with lazily loaded components (so every page is its own chunk) and who may
// open each (`access`, the same rule the menus and cards follow: shell/screens.ts). A page the
// user may not open shows the one access-denied page, before any of its calls is made.
import type { ComponentType, ReactNode } from 'react';
import { Route, useParams } from 'react-router-dom';
import { Loading, useAuthState } from 'react-admin';
import type { CustomPage } from './core/customPage.js';
import { Lazy } from './core/Lazy.js';
import { AccessDenied } from './generator/AccessDenied.js';
import { mayOpen } from './core/accessRules.js';
import { useViewer } from './core/useViewer.js';

export type { CustomPage };

const modules = import.meta.glob<{ pages: CustomPage[] }>('/custom-pages/*/index.tsx', { eager: true });

export const customPages: CustomPage[] = Object.values(modules).flatMap((m) => m.pages ?? []);

/** The page, or the access-denied page for who may not open it. */
function ScreenGate({ page, children }: { page: CustomPage; children: ReactNode }) {
  const viewer = useViewer();
  const params = useParams();
  if (!page.access || mayOpen(page.access, viewer, params)) return <>{children}</>;
  return <AccessDenied title={page.title} />;
}

/**
 * A page with a visitor's version: react-admin's own authentication state decides (the layout's
 * screens would otherwise sign out a session its cached check has not seen yet).
 */
function VisitorOrPage({ page, layout: Layout, children }: { page: CustomPage; layout: ComponentType<{ children: ReactNode }>; children: ReactNode }) {
  const { authenticated, isPending } = useAuthState(undefined, false);
  const Visitor = page.visitor!;
  if (isPending) return <Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />;
  if (!authenticated) {
    return (
      <Lazy key={`${page.path}:visitor`}>
        <Visitor />
      </Lazy>
    );
  }
  return (
    <Layout>
      <ScreenGate page={page}>{children}</ScreenGate>
    </Layout>
  );
}

/**
 * The routes of the pages with the admin layout, or of those without it (public). A page with a
 * visitor's version (`visitor`) is among the latter, as react-admin draws only those for a visitor,
 * and brings the admin's `layout` along for who is signed in (tests may leave it out).
 */
export function customPageRoutes(noLayout: boolean, layout?: ComponentType<{ children: ReactNode }>) {
  return customPages.filter((p) => Boolean(p.noLayout || p.visitor) === noLayout).map((page) => routeOf(page, layout));
}

function routeOf(page: CustomPage, layout?: ComponentType<{ children: ReactNode }>) {
  const { path, component: Component } = page;
  const screen = (
    <Lazy key={path}>
      <Component />
    </Lazy>
  );
  const element = page.noLayout ? (
    screen
  ) : page.visitor && layout ? (
    <VisitorOrPage page={page} layout={layout}>
      {screen}
    </VisitorOrPage>
  ) : (
    <ScreenGate page={page}>{screen}</ScreenGate>
  );
  return <Route key={path} path={path} element={element} />;
}
