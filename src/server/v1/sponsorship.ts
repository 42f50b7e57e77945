// Sponsorship requests (issue 17). Public, no sign-in, throttled per client address:
//   GET  /v1/public/patrocinios/provedores
//   POST /v1/public/patrocinios   multipart/form-data: the form's fields, attachments in `anexos`
//        (PDF, PNG or JPEG by content, at most 5, 10 MB each), the honeypot `website`; JSON without
//        attachments is accepted too
// The requests and the justifications are the engine's registers (schemas/marketing/sponsorship-*.json):
// marketing lists and decides them at /marketing/sponsorship/solicitations and keeps the
// justifications at /marketing/sponsorship/justification.
import multipart from '@fastify/multipart';
import { ACCEPTED_ATTACHMENTS, MAX_ATTACHMENTS, SPONSORSHIP_MSG } from '../../domain/sponsorship.js';
import { MSG } from '../../domain/messages.js';
import { createMailer } from '../auth/mailer.js';
import type { RouteThrottle } from '../auth/routeThrottle.js';
import { HttpError } from '../errors.js';
import { checkTypes, insertFileRows, putFiles, readMultipart, removeFiles, type Received } from '../files/routes.js';
import { MAX_FILE_BYTES } from '../files/types.js';
import { SYSTEM } from '../resources/service.js';
import { isPlainObject, ValidationError } from '../schemas/validation.js';
import { FORM_FIELDS, SponsorshipService } from '../sponsorship/service.js';
import type { V1Module } from './index.js';

const open = (throttle: RouteThrottle, summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Patrocínios (formulário público)'], summary, description, security: [], ...extra },
  config: { public: true, throttle: { ...throttle, message: SPONSORSHIP_MSG.tooMany } },
});

const TEXT_FIELDS = new Set<string>([...FORM_FIELDS, 'website']);
const FILE_FIELDS = new Set(['anexos', 'anexos[]']);

const sponsorshipRoutes: V1Module = async (app, { db, service, config, storage }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? 'Intranet <nao-responda@intranet.local>', log: (m) => app.log.info(m) });
  const sponsorship = new SponsorshipService(db, service, mailer, () => config.publicUrl);
  service.hooks.set('sponsorship-requests', sponsorship.hooks());
  const perHour = config.sponsorshipRequestsPerHour ?? 10;

  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 50, fields: 40, fieldSize: 20_000, parts: 90, headerPairs: 20 },
    throwFileSizeLimit: true,
  });

  app.get('/v1/public/patrocinios/provedores', open({ kind: 'patrocinio:leitura', limit: perHour * 30, windowSeconds: 3600 }, 'Os provedores que recebem pedidos de patrocínio', 'Sem login.'), async () => {
    return { provedores: await sponsorship.providers() };
  });

  app.post(
    '/v1/public/patrocinios',
    // The body of a refused request is left unread: the answer is the same whatever it holds.
    open(
      { kind: 'patrocinio:envio', limit: perHour, windowSeconds: 3600 },
      'Envia uma solicitação de patrocínio',
      `Sem login. multipart/form-data com os campos do formulário e até ${MAX_ATTACHMENTS} anexos (campo anexos: PDF, PNG ou JPEG pelo conteúdo, 10 MB cada); website é o campo-isca. Resposta 201 { id, protocolo, email }; o solicitante recebe a confirmação por e-mail.`,
      { consumes: ['multipart/form-data', 'application/json'] },
    ),
    async (request, reply) => {
      let fields: Record<string, string>;
      let files: Received[] = [];
      if (request.isMultipart()) {
        const read = await readMultipart(request, Infinity, 0, { fileFields: FILE_FIELDS, textFields: TEXT_FIELDS });
        fields = read.fields;
        files = read.files;
      } else if (isPlainObject(request.body)) {
        const unknown = Object.keys(request.body).filter((k) => !TEXT_FIELDS.has(k));
        if (unknown.length) throw new ValidationError(Object.fromEntries(unknown.map((k) => [k, MSG.unknownField])));
        fields = Object.fromEntries(Object.entries(request.body).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]));
      } else {
        throw new HttpError(400, MSG.badRequest);
      }
      if ((fields.website ?? '').trim() !== '') {
        request.log.warn({ ip: request.ip }, 'solicitação de patrocínio recusada: campo-isca preenchido');
        throw new HttpError(400, SPONSORSHIP_MSG.sendError);
      }
      if (files.length > MAX_ATTACHMENTS) throw new ValidationError({ anexos: SPONSORSHIP_MSG.tooManyAttachments });
      const record = sponsorship.recordOf(fields);
      const providerId = record.id_empresa;
      if (typeof providerId !== 'number') throw new ValidationError({ id_empresa: providerId === undefined ? MSG.required : MSG.invalid });
      if (!(await sponsorship.providers()).some((p) => p.id === providerId)) throw new ValidationError({ id_empresa: SPONSORSHIP_MSG.providerNotFound });
      const accepted = await checkTypes(files, 'anexos', ACCEPTED_ATTACHMENTS, SPONSORSHIP_MSG.attachmentType);
      // Bytes first; then the request and its files' rows in one transaction (a refusal keeps nothing).
      const refs = await putFiles(storage, accepted, 'patrocinios');
      try {
        const created = await service.write(SYSTEM, async (tx) => {
          // The attachments are the provider's: its marketing users download them.
          await insertFileRows(tx, accepted, refs, 'patrocinios', null, [providerId]);
          return sponsorship.create(
            tx,
            record,
            accepted.map((f) => f.id),
          );
        });
        return reply.code(201).send(created);
      } catch (e) {
        await removeFiles(storage, refs);
        throw e;
      }
    },
  );
};

export default sponsorshipRoutes;
