// Shared reads of the foundation (section 7) about one user, which every area's screens make:
//
//   GET v1/users/role/{userId}                -> { usuarios_papeis: [{ id_usuario, papel, modulo, nivel }] }
//   GET v1/user/empresa/contratante/{userId}  -> { rh_empresa_contratante: [ contracting company, ... ] }
//
// {userId} is the user's number (usuarioId), as v1/user/{userId} takes it, or their access
// identifier (userId, the uuid of the session and of the token's sub).
//
// Who may ask: the user about themself; a manager of any module (any gestor role, users:gestor
// included) or the superadmin about a user sharing one of their providers. Others get 403; a user
// outside the caller's providers answers 404, as a record outside one's scope does everywhere.
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { isSuperadmin } from '../../domain/roles.js';
import { authorize, requireUser } from '../auth/access.js';
import { notFound } from '../errors.js';
import { toId } from './helpers/payload.js';
import type { Actor, ResourceService } from '../resources/service.js';
import { listAll } from './reference.js';
import type { V1Module } from './index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const docs = (summary: string, description: string) => ({
  // Signed in; who may see whom is targetOf's rule (see the header).
  config: { access: { module: 'users', right: 'user' } } satisfies FastifyContextConfig,
  schema: {
    tags: ['Usuários'],
    summary,
    description,
    security: [{ bearerAuth: [] }],
    params: { type: 'object', properties: { userId: { type: 'string', maxLength: 64, description: 'usuarioId (número) ou userId (uuid)' } }, required: ['userId'] },
  },
});
const WHO =
  'O próprio usuário; ou quem é gestor de algum módulo (ou superadmin), sobre um usuário de um dos seus provedores (fora deles: 404). Os demais: 403.';

interface Target {
  /** The caller's scope: the user record and what is listed about it stay inside it. */
  actor: Actor;
  user: { id: number; papeis: string[]; id_empresas: number[] };
}

/** The user a call is about, once the caller may see them (see the header). */
async function targetOf(request: FastifyRequest, service: ResourceService): Promise<Target> {
  const caller = requireUser(request);
  const users = service.get('users');
  const raw = (request.params as { userId: string }).userId.trim();
  let id: number;
  if (UUID.test(raw)) {
    const found = await service.list(users, { filter: { user_id: raw.toLowerCase() }, range: [0, 0] }, { userId: caller.id, providerIds: null });
    if (!found.rows[0]) throw notFound();
    id = found.rows[0].id as number;
  } else {
    id = toId(raw, 'userId');
  }
  // Oneself: whatever one's roles; anyone else: a manager's right, inside their providers.
  const actor: Actor = id === caller.id ? { userId: caller.id, providerIds: null } : authorize(request, 'users', 'anyGestor');
  const row = await service.getOne(users, id, actor);
  return { actor, user: { id: row.id as number, papeis: (row.papeis as string[]) ?? [], id_empresas: (row.id_empresas as number[]) ?? [] } };
}

const sharedRoutes: V1Module = async (app, { service }) => {
  app.get(
    '/v1/users/role/:userId',
    docs(
      'Papéis de um usuário (usuarios_papeis)',
      `${WHO} Resposta { usuarios_papeis: [{ id_usuario, papel, modulo, nivel }] }: os papéis efetivos (os próprios e os dos perfis de acesso), em ordem alfabética; modulo é null para user e guest.`,
    ),
    async (request) => {
      const { user } = await targetOf(request, service);
      return {
        usuarios_papeis: [...user.papeis].sort().map((papel) => {
          const [modulo, nivel] = papel.includes(':') ? papel.split(':') : [null, papel];
          return { id_usuario: user.id, papel, modulo, nivel };
        }),
      };
    },
  );

  app.get(
    '/v1/user/empresa/contratante/:userId',
    docs(
      'Empresas contratantes de um usuário (rh_empresa_contratante)',
      `${WHO} Resposta { rh_empresa_contratante: [{ id, razao_social, nome_fantasia, cnpj, cep, endereco, numero, complemento, bairro, cidade, estado, id_empresa, ativo, created_at }] }: as ativas dos provedores do usuário (do superadmin, de todos), dentro dos provedores de quem pergunta, por nome fantasia.`,
    ),
    async (request) => {
      const { actor, user } = await targetOf(request, service);
      // The superadmin belongs to every provider, whatever id_empresas says.
      const providers = isSuperadmin(user.papeis) ? undefined : user.id_empresas;
      const rows = await listAll(service, service.get('contracting-companies'), actor, { id_empresa: providers, ativo: true });
      return { rh_empresa_contratante: rows };
    },
  );
};

export default sharedRoutes;
