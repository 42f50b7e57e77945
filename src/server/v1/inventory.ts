// A squad's inventory count (issue 34; foundation document, sections 3, 7 and 8): the calls of the page
// /squads/inventory/{id}, thin over src/server/supplies/inventory.ts. The registers
// (schemas/suprimentos/inventories.json and inventory-items.json) are internal: only these calls write them.
//   GET    v1/suprimentos/equipes/{id}/inventario    the squad, its open count with its rows, its validated counts (leitor and up)
//   POST   v1/suprimentos/equipes/{id}/inventario    opens a count: what the system says the squad holds now (solicitante and up)
//   POST   v1/company/inventario/{id}/itens          a row the squad declares that the system does not give it ({id} the count)
//   PUT    v1/company/inventario/{id}                the spec's call: a row's quantidade_informada ({id} a row)
//   DELETE v1/company/inventario/{id}                removes a declared row of an open count
//   POST   v1/company/suprimentos/inventario         the spec's call: validates a count ({ id } or { id_inventario }),
//                                                    settling its differences through the ledger in one transaction
// A squad or count of a provider the caller does not see answers 404; a validated count refuses every
// change with 409 (SUPPLIES_MSG.validatedReadOnly).
import { INVENTORY_MSG } from '../../domain/inventory.js';
import { MSG } from '../../domain/messages.js';
import { SUPPLIES_MSG } from '../../domain/supplies.js';
import { InventoryService } from '../supplies/inventory.js';
import { ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const TAGS = ['Suprimentos'];
const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const ID_PARAMS = { type: 'object', properties: { id: ID }, required: ['id'] };
const COUNT = { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000 };
const CODE = { type: ['string', 'null'], maxLength: 60 };
const security = [{ bearerAuth: [] }];

const inventoryRoutes: V1Module = async (app) => {
  const { inventory } = app;
  const now = () => app.communication.now();

  app.get(
    '/v1/suprimentos/equipes/:id/inventario',
    {
      config: { access: { resource: 'squad-inventories', operation: 'get' } },
      schema: {
        tags: TAGS,
        summary: 'O inventário de uma equipe',
        description:
          'A equipe (nome, provedor, cidade), a contagem aberta, se houver, com as linhas (produto, unidade, patrimônio, sistema, quantidade_informada, diferenca, origem), e as últimas contagens validadas (data, quem validou, resumo das diferenças). 404 para uma equipe de outro provedor.',
        security,
        params: ID_PARAMS,
      },
    },
    async (request) => inventory.squad(request.actor, (request.params as { id: number }).id),
  );

  app.post(
    '/v1/suprimentos/equipes/:id/inventario',
    {
      config: { access: { resource: 'squad-inventories', operation: 'create' } },
      schema: {
        tags: TAGS,
        summary: 'Abre a contagem de uma equipe',
        description:
          'Uma linha por equipamento com patrimônio que o sistema diz estar com a equipe (sistema 1) e uma por saldo de produto contado (sistema = a quantidade), origem "sistema", quantidade_informada vazia. Uma contagem aberta por equipe: 409 se já houver. Resposta { message, inventario }.',
        security,
        params: ID_PARAMS,
      },
    },
    async (request) => {
      refuseUnknownFields(request.body, []);
      const opened = await inventory.open(request.actor, (request.params as { id: number }).id, now());
      return { message: INVENTORY_MSG.opened, inventario: opened };
    },
  );

  app.post(
    '/v1/company/inventario/:id/itens',
    {
      config: { access: { resource: 'squad-inventory-items', operation: 'create' } },
      schema: {
        tags: TAGS,
        summary: 'Acrescenta à contagem algo que a equipe tem e o sistema não lhe dá',
        description:
          '{id} é a contagem. Um equipamento pelo patrimônio (conta 1) ou um produto contado que ainda não está na contagem, com a quantidade informada; origem "informado". Na validação, um equipamento informado vem de onde estiver para a equipe (um patrimônio não cadastrado impede a validação). Resposta { message, item }.',
        security,
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id_produto'],
          properties: { id_produto: ID, patrimonio: CODE, quantidade_informada: COUNT },
        },
      },
    },
    async (request) => {
      const body = request.body as { id_produto: number; patrimonio?: string | null; quantidade_informada?: number | null };
      const item = await inventory.addDeclared(request.actor, (request.params as { id: number }).id, body);
      return { message: INVENTORY_MSG.rowAdded, item };
    },
  );

  app.put(
    '/v1/company/inventario/:id',
    {
      config: { access: { resource: 'squad-inventory-items', operation: 'update' } },
      schema: {
        tags: TAGS,
        summary: 'Informa a quantidade de uma linha da contagem',
        description:
          '{id} é a linha. quantidade_informada (vazia: ainda não informada; um equipamento com patrimônio conta 0 ou 1) e, numa linha informada pela equipe, o patrimônio. Uma contagem validada não muda: 409. Resposta { message: "Dados atualizados com sucesso!", item }.',
        security,
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { quantidade_informada: COUNT, patrimonio: CODE },
        },
      },
    },
    async (request) => {
      const body = request.body as { quantidade_informada?: number | null; patrimonio?: string | null };
      const item = await inventory.editRow(request.actor, (request.params as { id: number }).id, body);
      return { message: MSG.success, item };
    },
  );

  app.delete(
    '/v1/company/inventario/:id',
    {
      config: { access: { resource: 'squad-inventory-items', operation: 'delete' } },
      schema: {
        tags: TAGS,
        summary: 'Remove da contagem uma linha informada pela equipe',
        description: '{id} é a linha; só as informadas (origem "informado") de uma contagem aberta. Resposta { message }.',
        security,
        params: ID_PARAMS,
      },
    },
    async (request) => {
      refuseUnknownFields(request.body, []);
      await inventory.removeDeclared(request.actor, (request.params as { id: number }).id);
      return { message: INVENTORY_MSG.rowRemoved };
    },
  );

  app.post(
    '/v1/company/suprimentos/inventario',
    {
      config: { access: { resource: 'squad-inventories', operation: 'update' } },
      schema: {
        tags: TAGS,
        summary: 'Valida a contagem de uma equipe',
        description:
          '{ id } (ou { id_inventario }): a contagem. Todas as linhas precisam da quantidade informada (400 listando as que faltam). Numa só transação acerta o estoque pelo razão (tipo "inventario"): equipamento do sistema informado 0 vai para extraviado; equipamento informado vem de onde estiver para a equipe; produto contado a menos vai para extraviado, a mais entra na equipe (de fora: o saldo do almoxarifado não muda); marca a contagem e as linhas como validadas. Qualquer recusa não deixa nada feito. Resposta { message: "Inventário validado com sucesso.", resumo }.',
        security,
        body: { type: 'object', additionalProperties: false, properties: { id: ID, id_inventario: ID } },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { id?: number; id_inventario?: number };
      if (body.id !== undefined && body.id_inventario !== undefined && body.id !== body.id_inventario) {
        throw new ValidationError({ id_inventario: INVENTORY_MSG.twoIds }, INVENTORY_MSG.twoIds);
      }
      const id = body.id ?? body.id_inventario;
      if (id === undefined) throw new ValidationError({ id: MSG.required }, INVENTORY_MSG.noInventory);
      const resumo = await inventory.validate(request.actor, id, now());
      return { message: SUPPLIES_MSG.inventoryValidated, resumo };
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    inventory: InventoryService;
  }
}

export default inventoryRoutes;
