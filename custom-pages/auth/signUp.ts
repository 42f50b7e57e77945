// Candidate self-registration from the browser, for both identities:
// - built-in: POST /v1/auth/register, /v1/auth/confirm-sign-up, /v1/auth/resend-sign-up-code
//   (src/server/auth/register.ts), whose answers carry the spec's texts and a Cognito-style code;
// - Cognito: aws-amplify's signUp / confirmSignUp / resendSignUpCode (amplify is already configured
//   by the Cognito identity client, which the app loaded to learn the provider).
// Failures are IdentityError, as everywhere in the sign-in pages.
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { cognitoErrorFrom, cognitoErrorParts, type CognitoOperation } from '../../src/domain/cognitoErrors.js';
import { type IdentityClient, IdentityError, messageForCode } from '../../src/admin/pages.js';

export interface SignUpInput {
  nome: string;
  email: string;
  password: string;
}

export interface SignUpApi {
  register(input: SignUpInput): Promise<{ message: string }>;
  confirm(email: string, code: string): Promise<{ message: string }>;
  resend(email: string): Promise<{ message: string }>;
}

async function post(apiBase: string, path: string, body: unknown): Promise<{ message: string }> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new IdentityError(AUTH_MSG.internal, 'NetworkError');
  }
  let json: Record<string, unknown> = {};
  try {
    json = (await response.json()) as Record<string, unknown>;
  } catch {
    // empty body
  }
  if (!response.ok) {
    const code = typeof json.code === 'string' ? json.code : response.status === 429 ? 'TooManyRequestsException' : response.status >= 500 ? 'InternalErrorException' : 'UnknownError';
    const message = typeof json.message === 'string' ? json.message : messageForCode(code);
    const errors = json.errors && typeof json.errors === 'object' ? (json.errors as Record<string, string>) : undefined;
    throw new IdentityError(message || MSG.failure, code, response.status, errors);
  }
  return { message: typeof json.message === 'string' ? json.message : MSG.success };
}

function builtinSignUp(apiBase: string): SignUpApi {
  return {
    register: (input) => post(apiBase, '/v1/auth/register', { nome: input.nome.trim(), email: input.email.trim(), password: input.password }),
    confirm: (email, code) => post(apiBase, '/v1/auth/confirm-sign-up', { email: email.trim(), code: code.trim() }),
    resend: (email) => post(apiBase, '/v1/auth/resend-sign-up-code', { email: email.trim() }),
  };
}

function cognitoFailure(error: unknown, operation: CognitoOperation): never {
  const { message, code, field, fieldMessage } = cognitoErrorFrom(error, operation);
  throw new IdentityError(message, code, undefined, field ? { [field]: fieldMessage ?? message } : undefined);
}

function cognitoSignUp(): SignUpApi {
  const amplify = () => import('aws-amplify/auth');
  return {
    async register(input) {
      const { signUp } = await amplify();
      const username = input.email.trim();
      try {
        await signUp({ username, password: input.password, options: { userAttributes: { email: username, name: input.nome.trim() } } });
      } catch (error) {
        // Whether the e-mail has an account is not told: the page goes on to the code step.
        if (cognitoErrorParts(error).name !== 'UsernameExistsException') cognitoFailure(error, 'signUp');
      }
      return { message: AUTH_MSG.signUpCodeSent };
    },
    async confirm(email, code) {
      const { confirmSignUp } = await amplify();
      try {
        await confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
      } catch (error) {
        cognitoFailure(error, 'confirmSignUp');
      }
      return { message: AUTH_MSG.signUpConfirmed };
    },
    async resend(email) {
      const { resendSignUpCode } = await amplify();
      try {
        await resendSignUpCode({ username: email.trim() });
      } catch (error) {
        const name = cognitoErrorParts(error).name;
        // Unknown or already confirmed: the same answer as for anyone.
        if (name !== 'UserNotFoundException' && name !== 'InvalidParameterException') cognitoFailure(error, 'signUp');
      }
      return { message: AUTH_MSG.signUpCodeResent };
    },
  };
}

/** The sign-up calls of the identity in use. */
export function signUpApi(client: IdentityClient, apiBase: string): SignUpApi {
  return client.provider === 'cognito' ? cognitoSignUp() : builtinSignUp(apiBase);
}
