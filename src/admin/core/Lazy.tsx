import { Suspense, type ReactNode } from 'react';
import { Loading } from 'react-admin';

/**
 * A screen loaded on demand, with its own boundary per route (`key`): the screen being left unmounts
 * at once while the next one's code loads (with main.tsx's router, whose navigations are not
 * transitions).
 */
export const Lazy = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />}>{children}</Suspense>
);
