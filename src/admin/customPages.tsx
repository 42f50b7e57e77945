// Bespoke screens plug into the admin from custom-pages/<feature>/index.tsx, each exporting
// `pages`: its routes with lazily loaded components (so every page is its own chunk) and who may
// open each (`access`, the same rule the menus and cards follow: shell/screens.ts). A page the
// user may not open shows the one access-denied page, before any of its calls is made.
import type { ComponentType, ReactNode } from 'react';
import { Route, useParams } from 'react-router-dom';
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

export function customPageRoutes(noLayout: boolean) {
  return customPages
    .filter((p) => Boolean(p.noLayout) === noLayout)
    .map((page) => {
      const { path, component: Component } = page;
      const screen = (
        <Lazy key={path}>
          <Component />
        </Lazy>
      );
      return <Route key={path} path={path} element={noLayout ? screen : <ScreenGate page={page}>{screen}</ScreenGate>} />;
    });
}
