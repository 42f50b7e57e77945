// The server the app talks to ('' = the page's own origin; the UI tests point it at their server).
import { createContext, useContext } from 'react';
import { useAuthProvider } from 'react-admin';
import type { IntranetAuthProvider } from '../authProvider.js';

export const ApiBaseContext = createContext('');

export const useApiBase = () => useContext(ApiBaseContext);

/** The app's authProvider with its sign-in steps (login, completeNewPassword, verifyMfa, client). */
export const useIntranetAuth = () => useAuthProvider() as IntranetAuthProvider;
