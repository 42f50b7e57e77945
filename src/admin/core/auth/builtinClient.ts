// The built-in identity over /v1/auth/* (src/server/auth/routes.ts): the server answers the spec's
// texts in `message` and a Cognito-style exception name in `code`.
import { AUTH_MSG, MSG } from '../../../domain/messages.js';
import {
  IdentityError,
  messageForCode,
  type AuthSession,
  type Challenge,
  type IdentityClient,
  type SessionUser,
  type SignInResult,
} from './identityClient.js';

interface TokenAnswer {
  status?: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  user: SessionUser;
}

type LoginAnswer = TokenAnswer | { status: 'CHALLENGE'; challenge: Challenge['challenge']; session: string };

export class BuiltinIdentityClient implements IdentityClient {
  readonly provider = 'builtin' as const;

  /** `apiBase`: the server's origin ('' for the page's own). */
  constructor(private apiBase = '') {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new IdentityError(AUTH_MSG.internal, 'NetworkError');
    }
    let json: Record<string, unknown> = {};
    try {
      json = (await response.json()) as Record<string, unknown>;
    } catch {
      // an empty or non-JSON body
    }
    if (!response.ok) {
      const code = typeof json.code === 'string' ? json.code : response.status === 429 ? 'TooManyRequestsException' : response.status >= 500 ? 'InternalErrorException' : 'UnknownError';
      const raw = typeof json.message === 'string' ? json.message : undefined;
      // The server already answers the spec's text; fall back to the code's text otherwise.
      const message = raw ?? messageForCode(code);
      const errors = json.errors && typeof json.errors === 'object' ? (json.errors as Record<string, string>) : undefined;
      throw new IdentityError(message || MSG.failure, code, response.status, errors);
    }
    return json as T;
  }

  private session(answer: TokenAnswer): AuthSession {
    return {
      idToken: answer.idToken,
      refreshToken: answer.refreshToken,
      expiresAt: Date.now() + answer.expiresIn * 1000,
      user: answer.user,
    };
  }

  private result(answer: LoginAnswer, email: string): SignInResult {
    if (answer.status === 'CHALLENGE' && 'challenge' in answer) {
      return { status: 'CHALLENGE', challenge: { challenge: answer.challenge, session: answer.session, email } };
    }
    return { status: 'OK', session: this.session(answer as TokenAnswer) };
  }

  async signIn(email: string, password: string): Promise<SignInResult> {
    return this.result(await this.call<LoginAnswer>('POST', '/v1/auth/login', { email: email.trim(), password }), email.trim());
  }

  async completeNewPassword(challenge: Challenge, password: string): Promise<SignInResult> {
    const answer = await this.call<LoginAnswer>('POST', '/v1/auth/new-password', { session: challenge.session, password });
    return this.result(answer, challenge.email);
  }

  async verifyMfa(challenge: Challenge, code: string): Promise<SignInResult> {
    const answer = await this.call<LoginAnswer>('POST', '/v1/auth/mfa', { session: challenge.session, code: code.trim() });
    return this.result(answer, challenge.email);
  }

  async forgotPassword(email: string): Promise<{ message: string }> {
    const answer = await this.call<{ message?: string }>('POST', '/v1/auth/forgot-password', { email: email.trim() });
    return { message: answer.message ?? AUTH_MSG.codeSent };
  }

  async confirmForgotPassword(email: string, code: string, password: string): Promise<{ message: string }> {
    const answer = await this.call<{ message?: string }>('POST', '/v1/auth/confirm-forgot-password', { email: email.trim(), code: code.trim(), password });
    return { message: answer.message ?? AUTH_MSG.passwordChanged };
  }

  async changePassword(session: AuthSession, currentPassword: string, password: string): Promise<{ message: string }> {
    const answer = await this.call<{ message?: string }>('POST', '/v1/auth/change-password', { currentPassword, password }, session.idToken);
    return { message: answer.message ?? AUTH_MSG.passwordChanged };
  }

  async refresh(session: AuthSession): Promise<AuthSession> {
    return this.session(await this.call<TokenAnswer>('POST', '/v1/auth/refresh', { refreshToken: session.refreshToken }));
  }

  async signOut(session: AuthSession | null): Promise<void> {
    if (!session) return;
    try {
      await this.call('POST', '/v1/auth/logout', { refreshToken: session.refreshToken }, session.idToken);
    } catch {
      // Signing out locally is what matters; a refused or unreachable server changes nothing.
    }
  }

  async currentSession(session: AuthSession): Promise<SessionUser> {
    return this.call<SessionUser>('GET', '/v1/auth/me', undefined, session.idToken);
  }
}
