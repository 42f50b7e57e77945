// The browser's view of an identity provider (foundation spec, sections 3, 4 and 8). Two
// implementations: the built-in one over /v1/auth/* (builtinClient.ts) and AWS Cognito through
// aws-amplify (cognitoClient.ts). The authProvider, the sign-in pages and the data provider only
// talk to this interface; which implementation runs is decided by GET /v1/auth/config
// (see clientFactory.ts).
//
// Contract shared by every implementation:
// - Failures are thrown as IdentityError, whose `message` is the spec's pt-BR text for the failure
//   (AUTH_MSG, through messageForCode() when the provider answers a Cognito-style code) and whose
//   `code` is the Cognito-style exception name ('NotAuthorizedException', ...). Unknown codes keep
//   the provider's own text (the spec: "unknown codes are shown raw").
// - The client keeps no session state of its own that the app depends on: the app stores the
//   AuthSession it gets (src/admin/core/session.ts, in localStorage) and hands it back to refresh(),
//   changePassword(), signOut() and currentSession(). (Cognito may also keep amplify's own tokens;
//   it must still answer the AuthSession shape.)
import { AUTH_MSG } from '../../../domain/messages.js';

/** The session user (spec section 3), as /v1/auth/login and /v1/auth/me answer it. */
export interface SessionUser {
  /** Identity id (the token's `sub`, a UUID). */
  userId: string;
  /** The user's row id in auth.usuario (users resource): the id notifications and profiles use. */
  usuarioId: number;
  email: string;
  nome: string | null;
  /** Every role of the user: 'users:superadmin', 'rh:gestor', 'vendas:leitor', 'user', ... */
  roles: string[];
  /** The modules the user has a role in. */
  modules: string[];
  /** Employee flag, a string as the spec stores it. */
  employee: 'true' | 'false';
  /** GET /v1/auth/me only: whether the user's two-factor (built-in TOTP) is on. */
  totp?: boolean;
}

/** A signed-in session: what the app keeps in localStorage. */
export interface AuthSession {
  /** Identity token, sent as 'Authorization: Bearer <idToken>'. */
  idToken: string;
  /** Refresh token (the built-in one rotates it on every refresh: always keep the newest). */
  refreshToken: string;
  /** When the identity token expires, epoch milliseconds. */
  expiresAt: number;
  user: SessionUser;
}

export type ChallengeName = 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA';

/**
 * A pending sign-in step. The app keeps it (with the e-mail typed) until the step is completed;
 * `session` is the provider's opaque challenge token (Cognito/amplify may keep its own state and
 * leave it empty).
 */
export interface Challenge {
  challenge: ChallengeName;
  session: string;
  email: string;
}

export type SignInResult = { status: 'OK'; session: AuthSession } | { status: 'CHALLENGE'; challenge: Challenge };

/** A refused identity operation. `errors` maps form fields to their messages (e.g. password). */
export class IdentityError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status?: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

/** Cognito exception names -> the spec's texts (section 8). */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  NotAuthorizedException: AUTH_MSG.wrongCredentials,
  UserNotFoundException: AUTH_MSG.userNotFound,
  UserNotConfirmedException: AUTH_MSG.notConfirmed,
  PasswordResetRequiredException: AUTH_MSG.resetRequired,
  UserDisabledException: AUTH_MSG.disabled,
  TooManyFailedAttemptsException: AUTH_MSG.attemptsExceeded,
  TooManyRequestsException: AUTH_MSG.tooManyRequests,
  InternalErrorException: AUTH_MSG.internal,
  CodeMismatchException: AUTH_MSG.wrongCode,
  ExpiredCodeException: AUTH_MSG.wrongCode,
  LimitExceededException: AUTH_MSG.sendLimit,
  EmailNotFoundException: AUTH_MSG.emailNotFound,
  ForbiddenException: AUTH_MSG.notAuthorized,
};

/**
 * The text to show for a provider failure: the spec's text for a known code, else the provider's
 * own message (or the code itself) as is.
 */
export function messageForCode(code: string | undefined, raw?: string): string {
  if (code === 'NotAuthorizedException' && raw && /disabled/i.test(raw)) return AUTH_MSG.disabled;
  if (code === 'NotAuthorizedException' && raw && /attempts exceeded/i.test(raw)) return AUTH_MSG.attemptsExceeded;
  if (code === 'NotAuthorizedException' && raw && /temporary password has expired/i.test(raw)) return AUTH_MSG.temporaryExpired;
  return (code && AUTH_ERROR_MESSAGES[code]) || raw || code || AUTH_MSG.internal;
}

export interface IdentityClient {
  /** Which provider this is ('builtin' or 'cognito'), for diagnostics and tests. */
  readonly provider: 'builtin' | 'cognito';

  /**
   * Signs in with e-mail and password. Answers the session, or a challenge to complete first:
   * NEW_PASSWORD_REQUIRED (first access with a temporary password: go to the forced new-password
   * screen, keeping the challenge) or SOFTWARE_TOKEN_MFA (ask the 6-digit authenticator code).
   * Throws IdentityError: wrong e-mail or password, disabled user, attempts exceeded, ...
   */
  signIn(email: string, password: string): Promise<SignInResult>;

  /**
   * Completes NEW_PASSWORD_REQUIRED with the user's new password (the spec's password rule; a
   * field error on `password` otherwise). May answer another challenge (MFA) on Cognito.
   */
  completeNewPassword(challenge: Challenge, password: string): Promise<SignInResult>;

  /** Completes SOFTWARE_TOKEN_MFA with the 6-digit code of the authenticator app. */
  verifyMfa(challenge: Challenge, code: string): Promise<SignInResult>;

  /**
   * Asks for a password-reset code by e-mail. Answers the text to show (the built-in provider says
   * the same whether the e-mail exists or not). Throws on send limit ('Limite de envios excedido...').
   */
  forgotPassword(email: string): Promise<{ message: string }>;

  /**
   * Sets a new password with the 6-digit code received by e-mail. Throws IdentityError with
   * 'Código de verificação errado.' on a wrong or expired code, field errors on a weak password.
   */
  confirmForgotPassword(email: string, code: string, password: string): Promise<{ message: string }>;

  /** Changes the signed-in user's password (the current one is checked). */
  changePassword(session: AuthSession, currentPassword: string, password: string): Promise<{ message: string }>;

  /**
   * A fresh identity token for a session. Answers the whole new session: the built-in provider
   * rotates the refresh token, so the caller must store the answer. Throws when the session is over
   * (revoked, expired, user disabled): the caller signs out.
   */
  refresh(session: AuthSession): Promise<AuthSession>;

  /** Ends the session on the provider (revokes the refresh token). Never throws. */
  signOut(session: AuthSession | null): Promise<void>;

  /**
   * The session user as the server knows it now (GET /v1/auth/me: roles from the database), for
   * the role-consistency check. Throws IdentityError (status 401) when the token is refused.
   */
  currentSession(session: AuthSession): Promise<SessionUser>;
}

/** What GET /v1/auth/config answers. */
export type IdentityConfig =
  | { provider: 'builtin' }
  | { provider: 'cognito'; cognito: CognitoConfig };

export interface CognitoConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** A Cognito-compatible endpoint (local emulators); null for AWS itself. */
  endpoint: string | null;
}

/**
 * The module cognitoClient.ts must export (loaded lazily, only when the server says 'cognito'):
 * `export function createCognitoClient(config: CognitoConfig, apiBase: string): IdentityClient`,
 * where apiBase is the server's origin ('' in the browser) for GET /v1/auth/me.
 */
export interface CognitoClientModule {
  createCognitoClient(config: CognitoConfig, apiBase: string): IdentityClient;
}
