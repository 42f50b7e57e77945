// AWS Cognito exception names -> the specification's pt-BR texts (foundation spec, section 8).
// Pure: the browser's Cognito client (aws-amplify) uses it, and its unit test needs nothing else.
// Unknown codes are shown raw, as the specification says.
import { AUTH_MSG, MSG } from './messages.js';

/** Which operation failed: the same Cognito name means different things in different steps. */
export type CognitoOperation =
  | 'signIn'
  | 'newPassword'
  | 'mfa'
  | 'forgotPassword'
  | 'confirmForgotPassword'
  | 'changePassword'
  | 'session'
  | 'signUp'
  | 'confirmSignUp';

export const COGNITO_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  NotAuthorizedException: AUTH_MSG.wrongCredentials,
  UserNotFoundException: AUTH_MSG.userNotFound,
  UserNotConfirmedException: AUTH_MSG.notConfirmed,
  PasswordResetRequiredException: AUTH_MSG.resetRequired,
  UserDisabledException: AUTH_MSG.disabled,
  CodeMismatchException: AUTH_MSG.wrongCode,
  ExpiredCodeException: AUTH_MSG.wrongCode,
  LimitExceededException: AUTH_MSG.sendLimit,
  TooManyRequestsException: AUTH_MSG.tooManyRequests,
  TooManyFailedAttemptsException: AUTH_MSG.attemptsExceeded,
  InternalErrorException: AUTH_MSG.internal,
  EmailNotFoundException: AUTH_MSG.emailNotFound,
  ForbiddenException: AUTH_MSG.notAuthorized,
  AccessDeniedException: AUTH_MSG.notAuthorized,
};

export interface CognitoErrorText {
  /** The text to show. */
  message: string;
  /** The Cognito exception name (kept as the error's code). */
  code: string;
  /** A form field the message belongs to, when it is about one field. */
  field?: 'password' | 'currentPassword' | 'code' | 'email';
  /** The text under that field, when it differs from the message. */
  fieldMessage?: string;
}

/** The name and message of anything thrown by aws-amplify or the AWS SDK. */
export function cognitoErrorParts(error: unknown): { name: string; message: string } {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; code?: unknown; __type?: unknown; message?: unknown };
    const rawName = [e.name, e.code, e.__type].find((v) => typeof v === 'string' && v && v !== 'Error') as string | undefined;
    // Raw service answers may carry '__type': 'com.amazonaws...#NotAuthorizedException'.
    const name = rawName ? rawName.slice(rawName.lastIndexOf('#') + 1) : 'UnknownError';
    return { name, message: typeof e.message === 'string' ? e.message : '' };
  }
  return { name: 'UnknownError', message: typeof error === 'string' ? error : '' };
}

/**
 * The text for a Cognito failure. NotAuthorizedException is the wrong password, unless Cognito's
 * message says the user is disabled, the attempts are exceeded or the temporary password expired
 * (after 7 days, until an administrator sends another); InvalidPasswordException is a
 * password-policy refusal when a new password is chosen, but a wrong password at sign-in or as the
 * current password (emulators answer it so). Unknown names keep Cognito's own message.
 */
export function cognitoErrorText(name: string, rawMessage = '', operation: CognitoOperation = 'signIn'): CognitoErrorText {
  const raw = rawMessage.trim();
  switch (name) {
    case 'NotAuthorizedException':
      if (/disabled/i.test(raw)) return { message: AUTH_MSG.disabled, code: name };
      if (/attempts exceeded/i.test(raw)) return { message: AUTH_MSG.attemptsExceeded, code: name };
      if (/temporary password has expired/i.test(raw)) return { message: AUTH_MSG.temporaryExpired, code: name };
      if (operation === 'changePassword') return { message: AUTH_MSG.wrongCredentials, code: name, field: 'currentPassword', fieldMessage: 'Senha atual incorreta.' };
      if (operation === 'session' || operation === 'newPassword' || operation === 'mfa') {
        // An expired challenge or refresh token: sign in again.
        if (/expired|session|refresh token/i.test(raw)) return { message: AUTH_MSG.sessionExpired, code: name };
      }
      return { message: AUTH_MSG.wrongCredentials, code: name };
    case 'InvalidPasswordException':
      // AWS uses it for a new password that breaks the policy ('Password does not conform to
      // policy: ...'); cognito-local also for a wrong password ('Invalid password').
      if (operation === 'signIn') return { message: AUTH_MSG.wrongCredentials, code: 'NotAuthorizedException' };
      if (operation === 'changePassword' && !/policy|conform|long enough|must have/i.test(raw)) {
        return { message: AUTH_MSG.wrongCredentials, code: 'NotAuthorizedException', field: 'currentPassword', fieldMessage: 'Senha atual incorreta.' };
      }
      return { message: /long enough|length/i.test(raw) && !/upper|lower|symbol|special|numeric|number/i.test(raw) ? MSG.passwordLength : MSG.password, code: name, field: 'password' };
    case 'UserNotFoundException':
      // Reset pages speak of the e-mail (spec: 'E-mail não encontrado.').
      if (operation === 'forgotPassword' || operation === 'confirmForgotPassword') return { message: AUTH_MSG.emailNotFound, code: name, field: 'email' };
      return { message: AUTH_MSG.userNotFound, code: name };
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return { message: AUTH_MSG.wrongCode, code: name, field: 'code' };
    case 'UsernameExistsException':
      // Sign-up never tells whether an e-mail has an account: the page answers as if a code was sent.
      return { message: AUTH_MSG.signUpCodeSent, code: name };
    case 'AliasExistsException':
      return { message: AUTH_MSG.wrongCode, code: name, field: 'code' };
  }
  const known = COGNITO_ERROR_MESSAGES[name];
  if (known) return { message: known, code: name };
  return { message: raw || (name && name !== 'UnknownError' ? name : AUTH_MSG.internal), code: name || 'UnknownError' };
}

/** cognitoErrorText for anything thrown by aws-amplify or the AWS SDK. */
export function cognitoErrorFrom(error: unknown, operation: CognitoOperation = 'signIn'): CognitoErrorText {
  const { name, message } = cognitoErrorParts(error);
  return cognitoErrorText(name, message, operation);
}
