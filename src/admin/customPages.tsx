// Bespoke screens plug into the admin from custom-pages/<feature>/index.tsx, each exporting
// `pages`: its routes with lazily loaded components (so every page is its own chunk) and who may
// open each (`access`, the same rule the menus and cards follow: shell/screens.ts). A page the
// user may not open shows the one access-denied page, before any of its calls is made.
import type { ComponentType, ReactNode } from 'react';
import { Route, useParams } from 'react-router-dom';
import { Loading, useAuthState } from 'react-admin';
import { Lazy } from './generator/routes.js';
import { AccessDenied } from './shell/AccessDenied.js';
import { mayOpen, type ScreenAccess } from './shell/accessRules.js';
import { useViewer } from './shell/useViewer.js';

export interface CustomPage {
  /** Route path as the spec names it, e.g. '/human-resources/onboarding/report'. */
  path: string;
  /** Usually React.lazy(() => import('./Page.js')). */
  component: ComponentType;
  /** Pages drawn without the admin layout (sign-in, public careers pages): public. */
  noLayout?: boolean;
  /**
   * Who may open the page (default: any signed-in user): roles, modules and rights, the employee
   * flag, or an operation on a generated resource ({ resource: 'onboardings', operation: 'create' }).
   */
  access?: ScreenAccess;
  /** The title the access-denied page shows in its title bar. */
  title?: string;
  /**
   * What a visitor (nobody signed in) meets at this path instead of the sign-in, e.g. the sign-up
   * leading to the page (the spec's public /applicants/register). Signed in, the page shows in the
   * admin layout as any other; signing in on the visitor's page turns it into the page, same address.
   */
  visitor?: ComponentType;
}

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
