// AWS Cognito through aws-amplify v6 (the design card's choice), behind the same IdentityClient as
// the built-in identity: the same screens, texts and challenges. Loaded lazily by clientFactory.ts
// only when GET /v1/auth/config answers 'cognito'.
//
// Cognito proves who the person is; the session user (roles, providers, employee flag) is what
// our server answers at GET /v1/auth/me for Cognito's identity token, from its own database.
// amplify keeps Cognito's tokens itself (localStorage in the browser, memory elsewhere), the
// refresh token included: AuthSession.refreshToken carries a marker, not the secret.
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
  type SignInOutput,
} from 'aws-amplify/auth';
import { AUTH_MSG, MSG } from '../../../domain/messages.js';
import { cognitoErrorFrom, cognitoErrorParts, type CognitoOperation } from '../../../domain/cognitoErrors.js';
import {
  IdentityError,
  type AuthSession,
  type Challenge,
  type CognitoConfig,
  type IdentityClient,
  type SessionUser,
  type SignInResult,
} from './identityClient.js';

/** AuthSession.refreshToken of a Cognito session: amplify holds the real one. */
export const AMPLIFY_REFRESH_MARKER = 'amplify';

function fail(error: unknown, operation: CognitoOperation): never {
  if (error instanceof IdentityError) throw error;
  const { message, code, field, fieldMessage } = cognitoErrorFrom(error, operation);
  throw new IdentityError(message, code, undefined, field ? { [field]: fieldMessage ?? message } : undefined);
}

export class CognitoIdentityClient implements IdentityClient {
  readonly provider = 'cognito' as const;

  constructor(
    private config: CognitoConfig,
    private apiBase = '',
  ) {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          // A Cognito-compatible endpoint (cognito-local): amplify sends its calls there.
          ...(config.endpoint ? { userPoolEndpoint: config.endpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
  }

  /**
   * SRP on AWS (the password never leaves the browser); the plain password flow on an emulator,
   * which does not implement SRP (cognito-local). The app client must allow the flow used.
   */
  private get authFlowType() {
    return this.config.endpoint ? ('USER_PASSWORD_AUTH' as const) : ('USER_SRP_AUTH' as const);
  }

  /** The session user as our server knows it (roles from its database) for this identity token. */
  private async me(idToken: string): Promise<SessionUser> {
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}/v1/auth/me`, { headers: { Accept: 'application/json', Authorization: `Bearer ${idToken}` } });
    } catch {
      throw new IdentityError(AUTH_MSG.internal, 'NetworkError');
    }
    if (response.status === 401) {
      // Cognito accepted the password, but the intranet has no active user with this e-mail.
      throw new IdentityError(AUTH_MSG.notAuthorized, 'AccessDeniedException', 401);
    }
    if (!response.ok) {
      let message: string = MSG.failure;
      try {
        const body = (await response.json()) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // not JSON
      }
      throw new IdentityError(message, response.status >= 500 ? 'InternalErrorException' : 'UnknownError', response.status);
    }
    return (await response.json()) as SessionUser;
  }

  /** amplify's current tokens as an AuthSession (with our session user). */
  private async session(forceRefresh = false): Promise<AuthSession> {
    let tokens;
    try {
      tokens = (await fetchAuthSession({ forceRefresh })).tokens;
    } catch (error) {
      fail(error, 'session');
    }
    const idToken = tokens?.idToken;
    if (!idToken) throw new IdentityError(AUTH_MSG.sessionExpired, 'NotAuthorizedException', 401);
    const token = idToken.toString();
    let user: SessionUser;
    try {
      user = await this.me(token);
    } catch (error) {
      // Not ours (or disabled): leave no Cognito session behind.
      if (error instanceof IdentityError && error.status === 401) await signOut().catch(() => undefined);
      throw error;
    }
    const exp = idToken.payload.exp;
    return { idToken: token, refreshToken: AMPLIFY_REFRESH_MARKER, expiresAt: typeof exp === 'number' ? exp * 1000 : Date.now() + 3_600_000, user };
  }

  /** amplify's next step as our result: the session, a challenge, or the spec's refusal. */
  private async next(output: SignInOutput, email: string): Promise<SignInResult> {
    const step = output.nextStep.signInStep;
    switch (step) {
      case 'DONE':
        return { status: 'OK', session: await this.session() };
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        // amplify keeps the challenge's session itself (in memory): ours stays empty.
        return { status: 'CHALLENGE', challenge: { challenge: 'NEW_PASSWORD_REQUIRED', session: '', email } };
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return { status: 'CHALLENGE', challenge: { challenge: 'SOFTWARE_TOKEN_MFA', session: '', email } };
      case 'RESET_PASSWORD':
        throw new IdentityError(AUTH_MSG.resetRequired, 'PasswordResetRequiredException');
      case 'CONFIRM_SIGN_UP':
        throw new IdentityError(AUTH_MSG.notConfirmed, 'UserNotConfirmedException');
      default:
        // SMS or e-mail codes, MFA set-up, custom challenges: not offered by the intranet's screens.
        await signOut().catch(() => undefined);
        throw new IdentityError(`Etapa de entrada não suportada pela intranet: ${step}`, step);
    }
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    const username = email.trim();
    const attempt = () => signIn({ username, password, options: { authFlowType: this.authFlowType } });
    let output: SignInOutput;
    try {
      output = await attempt();
    } catch (error) {
      // Someone is still signed in in amplify (another tab, an unfinished sign-out): sign in anew.
      if (cognitoErrorParts(error).name !== 'UserAlreadyAuthenticatedException') fail(error, 'signIn');
      await signOut().catch(() => undefined);
      try {
        output = await attempt();
      } catch (again) {
        fail(again, 'signIn');
      }
    }
    return this.next(output, username);
  }

  async completeNewPassword(challenge: Challenge, password: string): Promise<SignInResult> {
    let output: SignInOutput;
    try {
      output = await confirmSignIn({ challengeResponse: password });
    } catch (error) {
      fail(error, 'newPassword');
    }
    return this.next(output, challenge.email);
  }

  async verifyMfa(challenge: Challenge, code: string): Promise<SignInResult> {
    if (!/^\d{6}$/.test(code.trim())) throw new IdentityError(MSG.code6, 'InvalidParameterException', 400, { code: MSG.code6 });
    let output: SignInOutput;
    try {
      output = await confirmSignIn({ challengeResponse: code.trim() });
    } catch (error) {
      fail(error, 'mfa');
    }
    return this.next(output, challenge.email);
  }

  async forgotPassword(email: string): Promise<{ message: string }> {
    try {
      await resetPassword({ username: email.trim() });
    } catch (error) {
      fail(error, 'forgotPassword');
    }
    return { message: AUTH_MSG.codeSent };
  }

  async confirmForgotPassword(email: string, code: string, password: string): Promise<{ message: string }> {
    try {
      await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
    } catch (error) {
      fail(error, 'confirmForgotPassword');
    }
    return { message: AUTH_MSG.passwordChanged };
  }

  async changePassword(_session: AuthSession, currentPassword: string, password: string): Promise<{ message: string }> {
    try {
      await updatePassword({ oldPassword: currentPassword, newPassword: password });
    } catch (error) {
      fail(error, 'changePassword');
    }
    return { message: AUTH_MSG.passwordChanged };
  }

  async refresh(_session: AuthSession): Promise<AuthSession> {
    return this.session(true);
  }

  async signOut(session: AuthSession | null): Promise<void> {
    // Cognito cannot revoke its ID token: our server refuses it from now on (until it expires).
    if (session?.idToken) {
      await fetch(`${this.apiBase}/v1/auth/logout`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${session.idToken}` },
        body: '{}',
      }).catch(() => undefined);
    }
    try {
      await signOut();
    } catch {
      // Never throws: the app forgets the session anyway.
    }
  }

  async currentSession(session: AuthSession): Promise<SessionUser> {
    return this.me(session.idToken).catch((error: unknown) => {
      if (error instanceof IdentityError && error.status === 401) throw new IdentityError(AUTH_MSG.sessionExpired, 'NotAuthorizedException', 401);
      throw error;
    });
  }
}

/** What clientFactory.ts loads (see CognitoClientModule in identityClient.ts). */
export function createCognitoClient(config: CognitoConfig, apiBase: string): IdentityClient {
  return new CognitoIdentityClient(config, apiBase);
}
