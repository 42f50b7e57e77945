// Bespoke screens plug into the admin from custom-pages/<feature>/index.tsx, each exporting
// `pages`: its routes with lazily loaded components (so every page is its own chunk).
import type { ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { Lazy } from './generator/routes.js';

export interface CustomPage {
  /** Route path as the spec names it, e.g. '/human-resources/onboarding/report'. */
  path: string;
  /** Usually React.lazy(() => import('./Page.js')). */
  component: ComponentType;
  /** Pages drawn without the admin layout (sign-in, public careers pages). */
  noLayout?: boolean;
}

const modules = import.meta.glob<{ pages: CustomPage[] }>('/custom-pages/*/index.tsx', { eager: true });

export const customPages: CustomPage[] = Object.values(modules).flatMap((m) => m.pages ?? []);

export function customPageRoutes(noLayout: boolean) {
  return customPages
    .filter((p) => Boolean(p.noLayout) === noLayout)
    .map(({ path, component: Component }) => (
      <Route
        key={path}
        path={path}
        element={
          <Lazy key={path}>
            <Component />
          </Lazy>
        }
      />
    ));
}
