// react-admin's error pages, loaded only when they show (they are not in the first screen's
// download): the page of a screen that failed, and the page of a failed sign-in check (react-admin's
// AuthenticationError, whose <Title> brings the preferences editor's text field and select).
import { lazy, Suspense, type ComponentProps } from 'react';
import type { AuthenticationError as RaAuthenticationError, Error as RaError } from 'react-admin';

const RaErrorPage = lazy(() => import('./RaErrorPage.js'));
const RaAuthenticationErrorPage = lazy(() => import('./RaAuthenticationError.js'));

export function ErrorPage(props: ComponentProps<typeof RaError>) {
  return (
    <Suspense fallback={null}>
      <RaErrorPage {...props} />
    </Suspense>
  );
}

export function AuthenticationErrorPage(props: ComponentProps<typeof RaAuthenticationError>) {
  return (
    <Suspense fallback={null}>
      <RaAuthenticationErrorPage {...props} />
    </Suspense>
  );
}
