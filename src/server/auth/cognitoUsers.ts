// Cognito mode: the intranet's user administration provisions the people in the user pool, so that
// a user created, disabled, re-enabled, renamed (e-mail) or deleted in the users screen is the same
// in Cognito. Cognito only proves who someone is; roles and providers stay in auth.usuario (see
// cognito.ts). The calls need IAM permission for cognito-idp:AdminCreateUser, AdminDisableUser,
// AdminEnableUser, AdminUserGlobalSignOut, AdminUpdateUserAttributes and AdminDeleteUser on the pool,
// with credentials from the AWS SDK's default chain (environment, instance or task role, ...).
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { HttpError } from '../errors.js';
import type { CognitoConfig } from './cognito.js';

export const COGNITO_USERS_MSG = {
  failed: 'Não foi possível atualizar o usuário no AWS Cognito. Nada foi alterado; tente novamente.',
} as const;

export interface CognitoUsers {
  /** AdminCreateUser: Cognito e-mails a temporary password; the first sign-in asks for a new one. */
  create(email: string): Promise<void>;
  /** AdminDisableUser, then AdminUserGlobalSignOut (its refresh tokens stop working). */
  disable(email: string): Promise<void>;
  enable(email: string): Promise<void>;
  changeEmail(from: string, to: string): Promise<void>;
  remove(email: string): Promise<void>;
}

const named = (e: unknown) => (e as { name?: string })?.name ?? '';

export function cognitoUsers(config: CognitoConfig, log: (msg: string) => void = () => {}): CognitoUsers {
  const client = new CognitoIdentityProviderClient({ region: config.region, ...(config.endpoint ? { endpoint: config.endpoint } : {}) });
  const UserPoolId = config.userPoolId;
  /** Runs a call; the errors listed mean "already so" and are not failures. */
  const send = async (label: string, call: () => Promise<unknown>, alreadySo: string[] = []) => {
    try {
      await call();
    } catch (e) {
      if (alreadySo.includes(named(e))) return;
      log(`Cognito ${label}: ${named(e)} ${(e as Error).message}`);
      // The users transaction is undone: our database and the pool stay in agreement.
      throw new HttpError(502, COGNITO_USERS_MSG.failed);
    }
  };
  const verifiedEmail = (email: string) => [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
  ];
  return {
    // An e-mail that already has a Cognito account (created in the console, say) keeps it.
    create: (email) =>
      send(
        'AdminCreateUser',
        () => client.send(new AdminCreateUserCommand({ UserPoolId, Username: email, UserAttributes: verifiedEmail(email), DesiredDeliveryMediums: ['EMAIL'] })),
        ['UsernameExistsException'],
      ),
    async disable(email) {
      await send('AdminDisableUser', () => client.send(new AdminDisableUserCommand({ UserPoolId, Username: email })), ['UserNotFoundException']);
      await send('AdminUserGlobalSignOut', () => client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: email })), ['UserNotFoundException']);
    },
    enable: (email) => send('AdminEnableUser', () => client.send(new AdminEnableUserCommand({ UserPoolId, Username: email })), ['UserNotFoundException']),
    changeEmail: (from, to) =>
      send('AdminUpdateUserAttributes', () => client.send(new AdminUpdateUserAttributesCommand({ UserPoolId, Username: from, UserAttributes: verifiedEmail(to) }))),
    remove: (email) => send('AdminDeleteUser', () => client.send(new AdminDeleteUserCommand({ UserPoolId, Username: email })), ['UserNotFoundException']),
  };
}
