// A bespoke page as custom-pages/<feature>/index.tsx declares it (the registry: customPages.tsx).
import type { ComponentType } from 'react';
import type { ScreenAccess } from './accessRules.js';

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
