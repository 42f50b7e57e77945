// What the lead imports' screen tests need around the real server: an import with its rows written
// straight into the tables (as the server's import writes them), and a fetch wrapper answering, by
// their documented contract and on the same tables, (1) the files calls (POST /v1/files/, GET
// /v1/files/{id}: in jsdom the server's content check cannot run, jsdom's Uint8Array not being
// Node's; so, too, the create of an import, POST /api/lead-imports, which reads the file: here it
// takes the CSV's lines as the rows, and refuses a file without any with the server's message) and
// (2) the v1 lead-import calls of the file list and the register (section 7: PUT
// v1/lead/importacao/clientes, POST v1/lead/importacao/mk, POST v1/lead/importacao/{id}/desfazer,
// GET v1/lead/importacao/modelo and /{id}/relatorio), recording them. The server's own behaviour of
// those calls is tested by tests/api (and the whole path by tests/e2e/lead-imports.test.ts); here
// the screens' use of them.
import { randomUUID } from 'node:crypto';
import { contentDisposition } from '../../src/server/files/routes.js';
import type { UiServer } from './server.js';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface ImportRow {
  nome?: string;
  telefone?: string;
  cpf?: string;
  cliente?: boolean;
  situacao_cliente?: 'ativo' | 'inadimplente' | 'ex_cliente' | null;
  cod_cliente?: string | null;
  restricao?: string[];
  duplicado?: 'arquivo' | 'lead' | null;
  erros?: Record<string, string> | null;
  lead?: boolean;
}

/** Stores a file as POST /v1/files/ (bucket importacoes) would, for every provider; answers its id. */
export async function storeFile(ui: UiServer, name: string, data: Buffer | string, type = 'text/csv; charset=utf-8'): Promise<string> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const id = randomUUID();
  // Bytes as hex: jsdom's Uint8Array is not the database driver's.
  await ui.server.db.query("INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados) VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'))", [id, 'importacoes', name, type, bytes.length, bytes.toString('hex')]);
  return id;
}

/** An import of the provider, campaign and channel with these rows (line 2 on), its counters as the server keeps them; answers its id. */
export async function insertImport(ui: UiServer, at: { provider: number; campaign: number; channel: number; fileName?: string; file?: string }, rows: ImportRow[]): Promise<number> {
  const fileName = at.fileName ?? `leads_${Date.now()}.csv`;
  const fileId = at.file ?? (await storeFile(ui, fileName, 'nome;cpf;telefone\nAna;52998224725;31988887777\n'));
  const problems = rows.filter((r) => r.erros && Object.keys(r.erros).length).length;
  const duplicates = rows.filter((r) => r.duplicado).length;
  const { rows: made } = await ui.server.db.query<{ id: number }>(
    `INSERT INTO vendas.lead_importacao (id_file, nome_arquivo, id_empresa, id_campanha, id_canal, total_participantes, linhas_com_erro, duplicados)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [fileId, fileName, at.provider, at.campaign, at.channel, rows.length, problems, duplicates],
  );
  const id = made[0].id;
  for (const [i, r] of rows.entries()) {
    await ui.server.db.query(
      `INSERT INTO vendas.lead_participante (id_importacao_evento, linha, nome, telefone, cpf, cliente, situacao_cliente, cod_cliente, restricao, duplicado, erros, lead)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, i + 2, r.nome ?? '', r.telefone ?? '', r.cpf ?? '', r.cliente ?? false, r.situacao_cliente ?? null, r.cod_cliente ?? null, r.restricao ?? [], r.duplicado ?? null, r.erros ? JSON.stringify(r.erros) : null, r.lead ?? false],
    );
  }
  return id;
}

export interface LeadImportCalls {
  calls: RecordedCall[];
  /** The answer of the next undo: a 409 naming the leads that moved (the server's refusal). */
  refuseUndo: string | null;
  restore(): void;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Where = { id?: { _eq?: number; _in?: number[] }; id_importacao_evento?: { _eq?: number } };

/** Installs the wrapper described above; restore() puts the previous fetch back. */
export function interceptLeadImportCalls(ui: UiServer): LeadImportCalls {
  const previous = globalThis.fetch;
  const db = ui.server.db;
  const state: LeadImportCalls = {
    calls: [],
    refuseUndo: null,
    restore: () => {
      globalThis.fetch = previous;
    },
  };

  const select = async (where: Where, lead: boolean) => {
    if (where.id) {
      const ids = where.id._in ?? [where.id._eq!];
      const { rows } = await db.query<{ id: number }>(
        'UPDATE vendas.lead_participante SET lead = $1 WHERE id = ANY($2::int[]) AND id_lead IS NULL AND (NOT $1 OR erros IS NULL) RETURNING id',
        [lead, ids],
      );
      return rows.length;
    }
    const importId = where.id_importacao_evento!._eq!;
    const { rows } = lead
      ? await db.query<{ id: number }>(
          "UPDATE vendas.lead_participante SET lead = true WHERE id_importacao_evento = $1 AND id_lead IS NULL AND erros IS NULL AND duplicado IS NULL AND restricao = '{}' RETURNING id",
          [importId],
        )
      : await db.query<{ id: number }>('UPDATE vendas.lead_participante SET lead = false WHERE id_importacao_evento = $1 AND id_lead IS NULL RETURNING id', [importId]);
    return rows.length;
  };

  const create = async (importId: number) => {
    const { rows: imports } = await db.query<{ id_empresa: number; id_campanha: number; id_canal: number }>('SELECT id_empresa, id_campanha, id_canal FROM vendas.lead_importacao WHERE id = $1', [importId]);
    const { rows } = await db.query<{ id: number; nome: string; telefone: string; cpf: string }>(
      'SELECT id, nome, telefone, cpf FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND lead AND id_lead IS NULL ORDER BY linha',
      [importId],
    );
    if (!rows.length) return json(400, { criaLeadImportada: { status: 'error', message: 'Nenhuma lead selecionada.' } });
    for (const row of rows) {
      const made = await ui.api('POST', '/api/leads', { nome: row.nome, telefone: row.telefone, cpf: row.cpf, ...imports[0], origem: 'importado', equipe: 'interna' });
      if (made.status !== 201) throw new Error(`lead: ${JSON.stringify(made.json)}`);
      await db.query('UPDATE vendas.lead_participante SET id_lead = $1, codlead = $2 WHERE id = $3', [made.json.id, made.json.codlead, row.id]);
    }
    await db.query('UPDATE vendas.lead_importacao SET leads_criadas = leads_criadas + $1 WHERE id = $2', [rows.length, importId]);
    return json(200, { criaLeadImportada: { status: 'success', message: `${rows.length} leads criadas.`, criadas: rows.length } });
  };

  const undo = async (importId: number) => {
    if (state.refuseUndo) return json(409, { message: state.refuseUndo });
    const { rows } = await db.query<{ id_lead: number }>('SELECT id_lead FROM vendas.lead_participante WHERE id_importacao_evento = $1 AND id_lead IS NOT NULL', [importId]);
    await db.query('UPDATE vendas.lead_participante SET id_lead = NULL, codlead = NULL WHERE id_importacao_evento = $1', [importId]);
    await db.query('DELETE FROM vendas.lead WHERE id = ANY($1::int[])', [rows.map((r) => r.id_lead)]);
    await db.query('UPDATE vendas.lead_importacao SET leads_criadas = 0 WHERE id = $1', [importId]);
    return json(200, { desfazLeadsImportadas: { status: 'success', message: `${rows.length} leads removidas.`, removidas: rows.length } });
  };

  const upload = async (form: FormData) => {
    const file = form.get('file[]') as File;
    const id = await storeFile(ui, file.name, Buffer.from(await file.arrayBuffer()), file.type || 'application/octet-stream');
    return json(200, { processedFiles: [{ id, name: file.name, type: file.type, size: file.size }] });
  };

  const download = async (id: string) => {
    const { rows } = await db.query<{ nome: string; tipo: string; dados: string }>("SELECT nome, tipo, encode(dados, 'hex') AS dados FROM storage.arquivo WHERE id = $1", [id]);
    if (!rows.length) return json(404, { message: 'Arquivo não encontrado.' });
    return new Response(Buffer.from(rows[0].dados, 'hex'), { status: 200, headers: { 'Content-Type': rows[0].tipo, 'Content-Disposition': contentDisposition(rows[0].nome) } });
  };

  const createImport = async (body: { id_file: string; id_empresa: number; id_campanha: number; id_canal: number }) => {
    const { rows } = await db.query<{ nome: string; dados: string }>("SELECT nome, convert_from(dados, 'UTF8') AS dados FROM storage.arquivo WHERE id = $1", [body.id_file]);
    const lines = (rows[0]?.dados ?? '').split(/\r?\n/).slice(1).filter((l) => l.trim());
    if (!lines.length) {
      const message = 'O arquivo não tem linhas de dados.';
      return json(400, { message, errors: { id_file: message } });
    }
    const read = lines.map((line) => {
      const [nome, cpf, telefone] = line.split(';');
      return { nome, cpf, telefone, lead: true };
    });
    const id = await insertImport(ui, { provider: body.id_empresa, campaign: body.id_campanha, channel: body.id_canal, fileName: rows[0].nome, file: body.id_file }, read);
    const made = await db.query('SELECT * FROM vendas.lead_importacao WHERE id = $1', [id]);
    return json(201, made.rows[0]);
  };

  const answer = async (method: string, path: string, body: unknown): Promise<Response | null> => {
    if (method === 'PUT' && path === '/v1/lead/importacao/clientes') {
      const updates = (Array.isArray(body) ? body : (body as { updates: unknown[] }).updates) as { where: Where; _set: { lead: boolean } }[];
      const many = [];
      for (const u of updates) many.push({ affected_rows: await select(u.where, u._set.lead), returning: [] });
      return json(200, { update_vendas_lead_participante_many: many });
    }
    if (method === 'POST' && path === '/v1/lead/importacao/mk') return create((body as { id_importacao_evento: number }).id_importacao_evento);
    const undoing = /^\/v1\/lead\/importacao\/(\d+)\/desfazer$/.exec(path);
    if (method === 'POST' && undoing) return undo(Number(undoing[1]));
    if (method === 'GET' && path === '/v1/lead/importacao/modelo') {
      return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="modelo_importacao_leads.xlsx"' },
      });
    }
    const report = /^\/v1\/lead\/importacao\/(\d+)\/relatorio$/.exec(path);
    if (method === 'GET' && report) {
      return new Response('\uFEFFLinha;Nome;Telefone;CPF;Campo;Motivo\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="relatorio_importacao_${report[1]}.csv"` },
      });
    }
    return null;
  };

  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init.method ?? 'GET').toUpperCase();
    const ours = url.origin === new URL(ui.baseUrl).origin;
    if (ours && method === 'POST' && /^\/v1\/files\/?$/.test(url.pathname) && init.body instanceof FormData) return upload(init.body);
    const file = /^\/v1\/files\/([0-9a-f-]{36})$/i.exec(url.pathname);
    if (ours && method === 'GET' && file) return download(file[1]);
    if (ours && method === 'POST' && url.pathname === '/api/lead-imports') {
      const body = JSON.parse(String(init.body));
      state.calls.push({ method, path: url.pathname, body });
      return createImport(body);
    }
    if (ours && url.pathname.startsWith('/v1/lead/importacao')) {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      state.calls.push({ method, path: url.pathname, body });
      const response = await answer(method, url.pathname, body);
      if (response) return response;
    }
    return previous(input, init);
  }) as typeof fetch;
  return state;
}
