// /v1/auth/*: the built-in identity's HTTP surface (documented in the README and at /docs).
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { IDENTITY_MSG, REFRESH_REUSE_SECONDS, type IdentityService } from './identity.js';
import type { Config } from '../config.js';
import { bearerOf, requireUser } from './access.js';
import type { RouteThrottle } from './routeThrottle.js';
import { revokeCognitoToken } from './cognito.js';
import { AUTH_MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import type { ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields } from '../v1/index.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * The body, once a field the call does not read (its schema's properties) is refused as the REST API
 * refuses it: 400, 'Campo não permitido' on the field, with the code the other refusals of these calls
 * carry. Called after the caller's checks (409 with Cognito, 401, 403), as the identity's own.
 */
function bodyOf(request: FastifyRequest): unknown {
  try {
    refuseUnknownFields(request.body, Object.keys((request.routeOptions.schema?.body as { properties?: object } | undefined)?.properties ?? {}));
  } catch (e) {
    const { message, errors } = e as ValidationError;
    throw new HttpError(400, message, errors, 'InvalidParameterException');
  }
  return request.body;
}

/** A call of the signed-in user about their own account: any user, whatever role they act with. */
const doc = (summary: string, properties: Record<string, unknown> = {}, description?: string) => ({
  config: { access: 'signedIn' } as FastifyContextConfig,
  schema: {
    tags: ['Autenticação'],
    summary,
    ...(description ? { description } : {}),
    body: { type: 'object', properties, additionalProperties: false },
    security: [{ bearerAuth: [] }],
  },
  // Bodies are checked by the identity service, which answers the spec's texts (bodyOf: unknown fields).
  validatorCompiler: () => () => true,
});

/** A managers' call on other users' accounts: any module manager (the users rules apply inside). */
const managers = (route: ReturnType<typeof doc>) => ({ ...route, config: { access: { module: 'users', right: 'anyGestor' } } as FastifyContextConfig });

const s = { type: 'string' };

export async function authRoutes(app: FastifyInstance, opts: { identity: IdentityService; cognito?: Config['cognito']; requestsPerMinute: number }) {
  const { identity, cognito } = opts;
  /** Every call without a session, per client address (besides the sign-in's own locks and code limits). */
  const throttle: RouteThrottle = { kind: 'autenticacao', limit: opts.requestsPerMinute, windowSeconds: 60 };
  /** A sign-in call anyone may make without a token. */
  const open = (route: ReturnType<typeof doc>) => ({ ...route, schema: { ...route.schema, security: [] }, config: { public: true, throttle } });

  // With Cognito the browser signs in, resets and changes passwords through aws-amplify: the
  // built-in calls would answer tokens the server refuses or e-mail codes nobody can use.
  const builtinOnly = (message: string = IDENTITY_MSG.cognitoOnly) => {
    if (cognito) throw new HttpError(409, message, undefined, 'NotSupportedException');
  };

  // Which sign-in the browser uses: the built-in one, or Cognito through aws-amplify.
  app.get('/v1/auth/config', { schema: { tags: ['Autenticação'], summary: 'Como entrar: identidade própria ou AWS Cognito' }, config: { public: true, throttle } }, async () =>
    cognito
      ? { provider: 'cognito', cognito: { region: cognito.region, userPoolId: cognito.userPoolId, userPoolClientId: cognito.clientId, endpoint: cognito.endpoint ?? null } }
      : { provider: 'builtin' },
  );

  app.post(
    '/v1/auth/login',
    open(
      doc(
        'Entrar com e-mail e senha',
        { email: s, password: s },
        'Responde { status: "OK", idToken, refreshToken, expiresIn, user } ou um desafio { status: "CHALLENGE", challenge: "NEW_PASSWORD_REQUIRED" | "SOFTWARE_TOKEN_MFA", session }. Conta que precisa redefinir a senha: 403 "Necessário redefinir a senha." (PasswordResetRequiredException). Com o Cognito: 409.',
      ),
    ),
    async (request) => {
      builtinOnly();
      return identity.login(bodyOf(request), meta(request));
    },
  );
  app.post(
    '/v1/auth/new-password',
    open(
      doc(
        'Primeiro acesso: define a senha (desafio NEW_PASSWORD_REQUIRED)',
        { session: s, password: s },
        'Responde os tokens, como o login, ou, com a verificação em duas etapas ativa, o desafio { status: "CHALLENGE", challenge: "SOFTWARE_TOKEN_MFA", session } completado em POST /v1/auth/mfa.',
      ),
    ),
    async (request) => {
      builtinOnly();
      return identity.completeNewPassword(bodyOf(request), meta(request));
    },
  );
  app.post('/v1/auth/mfa', open(doc('Código do autenticador (desafio SOFTWARE_TOKEN_MFA)', { session: s, code: s })), async (request) => {
    builtinOnly();
    return { status: 'OK', ...(await identity.verifyMfa(bodyOf(request), meta(request))) };
  });
  app.post(
    '/v1/auth/refresh',
    open(
      doc(
        'Novo token de identidade; o refresh token é trocado a cada uso',
        { refreshToken: s },
        `O mesmo refresh token enviado de novo em até ${REFRESH_REUSE_SECONDS} segundos (duas abas renovando ao mesmo tempo) responde o mesmo novo refresh token; depois disso, o reuso encerra a sessão (401).`,
      ),
    ),
    async (request) => {
      builtinOnly();
      return { status: 'OK', ...(await identity.refresh(bodyOf(request), meta(request))) };
    },
  );
  app.post(
    '/v1/auth/logout',
    open(doc('Sair: revoga a sessão (do refresh token ou do token atual)', { refreshToken: s }, 'Com o Cognito: o token de identidade enviado deixa de valer até expirar.')),
    async (request) => {
      const body = bodyOf(request);
      if (!cognito) await identity.logout(body, request.auth);
      else if (request.auth) await revokeCognitoToken(app.db, bearerOf(request.headers.authorization)!);
      return { ok: true };
    },
  );
  app.post('/v1/auth/forgot-password', open(doc('Esqueci a senha: envia um código de 6 dígitos por e-mail (vale 10 minutos)', { email: s })), async (request) => {
    builtinOnly();
    return identity.forgotPassword(bodyOf(request), meta(request));
  });
  app.post('/v1/auth/confirm-forgot-password', open(doc('Redefine a senha com o código recebido', { email: s, code: s, password: s })), async (request) => {
    builtinOnly();
    return identity.confirmForgotPassword(bodyOf(request));
  });
  // Candidate self-registration (register.ts). With Cognito the browser signs up through aws-amplify.
  app.post(
    '/v1/auth/register',
    open(
      doc(
        'Cadastre-se: cria a conta de candidato (papel user) e envia um código de 6 dígitos por e-mail',
        { nome: s, email: s, password: s },
        'A conta fica NAO_CONFIRMADO até POST /v1/auth/confirm-sign-up; entrar antes disso responde "Usuário não confirmado.". O código vale 10 minutos e uma única vez. A resposta é a mesma quando o e-mail já tem conta (o dono recebe um aviso por e-mail). Limites: 5 códigos por hora por e-mail ("Limite de envios excedido, tente depois de algum tempo."), 20 cadastros por hora por endereço IP ("Foram realizadas muitas solicitações.").',
      ),
    ),
    async (request) => {
      builtinOnly(AUTH_MSG.signUpUnavailable);
      return identity.registration.register(bodyOf(request), meta(request));
    },
  );
  app.post(
    '/v1/auth/confirm-sign-up',
    open(doc('Confirma o cadastro com o código recebido por e-mail', { email: s, code: s }, 'Código errado, vencido ou já usado: 400 "Código de verificação errado." (CodeMismatchException).')),
    async (request) => {
      builtinOnly(AUTH_MSG.signUpUnavailable);
      return identity.registration.confirm(bodyOf(request));
    },
  );
  app.post(
    '/v1/auth/resend-sign-up-code',
    open(doc('Reenvia o código de confirmação do cadastro', { email: s }, 'A mesma resposta para qualquer e-mail; envia só para um cadastro aguardando confirmação.')),
    async (request) => {
      builtinOnly(AUTH_MSG.signUpUnavailable);
      return identity.registration.resend(bodyOf(request), meta(request));
    },
  );
  app.post('/v1/auth/change-password', doc('Troca a senha (usuário autenticado)', { currentPassword: s, password: s }), async (request) => {
    builtinOnly();
    return identity.changePassword(requireUser(request), bodyOf(request));
  });
  app.get(
    '/v1/auth/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Autenticação'],
        summary: 'O usuário da sessão (papéis atuais, para a checagem de consistência)',
        description: 'Também diz se a verificação em duas etapas (TOTP) do usuário está ativa (`totp`; sempre false com o Cognito, que cuida do próprio MFA).',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request) => {
      const user = requireUser(request);
      const session = identity.sessionUser({ id: user.id, user_id: user.userId, email: user.email, nome: user.nome, papeis: user.roles, funcionario: user.employee });
      return { ...session, totp: cognito ? false : await identity.totpActive(user.id) };
    },
  );
  app.post(
    '/v1/auth/totp/setup',
    doc(
      'Começa a configurar a verificação em duas etapas (TOTP)',
      { code: s },
      'Responde { secret, uri } de um novo segredo, que só vale depois de POST /v1/auth/totp/enable com um código dele. Com a verificação já ativa, exige { code } do autenticador atual (o segredo ativo continua valendo até a ativação do novo).',
    ),
    async (request) => {
      builtinOnly();
      return identity.totpSetup(requireUser(request), bodyOf(request));
    },
  );
  app.post('/v1/auth/totp/enable', doc('Ativa a verificação em duas etapas com um código do autenticador', { code: s }, 'Cada código vale uma única vez.'), async (request) => {
    builtinOnly();
    return identity.totpEnable(requireUser(request), bodyOf(request), true);
  });
  app.post('/v1/auth/totp/disable', doc('Desativa a verificação em duas etapas', { code: s }), async (request) => {
    builtinOnly();
    return identity.totpEnable(requireUser(request), bodyOf(request), false);
  });
  app.post(
    '/v1/auth/resend-temporary-password',
    managers(
      doc(
        'Reenvia uma senha temporária (gestores de qualquer módulo, nos seus provedores)',
        { email: s },
        'As regras de edição de usuários valem: só o superadmin age sobre um superadmin; o gestor precisa gerenciar todos os papéis do usuário e estar vinculado a todos os provedores dele (403). As sessões do usuário terminam. Com o Cognito: 409.',
      ),
    ),
    async (request) => {
      builtinOnly();
      return identity.resendTemporaryPassword(bodyOf(request), request.actor);
    },
  );
  app.post(
    '/v1/auth/require-password-reset',
    managers(
      doc(
        'Exige que o usuário redefina a senha (estado REDEFINIR)',
        { email: s },
        'Quem pode: como em resend-temporary-password. As sessões do usuário terminam; ao entrar, a senha certa responde 403 "Necessário redefinir a senha." (code PasswordResetRequiredException) até que ele defina outra com o código de "Esqueci a senha". Com o Cognito: 409.',
      ),
    ),
    async (request) => {
      builtinOnly();
      return identity.requirePasswordReset(bodyOf(request), request.actor);
    },
  );
}
