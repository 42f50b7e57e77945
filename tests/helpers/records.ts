// Valid records of any resource, made from its schema through the API as the superadmin: required
// fields get sample values of their type and format, references a record of the referenced resource
// (made the same way, in the same provider), the provider column the provider. A few resources need
// more than the schema says (rules of their hooks): RECORD_EXTRAS adds it.
import { formatCNPJ, formatCPF, generateCNPJ, generateCPF } from '@brazilian-utils/brazilian-utils';
import type { PropertySchema, ResourceDef } from '../../src/server/schemas/registry.js';
import { baseType } from '../../src/server/schemas/registry.js';
import { SYSTEM } from '../../src/server/resources/service.js';
import { municipalities } from '../../src/domain/municipalities.js';
import type { TestApp } from './app.js';
import { file, multipart, pdf, PNG } from './files.js';

type Row = Record<string, any> & { id: number | string };

let serial = 0;

/** A value the schema accepts for a property without a reference. */
export function sampleValue(property: PropertySchema): unknown {
  const p = property as PropertySchema & Record<string, any>;
  const values = Array.isArray(p.enum) ? p.enum.filter((v: unknown) => v !== null) : [];
  if (values.length) return values[0];
  switch (baseType(p)) {
    case 'integer':
    case 'number':
      return Math.max(p.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: p.minItems ?? 0 }, () => sampleValue(p.items as PropertySchema));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (p.required as string[] | undefined) ?? []) out[key] = sampleValue(p.properties[key]);
      return out;
    }
  }
  switch (p.format) {
    case 'email':
      return `registro.${++serial}.${Date.now()}@teste.com.br`;
    case 'cpf':
      return formatCPF(generateCPF());
    case 'cnpj':
      return formatCNPJ(generateCNPJ());
    case 'date':
      return '2026-03-10';
    case 'date-time':
      return new Date().toISOString();
    case 'month-day':
      return '03-10';
    case 'time':
      return '12:30';
    case 'cep':
      return '60000-000';
    case 'phone':
      return '(85) 99999-9999';
    case 'color':
      return '#1976d2';
    case 'html':
      return '<p>Texto de teste</p>';
    case 'uri':
      return 'https://exemplo.com.br/';
  }
  const text = `Registro de teste ${++serial}`;
  return text.slice(0, p.maxLength ?? text.length).padEnd(p.minLength ?? 0, 'x');
}

/** What some resources need beyond their schema's required fields. */
/**
 * A customer of the provider for the supplies' movements (its code): one row by SQL, of its own, so that
 * no other register's runs change what the movements find.
 */
async function supplyCustomer(t: TestApp, provider: number): Promise<string> {
  const code = `SUP${++serial}`;
  // A system of its own (a customer names its provider's system), which no register's runs delete.
  await t.db.query(`INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [`SUPRIMENTOS${provider}`, provider]);
  await t.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, situacao) VALUES ($4, $1, $2, $2, $3, 'ativo')`,
    [provider, code, `Cliente de Suprimentos ${serial}`, `SUPRIMENTOS${provider}`],
  );
  return code;
}

/**
 * A new unit of the provider's sample supply product, brought through the movement registers to the
 * warehouse, the sample squad or the sample customer: its patrimônio.
 */
async function supplyUnitAt(t: TestApp, make: Maker, provider: number, place: 'almoxarifado' | 'equipe' | 'cliente', customer?: string): Promise<string> {
  const patrimonio = `SUP-${++serial}-${Date.now()}`;
  const id_produto = (await make('supply-products', provider)).id;
  const post = async (name: string, body: Record<string, unknown>) => {
    const r = await t.inject({ method: 'POST', url: `/api/${name}`, payload: { id_empresa: provider, id_produto, patrimonio, ...body } });
    if (r.statusCode !== 201) throw new Error(`${name} no provedor ${provider}: ${r.statusCode} ${r.body} (enviado ${JSON.stringify(body)})`);
  };
  await post('supply-receipts', {});
  if (place === 'almoxarifado') return patrimonio;
  const id_equipe = (await make('squads', provider)).id;
  await post('supply-dispatches', { id_equipe });
  if (place === 'equipe') return patrimonio;
  await post('supply-installations', { id_equipe, cliente_codigo: customer ?? (await supplyCustomer(t, provider)) });
  return patrimonio;
}

/** A new user of the provider who is an employee (an HR record takes one user once). */
async function newEmployeeUser(t: TestApp, provider: number): Promise<number> {
  const r = await t.inject({ method: 'POST', url: '/api/users', payload: { nome: 'Pessoa de Teste', email: `funcionario.${++serial}.${Date.now()}@teste.com.br`, papeis: ['user'], id_empresas: [provider], funcionario: true } });
  if (r.statusCode !== 201) throw new Error(`usuário do funcionário: ${r.statusCode} ${r.body}`);
  return r.json().id;
}

export const RECORD_EXTRAS: Record<string, (provider: number, make: Maker, t: TestApp) => Record<string, unknown> | Promise<Record<string, unknown>>> = {
  // Employees, so that the contacts list shows them.
  users: () => ({ papeis: ['user'], funcionario: true, nome: 'Pessoa de Teste' }),
  // A municipal holiday needs its cities, of its state (Fortaleza, CE).
  holidays: () => ({ tipo: 'Municipal', uf: 'CE', municipio: [2304400] }),
  // A provider city is an IBGE municipality of its state, each once per provider.
  cities: () => {
    const all = municipalities();
    const m = all[(++serial * 7919) % all.length];
    return { nome: m.label, uf: m.uf };
  },
  // A customer entry of the blocklist names its CPF (an address entry, its CEP and number).
  blocklist: () => ({ tipo: 'cliente', cpf: formatCPF(generateCPF()) }),
  // A communication rule has a channel on with its message, and an envio its criterion allows.
  'communication-rules': () => ({ criterio: 'data_aniversario', envio: 'anual', sms: true, mensagem_sms: 'Mensagem de teste' }),
  // A restriction names a customer of its provider (the server fills the name and CPF from it).
  // An exception criterion of a plan (a customer's code or situation must exist or be one of three).
  'blocking-exception-criteria': () => ({ tipo: 'plano', valor: 'Fibra 300 Mega' }),
  'communication-restrictions': async (provider, make) => ({ cod_cliente: (await make('customers', provider)).cod_cliente }),
  // A campaign or channel any provider of the group uses (the registers naming one take only those).
  'sales-campaigns': () => ({ bitcom: true, razao: true, vetorial: true, ativo: true }),
  'sales-channels': () => ({ bitcom: true, razao: true, vetorial: true, ativo: true }),
  // A tracking link: an active campaign and channel with every provider flag, and a destination.
  'tracking-links': async (provider, make, t) => {
    const flags = { bitcom: true, razao: true, vetorial: true, ativo: true };
    const post = async (url: string, body: object) => (await t.inject({ method: 'POST', url, payload: body })).json().id as number;
    return {
      id_campanha: await post('/api/sales-campaigns', { nome: 'Campanha do link', ...flags }),
      id_canal: await post('/api/sales-channels', { nome: 'Canal do link', ...flags }),
      id_destino: (await make('tracking-destinations', provider)).id,
    };
  },
  // A roulette has an owner: a user of its provider.
  'roulette-campaigns': async (provider, make) => ({ id_usuario_intranet: (await make('users', provider)).id }),
  // A spin's category, numbers and prize agree (CHECK constraints): a customer without a prize.
  'roulette-entries': () => ({ rodada: 1, seq: ++serial, categoria: 1, seq_categoria: serial, cliente: true, premiado: false, id_premio: null, cpf: formatCPF(generateCPF()) }),
  'roulette-draws': async (provider, make) => ({ rodada: 1, seq: ++serial, id_cliente_historico: (await make('roulette-entries', provider)).id }),
  'roulette-prizes': () => ({ quantidade: 10, quantidade_minima: 0, peso_item: 1 }),
  // A campaign of its own: a campaign has one look.
  'roulette-appearances': async (provider, make, t) => {
    const values = { nome: `Roleta da aparência ${++serial}`, descricao: 'Aparência de teste', id_empresa: provider, id_usuario_intranet: (await make('users', provider)).id, data_inicio_campanha: '2026-01-01', data_fim_campanha: '2026-12-31' };
    const r = await t.inject({ method: 'POST', url: '/api/roulette-campaigns', payload: values });
    if (r.statusCode !== 201) throw new Error(`roleta da aparência: ${r.statusCode} ${r.body}`);
    return { id_campanha: r.json().id };
  },
  // A vacancy's city, when it names its state, is a municipality of it.
  vacancies: () => ({ uf: 'MG', cidade: 'Uberlândia' }),
  // A candidate's city is a municipality of their state.
  'applicant-profiles': () => ({ uf: 'MG', cidade: 'Uberlândia' }),
  // A sponsorship request: a valid CPF, an event not in the past, in a municipality of its state, still undecided.
  'sponsorship-requests': () => ({
    documento: formatCPF(generateCPF()),
    data_evento: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    uf: 'MG',
    cidade: 'Uberlândia',
    status: 'nova',
  }),
  // A vehicle's plate is a Brazilian one (Mercosul), unique per provider.
  vehicles: () => ({ placa: `T${String.fromCharCode(65 + (++serial % 26))}${String.fromCharCode(65 + (Math.floor(serial / 26) % 26))}${serial % 10}${String.fromCharCode(65 + ((serial * 7) % 26))}${String(Math.floor(serial / 10) % 100).padStart(2, '0')}` }),
  // A driver is a user of its provider (once per provider) with an 11-digit CNH valid for years.
  drivers: async (provider, make) => ({ id_usuario: (await make('users', provider)).id, cnh_numero: String(40_000_000_000 + ++serial), cnh_emissao: '2024-01-10', cnh_validade: '2034-01-10' }),
  // A fine's CTB code is a code and its unfolding (605-03).
  fines: () => ({ codigo_infracao: '605-03' }),
  // One HR record per user, and one relatives' record per employee: each of its own.
  employees: async (provider, _make, t) => ({ id_usuario: await newEmployeeUser(t, provider) }),
  // Relatives are named while 'Tem familiar?' is on (src/server/personnel/hooks.ts).
  family: async (provider, make, t) => {
    const values = { id_usuario: await newEmployeeUser(t, provider), id_empresa: provider, id_departamento: (await make('departments', provider)).id, data_admissao: '2020-01-06' };
    const r = await t.inject({ method: 'POST', url: '/api/employees', payload: values });
    if (r.statusCode !== 201) throw new Error(`funcionário dos familiares: ${r.statusCode} ${r.body}`);
    return { id_funcionario: r.json().id, tem_familiar: true, familiares: [`Parente de Teste ${++serial}`] };
  },
  // An employee's document is a PDF sent to /v1/files/.
  documents: async (_provider, _make, t) => {
    const { payload, headers } = multipart([file('documento.pdf', pdf()), { name: 'bucket-id', data: 'documentos' }]);
    const r = await t.inject({ method: 'POST', url: '/v1/files/', payload, headers });
    if (r.statusCode !== 200) throw new Error(`arquivo do documento: ${r.statusCode} ${r.body}`);
    return { id_arquivo: r.json().processedFiles[0].id };
  },
  // A lead import reads a spreadsheet sent to /v1/files/ (its rows are the import's own).
  'lead-imports': async (_provider, _make, t) => {
    const { payload, headers } = multipart([file('leads.csv', Buffer.from(`nome;cpf;telefone\nPessoa de Teste;${formatCPF(generateCPF())};(31) 98765-${String(++serial % 10_000).padStart(4, '0')}\n`)), { name: 'bucket-id', data: 'importacoes' }]);
    const r = await t.inject({ method: 'POST', url: '/v1/files/', payload, headers });
    if (r.statusCode !== 200) throw new Error(`arquivo da importação de leads: ${r.statusCode} ${r.body}`);
    return { id_file: r.json().processedFiles[0].id };
  },
  // A news item's cover is a PNG or JPEG sent to /v1/files/ (src/server/news/service.ts).
  news: async (_provider, _make, t) => {
    const { payload, headers } = multipart([file('capa.png', PNG), { name: 'bucket-id', data: 'novidades' }]);
    const r = await t.inject({ method: 'POST', url: '/v1/files/', payload, headers });
    if (r.statusCode !== 200) throw new Error(`capa da novidade: ${r.statusCode} ${r.body}`);
    return { imagem_capa_data: r.json().processedFiles[0].id };
  },
  // A ride is offered for a date and time still to come (src/server/rides/service.ts).
  rides: () => ({ data_hora: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
  // A booking ends after it starts and never overlaps another of the same resource (src/server/smallRegisters/service.ts):
  // each sample takes an hour of its own.
  'resource-bookings': () => {
    const start = Date.UTC(2030, 0, 1) + ++serial * 3_600_000;
    return { data_inicio: new Date(start).toISOString(), data_fim: new Date(start + 3_600_000).toISOString() };
  },
  // Supplies: a unit is one patrimônio per provider; each movement register moves a unit of the sample
  // (tracked) product that is where the movement takes it from, brought there through the registers
  // (src/server/supplies/service.ts): received, dispatched to the sample squad, installed at the sample customer.
  'supply-items': () => ({ patrimonio: `ITEM-${++serial}-${Date.now()}` }),
  'supply-receipts': () => ({ patrimonio: `ENT-${++serial}-${Date.now()}` }),
  'supply-dispatches': async (provider, make, t) => ({ patrimonio: await supplyUnitAt(t, make, provider, 'almoxarifado') }),
  'supply-returns': async (provider, make, t) => ({ patrimonio: await supplyUnitAt(t, make, provider, 'equipe') }),
  'supply-installations': async (provider, make, t) => ({ patrimonio: await supplyUnitAt(t, make, provider, 'equipe'), cliente_codigo: await supplyCustomer(t, provider) }),
  'supply-devolutions': async (provider, make, t) => {
    const cliente_codigo = await supplyCustomer(t, provider);
    return { patrimonio: await supplyUnitAt(t, make, provider, 'cliente', cliente_codigo), cliente_codigo };
  },
  'supply-removals': async (provider, _make, t) => ({ patrimonio: `RET-${++serial}`, cliente_codigo: await supplyCustomer(t, provider), status: 'pendente' }),
  'supply-maintenance': async (provider, make, t) => ({ patrimonio: await supplyUnitAt(t, make, provider, 'almoxarifado'), status: 'em_reparo' }),
  'supply-recycling': async (provider, make, t) => ({ patrimonio: await supplyUnitAt(t, make, provider, 'almoxarifado'), origem: 'almoxarifado' }),
};

/**
 * Fields whose valid values depend on other fields through a resource's hook (rules a JSON schema does
 * not say): a generated valid record keeps the sample values of records.ts for them.
 */
export const HOOK_FIELDS: Record<string, string[]> = {
  // A CNH number exactly when there is a category; the photo is a stored file or an image's bytes.
  'employee-profiles': ['cnh_categoria', 'cnh_numero', 'image_data'],
  // The state and the cities follow the type (src/domain/holidays.ts).
  holidays: ['tipo', 'uf', 'municipio'],
  // The fields a blocklist entry needs follow its kind (src/server/leads/hooks.ts).
  blocklist: ['tipo', 'cpf', 'cep', 'numero'],
  cities: ['nome', 'uf'],
  // A tracking link's campaign and channel must be active with the provider's flag; without a destination, the provider needs a site (src/server/tracking/service.ts).
  'tracking-links': ['id_campanha', 'id_canal', 'id_destino'],
  // A reading ends after it starts, and is finished exactly when it has an end (CHECK constraints).
  'onboarding-progress': ['data_inicio', 'data_fim', 'finalizado'],
  // Date order (src/domain/resume.ts).
  'resume-certificates': ['data_emissao', 'data_validade'],
  'resume-education': ['data_inicio', 'data_fim'],
  'resume-experience': ['data_inicio', 'data_fim'],
  // The period's end is not before its start (x-intranet.dateRanges and a CHECK constraint).
  events: ['data_inicio', 'data_fim'],
  'campaign-results': ['periodo_inicio', 'periodo_fim'],
  'vehicle-maintenance': ['data_entrada', 'data_saida'],
  // A plate is ABC-1234 or ABC1D23, unique per provider.
  vehicles: ['placa'],
  // A driver is a user of the provider, once; the CNH's number has 11 digits and its validity follows its issue (src/server/fleet/hooks.ts).
  drivers: ['id_usuario', 'cnh_numero', 'cnh_emissao', 'cnh_validade'],
  rentals: ['data_inicio', 'data_fim'],
  fines: ['codigo_infracao', 'id_motorista'],
  // The driver is of the vehicle's provider (src/server/fleet/service.ts); the photos are stored files.
  'vehicle-incidents': ['id_motorista', 'fotos'],
  // A ride's date and time is still to come (src/server/rides/service.ts).
  rides: ['data_hora'],
  // A promotional price is lower than the monthly one and names its months; the validity ends after it starts (src/server/smallRegisters/service.ts).
  pricing: ['valor_mensal', 'valor_promocional', 'meses_promocao', 'vigencia_inicio', 'vigencia_fim'],
  // A booking ends after it starts and never overlaps another active one of its resource (src/server/smallRegisters/service.ts).
  'resource-bookings': ['data_inicio', 'data_fim', 'id_recurso', 'ativo'],
  // A decision follows the request's rules: an approval takes a free vehicle, a valid driver (a vehicle
  // request) or the workshop (a maintenance); a refusal a reason; the photos are stored files (src/server/fleet/requests.ts).
  'vehicle-requests': ['data_inicio', 'data_fim', 'status', 'id_veiculo', 'id_motorista', 'motivo_recusa'],
  'vehicle-incident-requests': ['fotos', 'status', 'motivo_recusa'],
  'vehicle-maintenance-requests': ['status', 'oficina', 'data_entrada', 'motivo_recusa'],
  // A user given users:superadmin can no longer be deleted (only by nobody); roles are tested apart.
  users: ['papeis'],
  // The rule form's logic (src/domain/communicationRules.ts) and the customer lookup of a restriction.
  'communication-rules': ['criterio', 'envio', 'tempo', 'data_especifica', 'whatsapp', 'template_whatsapp', 'email', 'mensagem_email', 'titulo_email', 'sms', 'mensagem_sms'],
  'communication-restrictions': ['cod_cliente', 'nome_razaosocial', 'cpf'],
  // What valor may be follows tipo (src/server/blocking/hooks.ts).
  'blocking-exception-criteria': ['tipo', 'valor'],
  // An imported row's name needs letters (src/server/leadImports/rows.ts).
  'lead-import-participants': ['nome'],
  // The owner is required and the system must be the provider's (src/server/roulette/service.ts).
  'roulette-campaigns': ['id_usuario_intranet', 'sistema', 'data_inicio_campanha', 'data_fim_campanha'],
  // One look per campaign (a unique rule).
  'roulette-appearances': ['id_campanha', 'url_background'],
  // Category, numbers and prize agree; the numbers are unique per campaign; only a prize has a coupon
  // and is delivered (CHECK constraints of migration 0080).
  'roulette-entries': ['rodada', 'seq', 'categoria', 'seq_categoria', 'cliente', 'premiado', 'id_premio', 'cupom', 'entregue'],
  'roulette-draws': ['rodada', 'seq', 'id_cliente_historico'],
  // The stock never goes below its minimum (a CHECK constraint).
  'roulette-prizes': ['quantidade', 'quantidade_minima'],
  // The city is a municipality of the state; the applications close after they open (src/server/careers/service.ts).
  vacancies: ['uf', 'cidade', 'data_inicio', 'data_encerramento'],
  // The city is a municipality of the state; the resume is one's own PDF.
  'applicant-profiles': ['uf', 'cidade', 'curriculo'],
  // CPF or CNPJ, the event's date and city are checked; a decision needs a justification of its kind (src/server/sponsorship/service.ts).
  'sponsorship-requests': ['documento', 'data_evento', 'uf', 'cidade', 'status', 'id_justificativa'],
  // User, department, position and city belong to the employee's provider; a dismissal's status is the HR's, its date not before the admission; relatives are named while the toggle is on (src/server/personnel/hooks.ts).
  employees: ['id_usuario', 'id_empresa', 'id_departamento', 'id_cargo', 'id_cidade', 'data_admissao'],
  shutdowns: ['id_funcionario', 'status', 'data_desligamento'],
  family: ['tem_familiar', 'familiares'],
  documents: ['id_arquivo'],
  // The category and the impacted department are of one provider; the praised colleague is of the category's provider and not the author (src/server/incidents/service.ts).
  incidents: ['id_categoria', 'id_departamento'],
  'incident-categories': ['gestores'],
  compliments: ['id_elogiado', 'id_categoria'],
  // The images are stored PNG or JPEG files; the department is one of the provider's (src/server/news/service.ts).
  news: ['imagem_capa_data', 'imagem_auxiliar_data', 'departamento'],
  // Supplies: the unit, quantity and customer of a movement are where the movement takes them from, and
  // an update never changes them; a status moves the unit (src/server/supplies/service.ts).
  'supply-items': ['patrimonio', 'serial', 'local', 'cliente_codigo'],
  'supply-balances': ['local'],
  'supply-receipts': ['patrimonio', 'serial', 'quantidade'],
  'supply-dispatches': ['patrimonio', 'quantidade'],
  'supply-returns': ['patrimonio', 'quantidade'],
  'supply-installations': ['patrimonio', 'quantidade', 'cliente_codigo'],
  'supply-devolutions': ['patrimonio', 'quantidade', 'cliente_codigo'],
  'supply-removals': ['patrimonio', 'quantidade', 'cliente_codigo', 'status'],
  'supply-maintenance': ['patrimonio', 'quantidade', 'status', 'data_envio', 'data_retorno'],
  'supply-recycling': ['patrimonio', 'quantidade', 'origem'],
};

type Maker = (name: string, provider: number) => Promise<Row>;

/**
 * Resources whose records are not made by POST /api/<name> as the superadmin: an employee profile
 * belongs to its user (id_usuario is read-only), so it is saved through that user's profile call.
 */
export const RECORD_CREATORS: Record<string, (t: TestApp, make: Maker, provider: number, values: Record<string, unknown>) => Promise<Row>> = {
  'employee-profiles': async (t, make, provider, values) => {
    const user = await make('users', provider);
    delete values.id_usuario;
    const r = await t.inject({ method: 'PUT', url: `/v1/profile/${user.id}`, payload: { perfil: values } });
    if (r.statusCode !== 200) throw new Error(`perfil do usuário ${user.id}: ${r.statusCode} ${r.body}`);
    return r.json().perfil;
  },
  // A candidate's data belongs to its user (id_usuario is the author), one row each: a user of its own writes it.
  'applicant-profiles': async (t, make, provider, values) => {
    const user = await make('users', provider);
    delete values.id_usuario;
    return t.app.resources.create(t.app.registry.get('applicant-profiles')!, values, { userId: user.id as number, providerIds: null, ownerId: user.id as number }) as Promise<Row>;
  },
  // Customers are read-only through the API (the import and the seed write them): one row by SQL,
  // in a system of the provider, answered as the API reads it.
  customers: async (t, make, provider) => {
    const system = await make('systems', provider);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, situacao)
       VALUES ($1, $2, $3, $3, $4, 'ativo') RETURNING id`,
      [system.nome, provider, `T${++serial}`, `Cliente de Teste ${serial}`],
    );
    return (await t.inject(`/api/customers/${rows[0].id}`)).json();
  },
  // The send log is the dispatcher's (every field read-only): one row by SQL, for a rule of the provider.
  'communication-sends': async (t, make, provider) => {
    const rule = await make('communication-rules', provider);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO campanha.envio (campanha_id, regra_id, id_empresa, cod_cliente, nome_razaosocial, canal, dia, turno, status)
       VALUES ($1, $2, $3, $4, $5, 'sms', current_date, 'M', 'enviado') RETURNING id`,
      [rule.campanha_id, rule.id, provider, `T${++serial}`, `Cliente de Teste ${serial}`],
    );
    return (await t.inject(`/api/communication-sends/${rows[0].id}`)).json();
  },
};

/**
 * Makes (once per resource and provider) a record of `name` in `provider`, through POST /api/<name>
 * (an internal table's through the resource service, as its feature writes it).
 * `make.values(name, provider)` answers the values such a record is made of, without writing it (its
 * references made), for a caller that varies them and writes the record itself.
 */
export function recordMaker(t: TestApp) {
  const made = new Map<string, Promise<Row>>();
  const make: Maker = (name, provider) => {
    const key = `${name}:${provider}`;
    if (!made.has(key)) made.set(key, create(name, provider));
    return made.get(key)!;
  };
  async function valuesOf(name: string, provider: number): Promise<Record<string, unknown>> {
    const def = t.app.registry.get(name) as ResourceDef;
    const p = def.block.provider;
    const fields = new Set<string>(def.schema.required);
    if (typeof p === 'string') fields.add(p);
    else if (p) fields.add(p.column);
    if (def.block.owner) fields.add(def.block.owner);
    const values: Record<string, unknown> = {};
    for (const field of fields) {
      const column = def.columnByName.get(field);
      if (!column || column.readOnly) continue;
      const reference = def.block.references?.[field]?.resource;
      if (field === p) values[field] = baseType(column.property) === 'array' ? [provider] : provider;
      else if (reference) values[field] = (await make(reference, provider)).id;
      else values[field] = sampleValue(column.property);
    }
    return Object.assign(values, await RECORD_EXTRAS[name]?.(provider, make, t));
  }
  async function create(name: string, provider: number): Promise<Row> {
    // The providers resource is scoped by its own id: its record in a provider is the provider.
    if (t.app.registry.get(name)!.block.provider === 'id') return (await t.inject(`/api/${name}/${provider}`)).json();
    const values = await valuesOf(name, provider);
    const creator = RECORD_CREATORS[name];
    if (creator) return creator(t, make, provider, values);
    // An internal table (links, readings) has no generic writes (405): its feature writes it through the service.
    const def = t.app.registry.get(name)!;
    if (def.block.internal) return t.app.resources.create(def, values, SYSTEM) as Promise<Row>;
    const r = await t.inject({ method: 'POST', url: `/api/${name}`, payload: values });
    if (r.statusCode !== 201) throw new Error(`registro de ${name} no provedor ${provider}: ${r.statusCode} ${r.body} (enviado ${JSON.stringify(values)})`);
    return r.json();
  }
  return Object.assign(make, { values: valuesOf });
}
