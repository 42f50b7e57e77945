// What one GraphQL request may cost, so that no caller can hold the server (issue 11). In order: the
// body size (before it is read); before parsing, the tokens and the nesting (graphql-js parses
// recursively: a few thousand nested brackets overflow the stack); before graphql-js' own validation,
// depth, aliases, cost, repeated fields and named fragments (its check of overlapping fields compares
// the fields of one name, and the named fragments, in pairs: hundreds of them block for a while).
// A refused request answers 400 (413 for the body) with a pt-BR message in the GraphQL errors shape;
// over the websocket, a message is checked the same way before mercurius reads it (guardSocket).
// Introspection is for staff only; the text of a fault of ours is never answered.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  getOperationAST,
  Kind,
  Lexer,
  Location,
  NoSchemaIntrospectionCustomRule,
  parse,
  Source,
  TokenKind,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { MSG } from '../../domain/messages.js';
import { isStaffMember } from '../../domain/roles.js';
import { GRAPHQL_WS_PATH } from '../auth/access.js';
import type { AuthUser } from '../auth/identity.js';

export const GRAPHQL_LIMITS = {
  /** Bytes of a POST body (query and variables). */
  bodyBytes: 100 * 1024,
  tokens: 3000,
  /** Braces, brackets and parentheses open at once. */
  nesting: 32,
  /** Levels of fields (the introspection's __schema apart: graphql-js bounds it). */
  depth: 10,
  aliases: 30,
  /** graphql-armor's cost: a field 1, an object 2, each level inside weighing 1.5 times more. */
  cost: 1000,
  /** Times one response name may be selected in one selection set (with its inline fragments). */
  repeats: 5,
  fragments: 20,
} as const;
const L = GRAPHQL_LIMITS;

export const GRAPHQL_MSG = {
  body: `Consulta GraphQL grande demais: no máximo ${L.bodyBytes / 1024} KB por requisição.`,
  tokens: `Consulta GraphQL muito longa: no máximo ${L.tokens} símbolos (tokens).`,
  nesting: `Consulta GraphQL muito complexa: no máximo ${L.nesting} chaves, colchetes ou parênteses aninhados.`,
  depth: `Consulta GraphQL muito complexa: no máximo ${L.depth} níveis de campos aninhados.`,
  aliases: `Consulta GraphQL muito complexa: no máximo ${L.aliases} apelidos (aliases).`,
  cost: `Consulta GraphQL muito complexa: custo acima do máximo de ${L.cost}. Peça menos campos ou divida a consulta.`,
  repeats: (field: string) => `Consulta GraphQL muito complexa: o campo "${field}" aparece mais de ${L.repeats} vezes no mesmo nível.`,
  fragments: `Consulta GraphQL muito complexa: no máximo ${L.fragments} fragmentos.`,
  notParsed: 'Consulta GraphQL inválida: envie o texto da consulta.',
  introspection: 'A consulta ao esquema GraphQL (introspecção) é restrita à equipe.',
  getMutation: 'Por GET, o GraphQL aceita só consultas (query): envie mutações por POST.',
  message: `Mensagem GraphQL grande demais: no máximo ${L.bodyBytes / 1024} KB por mensagem.`,
  noOperation: 'Consulta GraphQL inválida: envie uma só operação, ou indique em operationName qual executar.',
  extension: 'Mensagem GraphQL inválida: a única extensão aceita é connectionInit.',
  subscriptionOnly: 'Pelo websocket, o GraphQL aceita só assinaturas (subscription): envie consultas e mutações por HTTP.',
};

const CODE = 'GRAPHQL_VALIDATION_FAILED';

/** A refused request: mercurius answers its `errors` with its `statusCode`, as its own validation errors. */
export class GraphQLRefusal extends Error {
  /** Copied by mercurius into the error sent over the websocket. */
  readonly extensions: Record<string, unknown>;
  constructor(
    readonly errors: readonly GraphQLError[],
    readonly statusCode = 400,
  ) {
    super(errors[0].message);
    this.extensions = errors[0].extensions;
  }
}

const refusal = (message: string, code = CODE, statusCode = 400) => new GraphQLRefusal([new GraphQLError(message, { extensions: { code } })], statusCode);

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** Tokens and nesting of a document, read by graphql-js' lexer (a loop, no recursion) before it is parsed. */
export function checkSource(source: string) {
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > L.tokens) throw refusal(GRAPHQL_MSG.tokens);
      if (OPENING.has(token.kind) && ++nesting > L.nesting) throw refusal(GRAPHQL_MSG.nesting);
      if (CLOSING.has(token.kind)) nesting--;
    }
  } catch (e) {
    if (e instanceof GraphQLRefusal) throw e;
    // A syntax error: the parser, which stops there too, answers it.
  }
}

const report = (message: string) => (context: ValidationContext | null) => context?.reportError(new GraphQLError(message, { extensions: { code: CODE } }));
const armor = { exposeLimits: false, propagateOnRejection: false };

/** Named fragments, and a response name selected again and again in one selection set. */
const repeatsRule: ValidationRule = (context) => {
  const count = (set: SelectionSetNode, names: Map<string, number>): string | undefined => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const repeated = count(selection.selectionSet, names);
        if (repeated) return repeated;
      } else if (selection.kind === Kind.FIELD) {
        const name = (selection.alias ?? selection.name).value;
        const n = (names.get(name) ?? 0) + 1;
        if (n > L.repeats) return name;
        names.set(name, n);
      }
    }
  };
  return {
    Document(document) {
      if (document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).length > L.fragments) report(GRAPHQL_MSG.fragments)(context);
    },
    SelectionSet(set) {
      const repeated = count(set, new Map());
      if (repeated) {
        report(GRAPHQL_MSG.repeats(repeated))(context);
        return false;
      }
    },
  } satisfies ASTVisitor;
};

const LIMIT_RULES = [
  maxDepthRule({ n: L.depth, ...armor, onReject: [report(GRAPHQL_MSG.depth)] }),
  maxAliasesRule({ n: L.aliases, ...armor, onReject: [report(GRAPHQL_MSG.aliases)] }),
  costLimitRule({ maxCost: L.cost, ...armor, onReject: [report(GRAPHQL_MSG.cost)] }),
  repeatsRule,
] as ValidationRule[];

/** The limits of a parsed document, checked alone before graphql-js' validation. */
export function checkLimits(schema: GraphQLSchema, document: DocumentNode, source?: unknown) {
  // mercurius takes a JSON AST where the text does not parse, and one sent over the websocket: such a
  // document, which graphql-js does not check, is refused (with the syntax error of its text).
  if (!(document.loc instanceof Location)) {
    try {
      if (typeof source === 'string') parse(source);
    } catch (e) {
      if (e instanceof GraphQLError) throw new GraphQLRefusal([e]);
    }
    throw refusal(GRAPHQL_MSG.notParsed);
  }
  const errors = validate(schema, document, LIMIT_RULES);
  if (errors.length) throw new GraphQLRefusal(errors);
}

/** Introspection (__schema, __type) by someone who is not staff: refused. */
export function checkIntrospection(schema: GraphQLSchema, document: DocumentNode, user: AuthUser | null) {
  if (user && isStaffMember(user.roles, user.employee)) return;
  if (validate(schema, document, [NoSchemaIntrospectionCustomRule]).length) throw refusal(GRAPHQL_MSG.introspection, 'FORBIDDEN', 403);
}

type Failure = Error & { statusCode?: number; code?: string; errors?: unknown[] };
type Logger = Pick<FastifyBaseLogger, 'info' | 'error'>;

const REQUEST_REFUSALS: Record<number, [message: string, code: string]> = {
  405: [GRAPHQL_MSG.getMutation, 'METHOD_NOT_ALLOWED'],
  413: [GRAPHQL_MSG.body, 'PAYLOAD_TOO_LARGE'],
  415: ['Tipo de conteúdo não suportado.', 'UNSUPPORTED_MEDIA_TYPE'],
};

/** What a client may read of an error: graphql-js' texts and ours; a refused request's in pt-BR; no fault of ours. */
function publicError(error: unknown, log: Logger | undefined, requestStatus?: number): GraphQLError {
  const failure = (error instanceof GraphQLError ? error.originalError : error) as Failure | undefined;
  if (error instanceof GraphQLError && (!failure || failure instanceof GraphQLError)) return error;
  const status = failure?.statusCode ?? requestStatus;
  if (status && status >= 400 && status < 500) {
    // The request itself was refused (by Fastify or mercurius): its body, content type, method.
    const badJson = failure?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || failure instanceof SyntaxError;
    const [message, code] = REQUEST_REFUSALS[status] ?? [badJson ? MSG.badJson : MSG.badRequest, 'BAD_REQUEST'];
    return new GraphQLError(message, { extensions: { code } });
  }
  log?.error({ err: failure }, 'graphql failed');
  return new GraphQLError(MSG.internal, { path: error instanceof GraphQLError ? error.path : undefined, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/**
 * mercurius' errorFormatter: its default (validation errors unwrapped, the status of a request
 * refused whole), with every error made public.
 */
export function formatErrors(execution: ExecutionResult & { statusCode?: number }, context: { reply?: { log: Logger }; app?: { log: Logger } }) {
  const log = context.reply?.log ?? context.app?.log;
  const errors = (execution.errors ?? []).flatMap((error) => {
    log?.info({ err: error }, error.message);
    const failure = error.originalError as Failure | undefined;
    if (Array.isArray(failure?.errors)) return failure.errors.map((e) => publicError(e, log, failure.statusCode));
    return [publicError(error, log)];
  });
  let statusCode = execution.data ? 200 : (execution.statusCode ?? 200);
  if (!execution.data && execution.statusCode === undefined && execution.errors?.length === 1) {
    const status = (execution.errors[0].originalError as Failure | undefined)?.statusCode;
    if (typeof status === 'number') statusCode = status;
  }
  return { statusCode, response: { data: execution.data ?? null, errors: errors.map((e) => e.toJSON()) } };
}

/** mercurius' options for the limits (spread into its registration). */
export const graphqlLimitOptions = {
  additionalRouteOptions: { bodyLimit: L.bodyBytes },
  // Documents are cached by source (valid ones, and those graphql-js refuses): a few hundred KB each at most.
  cache: 64,
  errorFormatter: formatErrors,
};

/** The checks that need the document or the caller, as mercurius hooks (over HTTP and the websocket). */
export function guardGraphQL(app: FastifyInstance) {
  app.graphql.addHook('preParsing', async (_schema, source) => checkSource(source));
  // Only documents not cached yet: the limits depend on the document alone.
  app.graphql.addHook('preValidation', async (schema, document, context) => checkLimits(schema, document, context.__currentQuery));
  app.graphql.addHook('preExecution', async (schema, document, context) => {
    if (context.reply) checkIntrospection(schema, document, context.reply.request.auth);
  });
  // A subscription's text was checked by guardSocket before mercurius parsed it; its resolver validates it (schema.ts).
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => checkLimits(schema, document));
}

/** The message that starts an operation, in each protocol of mercurius' websocket. */
const START: Record<string, string> = { 'graphql-transport-ws': 'subscribe', 'graphql-ws': 'start' };

type SocketMessage = { id?: unknown; type?: unknown; payload?: unknown; extensions?: unknown };

/** A message starting a subscription: within the size and the limits read before parsing, and one subscription. */
export function checkSubscribe(message: SocketMessage, bytes: number) {
  if (bytes > L.bodyBytes) throw refusal(GRAPHQL_MSG.message, 'PAYLOAD_TOO_LARGE');
  const { extensions } = message;
  if (Array.isArray(extensions) && !extensions.every((e) => (e as SocketMessage | null)?.type === 'connectionInit')) throw refusal(GRAPHQL_MSG.extension);
  const { query, operationName } = (message.payload ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') throw refusal(GRAPHQL_MSG.notParsed);
  checkSource(query);
  const operation = getOperationAST(parse(query), operationName as string | undefined);
  if (!operation) throw refusal(GRAPHQL_MSG.noOperation);
  if (operation.operation !== 'subscription') throw refusal(GRAPHQL_MSG.subscriptionOnly);
}

interface Socket {
  protocol: string;
  emit(event: string | symbol, ...args: unknown[]): boolean;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/**
 * Each message of a connection, read before mercurius reads it: mercurius parses a subscription's text
 * before any hook runs (a few thousand nested brackets overflow the stack) and sends back the text of
 * whatever fails in a malformed message. A subscription refused here is answered with a graphql-ws
 * error for its id (the connection stays open); any other message over the size limit closes the
 * connection (1009, "message too big"). Neither reaches mercurius.
 */
function guardSocket(socket: Socket, log: Logger) {
  const start = START[socket.protocol];
  const emit = socket.emit;
  socket.emit = function (this: Socket, event, ...args) {
    if (event !== 'message') return emit.call(this, event, ...args);
    const text = String(args[0]);
    const bytes = Buffer.isBuffer(args[0]) ? args[0].length : Buffer.byteLength(text);
    let message: SocketMessage | null = null;
    try {
      message = JSON.parse(text);
    } catch {
      // Not JSON: mercurius answers it.
    }
    if (start === undefined || message?.type !== start) {
      if (bytes <= L.bodyBytes) return emit.call(this, event, ...args);
      this.close(1009, GRAPHQL_MSG.message);
      return true;
    }
    let errors: readonly GraphQLError[] | undefined;
    try {
      checkSubscribe(message, bytes);
    } catch (e) {
      errors = e instanceof GraphQLRefusal ? e.errors : [publicError(e, log)];
    }
    if (!errors) return emit.call(this, event, ...args);
    this.send(JSON.stringify({ type: 'error', id: message.id, payload: errors.map((e) => e.toJSON()) }));
    return true;
  };
}

/** The websocket's limits: registered before mercurius, whose GraphQL route it wraps. */
export function guardGraphQLSocket(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const ws = route as typeof route & { wsHandler?: (this: unknown, socket: Socket, request: FastifyRequest) => unknown };
    const handler = ws.wsHandler;
    if (route.url !== GRAPHQL_WS_PATH || typeof handler !== 'function') return;
    ws.wsHandler = function (socket, request) {
      guardSocket(socket, request.log);
      return handler.call(this, socket, request);
    };
  });
}
