// v1/notificacao: mark notifications read (foundation document, section 7) and send one to users.
import { AUTH_MSG, MSG } from '../../domain/messages.js';
import { allows, requireUser } from '../auth/access.js';
import { HttpError } from '../errors.js';
import { ValidationError, isPlainObject } from '../schemas/validation.js';
import { refuseUnknownFields, requireList, type V1Module } from './index.js';

const notificationRoutes: V1Module = async (app, { service }) => {
  const def = service.get('notifications');
  // Who is not a manager may only mark their own notifications read, not rewrite them.
  service.hooks.set('notifications', {
    async beforeWrite({ actor, values, operation }) {
      if (operation === 'update' && actor.ownerId != null && Object.keys(values ?? {}).some((k) => k !== 'lido')) {
        throw new HttpError(403, AUTH_MSG.notAuthorized);
      }
    },
  });

  // POST v1/notificacao/usuario { objects: [{ id_mensagem, id_usuario }] }: marks them read. Each user
  // marks their own; a manager of the module, anyone's in their providers.
  app.post(
    '/v1/notificacao/usuario',
    {
      config: { access: { module: 'notificacao', right: 'user' } },
      schema: {
        tags: ['Notificações'],
        summary: 'Marca notificações como lidas',
        body: {
          type: 'object',
          required: ['objects'],
          additionalProperties: false,
          properties: {
            objects: {
              type: 'array',
              minItems: 1,
              maxItems: 500,
              items: {
                type: 'object',
                required: ['id_mensagem', 'id_usuario'],
                additionalProperties: false,
                properties: { id_mensagem: { type: 'integer' }, id_usuario: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { actor } = request;
      const user = requireUser(request);
      const { objects } = request.body as { objects: { id_mensagem: number; id_usuario: number }[] };
      const manager = allows(request, 'notificacao', 'manage');
      if (!manager && objects.some((o) => o.id_usuario !== user.id)) throw new HttpError(403, AUTH_MSG.notAuthorized);
      const affected = await service.write(actor, async (tx) => {
        // A manager's scope: recipients within their providers (all, for the superadmin).
        const { rowCount } = await tx.query(
          `UPDATE notificacao.notificacao n SET lido = true
             FROM unnest($1::int[], $2::int[]) AS o(id_mensagem, id_usuario)
            WHERE n.id_mensagem = o.id_mensagem AND n.id_usuario = o.id_usuario AND n.lido = false
              AND ($3::int[] IS NULL OR n.id_usuario IN (SELECT u.id FROM auth.usuario u WHERE u.id_empresas && $3::int[]) OR n.id_usuario = $4)`,
          [objects.map((o) => o.id_mensagem), objects.map((o) => o.id_usuario), manager ? actor.providerIds : [], user.id],
        );
        return rowCount;
      });
      if (!affected) throw new HttpError(404, MSG.notificationNotFound);
      return { affected_rows: affected };
    },
  );

  // POST v1/notificacao/enviar { data: { modulo, msg }, id_usuarios: [...] }: one message to several
  // users (managers of the module; recipients within their providers).
  app.post(
    '/v1/notificacao/enviar',
    {
      config: { access: { module: 'notificacao', right: 'manage' } },
      schema: {
        tags: ['Notificações'],
        summary: 'Envia uma notificação a usuários',
        body: {
          type: 'object',
          required: ['data', 'id_usuarios'],
          additionalProperties: false,
          properties: { data: { type: 'object' }, id_usuarios: { type: 'array', items: { type: 'integer' } } },
        },
      },
      // Checked in the handler, after the caller's rights (401 and 403 before 400).
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const { actor } = request;
      const user = requireUser(request);
      const body = isPlainObject(request.body) ? request.body : {};
      // data is the notification's own content, open as its schema says ({ modulo, msg, ... }).
      refuseUnknownFields(body, ['data', 'id_usuarios']);
      requireList(body, 'id_usuarios');
      const ids = Array.isArray(body.id_usuarios) ? body.id_usuarios : [];
      if (!ids.length || !ids.every((id) => Number.isSafeInteger(id))) throw new ValidationError({ id_usuarios: MSG.minItems(1) });
      const { rows } = await app.db.query<{ id_mensagem: number }>(`SELECT nextval('notificacao.mensagem_seq')::int AS id_mensagem`);
      const id_mensagem = rows[0].id_mensagem;
      const recipients = [...new Set(ids as number[])];
      const created = await service.createMany(
        def,
        recipients.map((id_usuario) => ({ id_usuario, data: body.data, id_remetente: user.id, remetente_nome: user.nome ?? user.email })),
        actor,
        { id_mensagem },
      );
      return { id_mensagem, affected_rows: created.length };
    },
  );
};

export default notificationRoutes;
