// /v1/auth/*: the built-in identity's HTTP surface (documented in the README and at /docs).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityService } from './identity.js';
import type { Config } from '../config.js';
import { authorize, requireUser } from './access.js';
import { AUTH_MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

const doc = (summary: string, properties: Record<string, unknown> = {}, description?: string) => ({
  schema: {
    tags: ['Autenticação'],
    summary,
    ...(description ? { description } : {}),
    body: { type: 'object', properties },
  },
  // Bodies are checked by the identity service, which answers the spec's texts.
  validatorCompiler: () => () => true,
});

const s = { type: 'string' };

export async function authRoutes(app: FastifyInstance, opts: { identity: IdentityService; cognito?: Config['cognito'] }) {
  const { identity, cognito } = opts;

  // Which sign-in the browser uses: the built-in one, or Cognito through aws-amplify.
  app.get('/v1/auth/config', { schema: { tags: ['Autenticação'], summary: 'Como entrar: identidade própria ou AWS Cognito' } }, async () =>
    cognito
      ? { provider: 'cognito', cognito: { region: cognito.region, userPoolId: cognito.userPoolId, userPoolClientId: cognito.clientId, endpoint: cognito.endpoint ?? null } }
      : { provider: 'builtin' },
  );

  app.post(
    '/v1/auth/login',
    doc(
      'Entrar com e-mail e senha',
      { email: s, password: s },
      'Responde { status: "OK", idToken, refreshToken, expiresIn, user } ou um desafio { status: "CHALLENGE", challenge: "NEW_PASSWORD_REQUIRED" | "SOFTWARE_TOKEN_MFA", session }.',
    ),
    async (request) => identity.login(request.body, meta(request)),
  );
  app.post('/v1/auth/new-password', doc('Primeiro acesso: define a senha (desafio NEW_PASSWORD_REQUIRED)', { session: s, password: s }), async (request) => ({
    status: 'OK',
    ...(await identity.completeNewPassword(request.body, meta(request))),
  }));
  app.post('/v1/auth/mfa', doc('Código do autenticador (desafio SOFTWARE_TOKEN_MFA)', { session: s, code: s }), async (request) => ({
    status: 'OK',
    ...(await identity.verifyMfa(request.body, meta(request))),
  }));
  app.post('/v1/auth/refresh', doc('Novo token de identidade; o refresh token é trocado a cada uso', { refreshToken: s }), async (request) => ({
    status: 'OK',
    ...(await identity.refresh(request.body, meta(request))),
  }));
  app.post('/v1/auth/logout', doc('Sair: revoga a sessão (do refresh token ou do token atual)', { refreshToken: s }), async (request) => {
    await identity.logout(request.body, request.auth);
    return { ok: true };
  });
  app.post('/v1/auth/forgot-password', doc('Esqueci a senha: envia um código de 6 dígitos por e-mail (vale 10 minutos)', { email: s }), async (request) =>
    identity.forgotPassword(request.body, meta(request)),
  );
  app.post('/v1/auth/confirm-forgot-password', doc('Redefine a senha com o código recebido', { email: s, code: s, password: s }), async (request) =>
    identity.confirmForgotPassword(request.body),
  );
  // Candidate self-registration (register.ts). With Cognito the browser signs up through aws-amplify.
  const builtinOnly = () => {
    if (cognito) throw new HttpError(409, AUTH_MSG.signUpUnavailable, undefined, 'NotSupportedException');
  };
  app.post(
    '/v1/auth/register',
    doc(
      'Cadastre-se: cria a conta de candidato (papel user) e envia um código de 6 dígitos por e-mail',
      { nome: s, email: s, password: s },
      'A conta fica NAO_CONFIRMADO até POST /v1/auth/confirm-sign-up; entrar antes disso responde "Usuário não confirmado.". O código vale 10 minutos e uma única vez. A resposta é a mesma quando o e-mail já tem conta (o dono recebe um aviso por e-mail). Limites: 5 códigos por hora por e-mail ("Limite de envios excedido, tente depois de algum tempo."), 20 cadastros por hora por endereço IP ("Foram realizadas muitas solicitações.").',
    ),
    async (request) => {
      builtinOnly();
      return identity.registration.register(request.body, meta(request));
    },
  );
  app.post(
    '/v1/auth/confirm-sign-up',
    doc('Confirma o cadastro com o código recebido por e-mail', { email: s, code: s }, 'Código errado, vencido ou já usado: 400 "Código de verificação errado." (CodeMismatchException).'),
    async (request) => {
      builtinOnly();
      return identity.registration.confirm(request.body);
    },
  );
  app.post(
    '/v1/auth/resend-sign-up-code',
    doc('Reenvia o código de confirmação do cadastro', { email: s }, 'A mesma resposta para qualquer e-mail; envia só para um cadastro aguardando confirmação.'),
    async (request) => {
      builtinOnly();
      return identity.registration.resend(request.body, meta(request));
    },
  );
  app.post('/v1/auth/change-password', doc('Troca a senha (usuário autenticado)', { currentPassword: s, password: s }), async (request) =>
    identity.changePassword(requireUser(request), request.body),
  );
  app.get('/v1/auth/me', { schema: { tags: ['Autenticação'], summary: 'O usuário da sessão (papéis atuais, para a checagem de consistência)' } }, async (request) => {
    const user = requireUser(request);
    return identity.sessionUser({ id: user.id, user_id: user.userId, email: user.email, nome: user.nome, papeis: user.roles, funcionario: user.employee });
  });
  app.post('/v1/auth/totp/setup', doc('Começa a configurar a verificação em duas etapas (TOTP)'), async (request) => identity.totpSetup(requireUser(request)));
  app.post('/v1/auth/totp/enable', doc('Ativa a verificação em duas etapas com um código do autenticador', { code: s }), async (request) =>
    identity.totpEnable(requireUser(request), request.body, true),
  );
  app.post('/v1/auth/totp/disable', doc('Desativa a verificação em duas etapas', { code: s }), async (request) =>
    identity.totpEnable(requireUser(request), request.body, false),
  );
  app.post('/v1/auth/resend-temporary-password', doc('Reenvia uma senha temporária (gestores de qualquer módulo, nos seus provedores)', { email: s }), async (request) => {
    const actor = authorize(request, 'users', 'anyGestor');
    return identity.resendTemporaryPassword(request.body, actor.providerIds);
  });
}
