// Which identity client the browser uses: GET /v1/auth/config says 'builtin' or 'cognito'. The
// Cognito client (aws-amplify, a large bundle) is loaded only when the server asks for it.
import { BuiltinIdentityClient } from './builtinClient.js';
import { IdentityError, type CognitoClientModule, type IdentityClient, type IdentityConfig } from './identityClient.js';
import { AUTH_MSG } from '../../../domain/messages.js';

// A glob rather than import('./cognitoClient.js'): the build and the tests still work while the
// file does not exist (the glob is then empty), and it stays a separate, lazily loaded chunk.
const cognitoLoaders = import.meta.glob<CognitoClientModule>('./cognitoClient.ts');

const clients = new Map<string, Promise<IdentityClient>>();

export async function fetchIdentityConfig(apiBase = ''): Promise<IdentityConfig> {
  try {
    const response = await fetch(`${apiBase}/v1/auth/config`, { headers: { Accept: 'application/json' } });
    if (response.ok) return (await response.json()) as IdentityConfig;
  } catch {
    // unreachable: the built-in client, whose calls then say what went wrong
  }
  return { provider: 'builtin' };
}

async function create(apiBase: string): Promise<IdentityClient> {
  const config = await fetchIdentityConfig(apiBase);
  if (config.provider !== 'cognito') return new BuiltinIdentityClient(apiBase);
  const load = cognitoLoaders['./cognitoClient.ts'];
  if (!load) throw new IdentityError(AUTH_MSG.internal, 'CognitoClientMissing');
  const mod = await load();
  return mod.createCognitoClient(config.cognito, apiBase);
}

/** The identity client for the server at apiBase ('' = the page's origin), created once. */
export function identityClientFor(apiBase = ''): Promise<IdentityClient> {
  let client = clients.get(apiBase);
  if (!client) {
    client = create(apiBase);
    // A failed creation is not remembered: the next attempt asks again.
    client.catch(() => clients.delete(apiBase));
    clients.set(apiBase, client);
  }
  return client;
}
