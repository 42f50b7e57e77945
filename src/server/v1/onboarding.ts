// v1 calls of HR onboarding (HR document, section 7: the Onboarding, Employee content and Reports
// tables), answering the spec's payloads and response names; plus the few calls the screens need
// that the spec does not show (the employee's onboardings, ordering trails and contents in one go).
// The API reference for the screens is in the header of each route below and in /docs.
//
// Role header: the onboarding calls accept a role of the onboarding area or of the rh area (section
// 6: "HR managers use the rh role"); see src/server/onboarding/access.ts for the rights. The vacancy
// report is an rh call. Without a header, the user's best effective role of those areas acts.
//
// Bodies are strict, after the caller's rights are checked: a field a call does not read is refused
// as the REST API refuses it (400, 'Campo não permitido'), and a list that replaces a set (trilhas,
// conteudos, id_trilha, objects) is required: only an explicit [] empties.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { levelOf } from '../../domain/roles.js';
import { forbidden, requireUser } from '../auth/access.js';
import { areaActor, ONBOARDING_AREAS, VACANCY_AREAS } from '../onboarding/access.js';
import { badField, filterOf, isObject, toId, toIds, toInt } from './helpers/payload.js';
import { OnboardingService } from '../onboarding/service.js';
import { HttpError } from '../errors.js';
import { ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, requireList, wrapperOf, type V1Module } from './index.js';

const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área onboarding ou rh';

const docs = (tags: string, summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: [tags], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const anyBody = (description: string) => ({ body: { type: 'object', description } });

/** Fields of a filter-only body: { filtro } or { where }. */
const FILTER_BODY = ['filtro', 'where'];
/** How a write's record may come: { object }, { objects: [one] }, { _set } or the fields themselves. */
const RECORD_WRAPPERS = ['object', 'objects', '_set'];
const REPORT_FILTERS = ['id_departamento', 'id_empresa', 'id_onboarding', 'concluido', 'offset', 'limit'];

/** The ids of an employee content call, from the body or its filtro; `fields` are the ones it reads. */
function employeeIds(request: FastifyRequest, fields: string[], employeeKeys: string[] = ['id_funcionario']) {
  const body = request.body;
  if (!isObject(body)) throw new HttpError(400, MSG.badRequest);
  const wrapper = wrapperOf(body, ['filtro', 'object']);
  if (wrapper && !isObject(body[wrapper])) throw badField(wrapper, MSG.invalid);
  const src = wrapper ? (body[wrapper] as Record<string, unknown>) : body;
  refuseUnknownFields(src, fields, wrapper ? `${wrapper}.` : '');
  const pick = (v: unknown) => (isObject(v) && '_eq' in v ? v._eq : v);
  const employeeKey = employeeKeys.find((k) => src[k] !== undefined) ?? employeeKeys[0];
  const rawEmployee = pick(src[employeeKey]);
  return {
    src,
    pick,
    // Without an employee id, the signed-in user (the screens use the logged-in user's usuarioId).
    idEmployee: rawEmployee === undefined || rawEmployee === null || rawEmployee === '' ? requireUser(request).id : toId(rawEmployee, employeeKey),
    idOnboarding: toId(pick(src.id_onboarding), 'id_onboarding'),
  };
}

const onboardingRoutes: V1Module = async (app, { db, service: resources }) => {
  const service = new OnboardingService(db, resources);
  service.installHooks();

  // ------------------------------------------------------------------ Onboarding (HR side)

  // POST /v1/rh/trilha/onboarding/filtrado { filtro: { id } } -> { onboarding_onboarding: [one] }
  app.post(
    '/v1/rh/trilha/onboarding/filtrado',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Onboarding', 'Carrega um onboarding (onboarding_onboarding)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { id } }. Resposta { onboarding_onboarding: [{ id, titulo, status, id_empresa, id_departamento, id_cargo, created_at, empresa: { id, nome }, departamento: { id, nome }, cargo: { id, nome, id_setor }, onboarding_trilhas: [{ id, id_onboarding, id_trilha, prioridade, trilha: { id, nome } }] }] } (lista vazia quando não existe ou é de outro provedor).`, anyBody('{ filtro: { id } }')),
    },
    async (request) => {
      const actor = areaActor(request);
      refuseUnknownFields(request.body, FILTER_BODY);
      const filtro = filterOf(request.body);
      if (filtro.id === undefined) throw badField('id', MSG.required);
      const { rows } = await service.listOnboardings(actor, filtro, { limit: 1 });
      return { onboarding_onboarding: rows };
    },
  );

  // POST /v1/onboarding/trilha/filtro { filtro?, limit?, offset? } -> { onboarding_onboarding, onboarding_onboarding_aggregate }
  app.post(
    '/v1/onboarding/trilha/filtro',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Onboarding', 'Lista de onboardings com as trilhas (onboarding_onboarding)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro?: { id?, titulo? (trecho), status?, id_empresa?, id_departamento?, id_cargo? }, limit?, offset? }; cada valor pode ser um valor, uma lista ou { _eq | _in }. Resposta { onboarding_onboarding: [como em /v1/rh/trilha/onboarding/filtrado], onboarding_onboarding_aggregate: { aggregate: { count } } }, mais recentes primeiro, só dos provedores do usuário.`, anyBody('{ filtro, limit, offset }')),
    },
    async (request) => {
      const actor = areaActor(request);
      refuseUnknownFields(request.body, [...FILTER_BODY, 'limit', 'offset']);
      const body = isObject(request.body) ? request.body : {};
      const filtro = filterOf(request.body);
      const limit = toInt(body.limit, 'limit', { min: 1, max: 10_000, fallback: 10_000 });
      const offset = toInt(body.offset, 'offset', { min: 0, fallback: 0 });
      const { rows, total } = await service.listOnboardings(actor, filtro, { limit, offset });
      return { onboarding_onboarding: rows, onboarding_onboarding_aggregate: { aggregate: { count: total } } };
    },
  );

  // POST /v1/rh/trilha/onboarding { titulo, status, id_empresa, id_departamento, id_cargo, onboarding_trilhas? } -> insert_onboarding_onboarding
  app.post(
    '/v1/rh/trilha/onboarding',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'edit' } },
      ...docs('Onboarding', 'Cadastra um onboarding (insert_onboarding_onboarding)', `${ROLE_DOC}, solicitante ou acima. Corpo { titulo, status (padrão true), id_empresa, id_departamento, id_cargo } (também aceito dentro de object ou objects[0]); opcional onboarding_trilhas: [{ id_trilha, prioridade }] (ou { data: [...] }) grava as trilhas na mesma transação. Resposta { insert_onboarding_onboarding: { affected_rows: 1, returning: [{ id, ... }] } }. Erros 400 { message, errors: { campo: mensagem } } (departamento de outro provedor, cargo de outro departamento: 'Opção inválida'); 403 provedor fora dos do usuário.`, anyBody('campos do onboarding')),
    },
    async (request) => {
      const actor = areaActor(request);
      wrapperOf(request.body, RECORD_WRAPPERS);
      const row = await service.createOnboarding(actor, request.body);
      return { insert_onboarding_onboarding: { affected_rows: 1, returning: [row] } };
    },
  );

  // PUT /v1/rh/trilha/onboarding/{id} { titulo?, status?, ... } -> update_onboarding_onboarding_by_pk
  app.put(
    '/v1/rh/trilha/onboarding/:id',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'manage' } },
      ...docs('Onboarding', 'Edita um onboarding ou troca o status (update_onboarding_onboarding_by_pk)', `${ROLE_DOC}, gestor ou superadmin (seção 6: editar e ativar/desativar). Corpo com os campos a mudar (titulo, status, id_empresa, id_departamento, id_cargo; também dentro de object ou _set); no toggle só { status }. Resposta { update_onboarding_onboarding_by_pk: { id, titulo, status, ... } }; 404 quando não existe ou é de outro provedor.`, anyBody('campos a mudar')),
    },
    async (request) => {
      const actor = areaActor(request);
      wrapperOf(request.body, RECORD_WRAPPERS);
      const row = await service.updateOnboarding(actor, (request.params as { id: string }).id, request.body);
      return { update_onboarding_onboarding_by_pk: row };
    },
  );

  // DELETE /v1/onboarding/delete/{id} -> delete_onboarding_onboarding_by_pk
  app.delete(
    '/v1/onboarding/delete/:id',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'superadmin' } },
      ...docs('Onboarding', 'Exclui um onboarding (delete_onboarding_onboarding_by_pk)', 'Só o superadmin (users:superadmin). Desassocia as trilhas, apaga as leituras dos funcionários e exclui o onboarding, tudo numa transação: se algo falha, nada muda. Resposta { delete_onboarding_onboarding_by_pk: { id, titulo, ... } }.'),
    },
    async (request) => {
      const actor = areaActor(request);
      const row = await service.deleteOnboarding(actor, (request.params as { id: string }).id);
      return { delete_onboarding_onboarding_by_pk: row };
    },
  );

  // POST v1/rh/onboarding/trilha/filtrado { filtro? } -> { onboarding_trilha }
  app.post(
    '/v1/rh/onboarding/trilha/filtrado',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Onboarding', 'Lista de trilhas (onboarding_trilha)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro?: { id?, nome? (trecho) } }. Resposta { onboarding_trilha: [{ id, nome, created_at, trilha_conteudos: [{ id, id_trilha, id_conteudo, prioridade, conteudo: { id, titulo } }] }] } por nome.`, anyBody('{ filtro }')),
    },
    async (request) => {
      refuseUnknownFields(request.body, FILTER_BODY);
      return { onboarding_trilha: await service.listTrails(filterOf(request.body)) };
    },
  );

  // POST /v1/lista/onboarding/trilha { filtro: { id_onboarding } } -> { onboarding_trilha } not yet linked
  app.post(
    '/v1/lista/onboarding/trilha',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Onboarding', 'Trilhas ainda não associadas ao onboarding (onboarding_trilha)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { id_onboarding, nome? } }. Resposta { onboarding_trilha: [{ id, nome, created_at, trilha_conteudos }] }; 404 quando o onboarding não existe ou é de outro provedor.`, anyBody('{ filtro: { id_onboarding } }')),
    },
    async (request) => {
      const actor = areaActor(request);
      refuseUnknownFields(request.body, FILTER_BODY);
      return { onboarding_trilha: await service.unlinkedTrails(actor, filterOf(request.body)) };
    },
  );

  // POST /v1/rh/company/onboarding/trilha { objects: [{ id_onboarding, id_trilha, prioridade }] } -> insert_onboarding_onboarding_trilha
  app.post(
    '/v1/rh/company/onboarding/trilha',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'edit' } },
      ...docs('Onboarding', 'Associa trilhas a onboardings (insert_onboarding_onboarding_trilha)', `${ROLE_DOC}, solicitante ou acima. Corpo { objects: [{ id_onboarding, id_trilha, prioridade (1, 2, ...) }] }: todas ou nenhuma. Resposta { insert_onboarding_onboarding_trilha: { affected_rows, returning: [{ id, id_onboarding, id_trilha, prioridade }] } }. 409 trilha já associada ('Já existe um registro com estes dados.') ou posição ocupada ('Já existe uma trilha nesta posição do onboarding.').`, anyBody('{ objects }')),
    },
    async (request) => {
      const actor = areaActor(request);
      if (!wrapperOf(request.body, ['objects', 'object'])) throw new ValidationError({ objects: MSG.required });
      const rows = await service.linkTrails(actor, request.body);
      return { insert_onboarding_onboarding_trilha: { affected_rows: rows.length, returning: rows } };
    },
  );

  // DELETE v1/rh/onboarding/trilha { id_onboarding, id_trilha: [..] } -> delete_onboarding_onboarding_trilha
  app.delete(
    '/v1/rh/onboarding/trilha',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'edit' } },
      ...docs('Onboarding', 'Desassocia trilhas de um onboarding (delete_onboarding_onboarding_trilha)', `${ROLE_DOC}, solicitante ou acima. Corpo JSON { id_onboarding, id_trilha: [ids] } (também dentro de object, filtro ou where; id_trilha aceita { _in: [...] }). As trilhas restantes são renumeradas 1, 2, ... na mesma ordem. Resposta { delete_onboarding_onboarding_trilha: { affected_rows, returning: [...] } }.`, anyBody('{ id_onboarding, id_trilha }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const wrapper = wrapperOf(request.body, ['object', 'filtro', 'where']);
      const where = wrapper && isObject(request.body) ? request.body[wrapper] : request.body;
      refuseUnknownFields(where, ['id_onboarding', 'id_trilha'], wrapper ? `${wrapper}.` : '');
      requireList(where, 'id_trilha');
      const rows = await service.unlinkTrails(actor, request.body);
      return { delete_onboarding_onboarding_trilha: { affected_rows: rows.length, returning: rows } };
    },
  );

  // Not in the spec: PUT /v1/onboarding/{id}/trilhas { trilhas: [id_trilha, ...] } -> the onboarding's trails, exactly these in this order.
  app.put(
    '/v1/onboarding/:id/trilhas',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'edit' } },
      ...docs('Onboarding', 'Define as trilhas do onboarding e a ordem delas (onboarding_trilhas)', `${ROLE_DOC}, solicitante ou acima. Corpo { trilhas: [id_trilha, ...] } (obrigatório; [] desassocia todas) na ordem desejada: as ausentes são desassociadas, as novas associadas, todas com prioridade 1..n, numa transação (passo 2 do cadastro e sync-trail). Resposta { onboarding_trilhas: [{ id, id_onboarding, id_trilha, prioridade }] }.`, anyBody('{ trilhas }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const id = toId((request.params as { id: string }).id, 'id');
      const body = request.body as Record<string, unknown>;
      refuseUnknownFields(body, ['trilhas']);
      // A missing list is no request to empty the onboarding: only an explicit [] does.
      requireList(body, 'trilhas');
      const rows = await service.setOnboardingTrails(actor, id, toIds(body.trilhas, 'trilhas'));
      return { onboarding_trilhas: rows };
    },
  );

  // Not in the spec: PUT /v1/onboarding/trilha/{id}/conteudos { conteudos: [id_conteudo, ...] } -> the trail's contents in this order (trail sync/{id}).
  app.put(
    '/v1/onboarding/trilha/:id/conteudos',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'edit' } },
      ...docs('Onboarding', 'Define os conteúdos da trilha e a ordem deles (trilha_conteudos)', `${ROLE_DOC}, solicitante ou acima. Corpo { conteudos: [id_conteudo, ...] } (obrigatório; [] esvazia a trilha) na ordem de leitura: os ausentes saem da trilha, os novos entram, todos com prioridade 1..n, numa transação (tela /human-resources/trail/sync/{id}). Resposta { trilha_conteudos: [{ id, id_trilha, id_conteudo, prioridade }] }. 403 quando a trilha faz parte de onboardings de provedores que o usuário não administra (trilhas e conteúdos são compartilhados: mudá-los muda esses onboardings).`, anyBody('{ conteudos }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const id = toId((request.params as { id: string }).id, 'id');
      const body = request.body as Record<string, unknown>;
      refuseUnknownFields(body, ['conteudos']);
      requireList(body, 'conteudos');
      const rows = await service.setTrailContents(actor, id, toIds(body.conteudos, 'conteudos'));
      return { trilha_conteudos: rows };
    },
  );

  // GET v1/user/{userId}: the user with providers, position, sector and department. A shared call
  // (foundation document, section 7) the onboarding screens need; if another area's file declares
  // it first, that one answers.
  if (!app.hasRoute({ method: 'GET', url: '/v1/user/:userId' }) && !app.hasRoute({ method: 'GET', url: '/v1/user/:id' })) {
    app.get(
      '/v1/user/:userId',
      {
        config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
        ...docs('Usuários', 'Dados de um usuário com provedores, cargo, setor e departamento (usuario)', 'O próprio usuário, ou quem gerencia usuários (users:gestor, superadmin) ou tem papel de leitor ou acima em rh ou onboarding. Resposta { usuario: { id, usuarioId, userId, email, nome, papeis, funcionario, ativo, id_empresas, empresas: [{ id, nome }], id_cargo, id_setor, id_departamento, cargo: { id, nome, id_setor }, setor: { id, nome, id_departamento }, departamento: { id, nome, id_empresa } } }; 404 quando não existe ou não compartilha provedor.'),
      },
      async (request) => {
        const user = requireUser(request);
        const id = toId((request.params as { userId: string }).userId, 'userId');
        let scope: number[] | null = null;
        if (id !== user.id) {
          const superadmin = user.roles.includes('users:superadmin');
          const allowed =
            superadmin ||
            user.roles.some((r) => r === 'users:gestor' || (/^(rh|onboarding):/.test(r) && ['gestor', 'solicitante', 'leitor'].includes(levelOf(r))));
          if (!allowed) throw forbidden();
          scope = superadmin ? null : user.providerIds;
        }
        const row = await service.user(id);
        if (!row || (scope && !(row.id_empresas as number[]).some((p) => scope!.includes(p)))) throw new HttpError(404, MSG.notFound);
        return { usuario: row };
      },
    );
  }

  // ------------------------------------------------------------------ Employee content

  // Not in the spec: POST /v1/onboarding/funcionario { id_funcionario? } -> the employee's onboardings (screen /human-resources/onboarding/employee).
  app.post(
    '/v1/onboarding/funcionario',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Onboardings do funcionário com trilhas e progresso (onboarding_onboarding)', 'Qualquer usuário conectado (papel user basta), para si mesmo; gestor de onboarding/rh ou superadmin também para funcionários dos seus provedores. Corpo { id_funcionario? } (padrão: o usuário conectado). Onboardings ativos do provedor, departamento e cargo do funcionário que já têm conteúdo (ao menos uma trilha com um conteúdo; os demais não aparecem ao funcionário nem no relatório). Resposta { onboarding_onboarding: [{ id, titulo, empresa, departamento, cargo, total, finalizados, status (percentual arredondado), concluido, inicio, conclusao, proximo: { id_trilha, id_conteudo, rota } | null, onboarding_trilhas: [{ id_trilha, prioridade, trilha: { id, nome }, total, finalizados, status, concluida, em_andamento, liberada, rota }] }] }.', anyBody('{ id_funcionario }')),
    },
    async (request) => {
      const actor = areaActor(request);
      refuseUnknownFields(request.body, ['id_funcionario']);
      const body = isObject(request.body) ? request.body : {};
      const idEmployee = body.id_funcionario === undefined || body.id_funcionario === null ? actor.userId : toId(body.id_funcionario, 'id_funcionario');
      return { onboarding_onboarding: await service.employeeOnboardings(actor, idEmployee) };
    },
  );

  const EMPLOYEE_ROW =
    '{ id_conteudo, id_onboarding, id_trilha, id_funcionario, titulo_conteudo, resumo, texto (HTML sanitizado), id_imagem_capa, id_imagens_auxiliares: [ids de arquivo], hashtags: [cargo, departamento, provedor, ...do conteúdo], data_inicio, data_fim, finalizado, prioridade, prioridade_trilha, liberado }; um conteúdo que o funcionário ainda não pode abrir (liberado false) vem sem o texto e sem as imagens (texto e id_imagem_capa null, id_imagens_auxiliares [])';

  // POST v1/onboarding/trilha/conteudos/funcionario { id_funcionario, id_onboarding, id_trilha } -> { onboarding_funcionario_conteudo }
  app.post(
    '/v1/onboarding/trilha/conteudos/funcionario',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Conteúdos de uma trilha para o funcionário (onboarding_funcionario_conteudo)', `Qualquer usuário conectado, para si mesmo (gestores também para outros, só leitura). Corpo { id_funcionario, id_onboarding, id_trilha }. Resposta { onboarding_funcionario_conteudo: [${EMPLOYEE_ROW}] } por prioridade; liberado diz se o cartão pode ser aberto. 404 quando o onboarding não é do funcionário ou a trilha não é do onboarding.`, anyBody('{ id_funcionario, id_onboarding, id_trilha }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const { src, pick, idEmployee, idOnboarding } = employeeIds(request, ['id_funcionario', 'id_onboarding', 'id_trilha']);
      const idTrail = toId(pick(src.id_trilha), 'id_trilha');
      return { onboarding_funcionario_conteudo: await service.trailContentsOf(actor, idEmployee, idOnboarding, idTrail) };
    },
  );

  // POST /v1/rh/onboarding/funcionario/conteudo { filtro: { id_conteudo, id_onboarding, id_trilha, id_funcionario } } -> { onboarding_funcionario_conteudo: [one] }
  app.post(
    '/v1/rh/onboarding/funcionario/conteudo',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Um conteúdo para a leitura (onboarding_funcionario_conteudo)', `Qualquer usuário conectado, para si mesmo (gestores também para outros, só leitura). Corpo { filtro: { id_conteudo, id_onboarding, id_trilha, id_funcionario } }. Resposta { onboarding_funcionario_conteudo: [${EMPLOYEE_ROW}] }; as imagens vêm de GET /v1/files/{id}. 403 (code CONTEUDO_A_FRENTE) quando o conteúdo está à frente do ponto de leitura do funcionário; 404 quando não faz parte dos onboardings dele.`, anyBody('{ filtro }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const { src, pick, idEmployee, idOnboarding } = employeeIds(request, ['id_funcionario', 'id_onboarding', 'id_trilha', 'id_conteudo']);
      const idTrail = toId(pick(src.id_trilha), 'id_trilha');
      const idContent = toId(pick(src.id_conteudo), 'id_conteudo');
      return { onboarding_funcionario_conteudo: await service.contentOf(actor, idEmployee, idOnboarding, idTrail, idContent) };
    },
  );

  const readingIds = (request: FastifyRequest) => {
    const { src, pick, idEmployee, idOnboarding } = employeeIds(
      request,
      ['id_usuario_onboarding', 'id_funcionario', 'id_onboarding', 'id_trilha', 'id_conteudo', 'data_inicio', 'data_fim'],
      ['id_usuario_onboarding', 'id_funcionario'],
    );
    // data_inicio / data_fim are accepted as sent by the screens, but the server's clock is what is recorded.
    for (const f of ['data_inicio', 'data_fim']) {
      const v = src[f];
      if (v !== undefined && v !== null && (typeof v !== 'string' || Number.isNaN(Date.parse(v)))) throw badField(f, MSG.dateTime);
    }
    return { idEmployee, idOnboarding, idTrail: toId(pick(src.id_trilha), 'id_trilha'), idContent: toId(pick(src.id_conteudo), 'id_conteudo') };
  };

  // POST /v1/onboarding/conteudo/inicio { id_conteudo, id_onboarding, id_trilha, id_usuario_onboarding, data_inicio } -> insert_onboarding_funcionario_conteudo
  app.post(
    '/v1/onboarding/conteudo/inicio',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Registra o início da leitura (insert_onboarding_funcionario_conteudo)', 'Só o próprio funcionário (id_usuario_onboarding = usuário conectado). Corpo { id_conteudo, id_onboarding, id_trilha, id_usuario_onboarding, data_inicio } (a hora gravada é a do servidor). Resposta { insert_onboarding_funcionario_conteudo: { affected_rows: 1, returning: [{ id, id_conteudo, id_onboarding, id_trilha, id_funcionario, data_inicio, data_fim, finalizado }] } }; já iniciado: affected_rows 0 e a linha existente. 403 (code CONTEUDO_A_FRENTE) à frente da leitura; 404 fora dos onboardings do funcionário.', anyBody('{ id_conteudo, id_onboarding, id_trilha, id_usuario_onboarding, data_inicio }')),
    },
    async (request) => {
      const actor = areaActor(request);
      return { insert_onboarding_funcionario_conteudo: await service.start(actor, readingIds(request)) };
    },
  );

  // POST /v1/onboarding/conteudo/concluir { ...ids, data_fim } -> update_onboarding_funcionario_conteudo
  app.post(
    '/v1/onboarding/conteudo/concluir',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Registra a conclusão da leitura (update_onboarding_funcionario_conteudo)', "Só o próprio funcionário. Corpo { id_conteudo, id_onboarding, id_trilha, id_usuario_onboarding, data_fim }. Resposta { update_onboarding_funcionario_conteudo: { affected_rows, returning: [linha] } }; o que vem depois é dado por /v1/onboarding/trilha/conteudos/funcionario/next e, no fim da trilha, /v1/onboarding/trilha/funcionario/next. Já concluído: affected_rows 0. 403 (code CONTEUDO_A_FRENTE) à frente da leitura.", anyBody('{ id_conteudo, id_onboarding, id_trilha, id_usuario_onboarding, data_fim }')),
    },
    async (request) => {
      const actor = areaActor(request);
      return { update_onboarding_funcionario_conteudo: await service.complete(actor, readingIds(request)) };
    },
  );

  // POST /v1/onboarding/trilha/conteudos/funcionario/next { prioridade, id_onboarding, id_trilha, id_funcionario } -> { onboarding_funcionario_conteudo: [next] | [] }
  app.post(
    '/v1/onboarding/trilha/conteudos/funcionario/next',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Próximo conteúdo da trilha (onboarding_funcionario_conteudo)', `Qualquer usuário conectado, para si mesmo. Corpo { prioridade (do conteúdo atual), id_onboarding, id_trilha, id_funcionario }. Resposta { onboarding_funcionario_conteudo: [${EMPLOYEE_ROW}] } com o conteúdo de menor prioridade maior que a dada, ou [] quando a trilha acabou (então chamar /v1/onboarding/trilha/funcionario/next).`, anyBody('{ prioridade, id_onboarding, id_trilha, id_funcionario }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const { src, pick, idEmployee, idOnboarding } = employeeIds(request, ['id_funcionario', 'id_onboarding', 'id_trilha', 'prioridade']);
      const idTrail = toId(pick(src.id_trilha), 'id_trilha');
      const prioridade = toInt(pick(src.prioridade), 'prioridade', { min: 0 });
      return { onboarding_funcionario_conteudo: await service.nextContent(actor, idEmployee, idOnboarding, idTrail, prioridade) };
    },
  );

  // POST /v1/onboarding/trilha/funcionario/next { id_funcionario, id_onboarding, prioridade } -> { onboarding_onboarding_trilha: [next] | [] }
  app.post(
    '/v1/onboarding/trilha/funcionario/next',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'user' } },
      ...docs('Onboarding do funcionário', 'Próxima trilha do onboarding (onboarding_onboarding_trilha)', "Qualquer usuário conectado, para si mesmo. Corpo { id_funcionario, id_onboarding, prioridade (da trilha atual) }. Resposta { onboarding_onboarding_trilha: [{ id_onboarding, id_trilha, prioridade, trilha: { id, nome }, id_conteudo (o primeiro), prioridade_conteudo, liberado (se o funcionário já pode abri-lo), rota }] } com a trilha seguinte que tem conteúdos, ou [] quando não há mais: tela de parabéns (/human-resources/onboarding/employee/content/congratulations).", anyBody('{ id_funcionario, id_onboarding, prioridade }')),
    },
    async (request) => {
      const actor = areaActor(request);
      const { src, pick, idEmployee, idOnboarding } = employeeIds(request, ['id_funcionario', 'id_onboarding', 'prioridade']);
      const prioridade = toInt(pick(src.prioridade), 'prioridade', { min: 0 });
      return { onboarding_onboarding_trilha: await service.nextTrailOf(actor, idEmployee, idOnboarding, prioridade) };
    },
  );

  // ------------------------------------------------------------------ Reports

  const reportFilter = (request: FastifyRequest) => {
    refuseUnknownFields(request.body, [...FILTER_BODY, 'offset', 'limit']);
    const body = isObject(request.body) ? request.body : {};
    const filtro = filterOf(request.body);
    // Unknown filters are refused, as in the other filtro calls: a typo never silently widens a report.
    const unknown = Object.keys(filtro).find((k) => !REPORT_FILTERS.includes(k));
    if (unknown) throw badField(unknown, MSG.unknownFilter(unknown));
    // offset and limit may come inside filtro (as the spec says) or beside it.
    return { ...filtro, offset: filtro.offset ?? body.offset, limit: filtro.limit ?? body.limit };
  };

  // POST /v1/onboarding/relatorio/contador { filtro: { id_departamento? } } -> { pendentes, concluidos }
  app.post(
    '/v1/onboarding/relatorio/contador',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Relatórios', 'Contadores do relatório de onboarding (pendentes, concluidos)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { id_departamento?, id_empresa?, id_onboarding? } }. Resposta { pendentes, concluidos }: pares funcionário-onboarding não concluídos e concluídos. Quem age como solicitante (cabeçalho ou melhor papel onboarding:solicitante ou rh:solicitante) vê só o próprio departamento (do setor do seu cargo), qualquer que seja o id_departamento enviado; leitor, gestor e superadmin veem todos e podem filtrar por id_departamento.`, anyBody('{ filtro }')),
    },
    async (request) => {
      const actor = areaActor(request);
      return service.reportCounters(actor, reportFilter(request));
    },
  );

  // POST /v1/onboarding/relatorio { filtro: { concluido, offset, limit, id_departamento? } } -> { total, dados }
  app.post(
    '/v1/onboarding/relatorio',
    {
      config: { access: { module: ONBOARDING_AREAS, right: 'read' } },
      ...docs('Relatórios', 'Relatório de onboarding paginado (total, dados)', `${ROLE_DOC}, leitor ou acima. Corpo { filtro: { concluido (false: Pendentes, true: Concluídos), offset (padrão 0), limit (padrão 20, máx. 100), id_departamento?, id_empresa?, id_onboarding? } }. Resposta { total, dados: [{ id_funcionario, funcionario, id_onboarding, onboarding, id_departamento, id_empresa, inicio, conclusao, total, finalizados, status (percentual arredondado 0-100), concluido }] } por funcionário e onboarding. Mesmo filtro de departamento do contador.`, anyBody('{ filtro }')),
    },
    async (request) => {
      const actor = areaActor(request);
      return service.report(actor, reportFilter(request));
    },
  );

  // POST /v1/rh/relatorio/vaga/filtro { filtro? } -> { vagas_relatorio_rh }
  app.post(
    '/v1/rh/relatorio/vaga/filtro',
    {
      config: { access: { module: VACANCY_AREAS, right: 'read' } },
      ...docs('Relatórios', 'Relatório de vagas (vagas_relatorio_rh)', "Cabeçalho X-Intranet-Role: um papel rh, leitor ou acima. Corpo { filtro?: { id_empresa?, ativo? (padrão: só ativas), titulo_vaga?, cidade?, gestor_vaga? (trechos), data_inicio?: { _gte, _lte } } }. Resposta { vagas_relatorio_rh: [{ id, titulo_vaga, vagas, cidade, gestor_vaga, data_inicio, ativo, id_empresa, empresa }] }, mais recentes primeiro, só dos provedores do usuário.", anyBody('{ filtro }')),
    },
    async (request) => {
      const actor = areaActor(request);
      refuseUnknownFields(request.body, FILTER_BODY);
      return { vagas_relatorio_rh: await service.vacancies(actor, filterOf(request.body)) };
    },
  );
};

export default onboardingRoutes;
