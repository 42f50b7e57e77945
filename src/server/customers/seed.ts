// Demo customers: the systems of the three demo providers and ~3,000 plausible customers over them,
// deterministic (a seeded PRNG: the same customers on every machine) and written in bulk. Their dates
// cycle through all 366 month-days in every provider, so every communication rule (birthday,
// activation and contract date) has customers on any day of the year. A few fixed customers
// (fixedCustomers, listed in the README) are what demos and hand tests can rely on.
import { applyMask, MASKS } from '../../domain/format.js';
import type { Queryable } from '../db/index.js';
import type { StagedCustomer } from './import.js';
import { CUSTOMER_COLUMN_TYPES } from './builtin.js';

type NewCustomer = Omit<StagedCustomer, 'line' | 'id_empresa'>;

/** The demo providers' systems: the ERP's name for the provider, and the ERP product. */
export const DEMO_SYSTEMS: { provider: string; nome: string; erp: string }[] = [
  { provider: 'Bitcom', nome: 'BITCOM', erp: 'MK Solutions' },
  { provider: 'RazãoInfo', nome: 'RAZAOINFO', erp: 'IXC Soft' },
  { provider: 'Vetorial', nome: 'VETORIAL', erp: 'SGP' },
];

/** The providers' cities (as src/server/seed.ts registers them), with area code, CEP range and districts. */
const CITIES: Record<string, { cidade: string; uf: string; ddd: string; cep: [number, number]; bairros: string[] }[]> = {
  BITCOM: [
    { cidade: 'Belo Horizonte', uf: 'MG', ddd: '31', cep: [30110, 31999], bairros: ['Savassi', 'Funcionários', 'Lourdes', 'Pampulha', 'Santa Efigênia', 'Buritis', 'Padre Eustáquio', 'Floresta'] },
    { cidade: 'Contagem', uf: 'MG', ddd: '31', cep: [32010, 32399], bairros: ['Eldorado', 'Riacho das Pedras', 'Industrial', 'Inconfidentes', 'Novo Eldorado'] },
  ],
  RAZAOINFO: [
    { cidade: 'São Paulo', uf: 'SP', ddd: '11', cep: [1010, 5899], bairros: ['Bela Vista', 'Pinheiros', 'Mooca', 'Santana', 'Tatuapé', 'Vila Mariana', 'Lapa', 'Ipiranga'] },
    { cidade: 'Campinas', uf: 'SP', ddd: '19', cep: [13010, 13099], bairros: ['Cambuí', 'Taquaral', 'Barão Geraldo', 'Centro', 'Jardim Proença'] },
  ],
  VETORIAL: [
    { cidade: 'Curitiba', uf: 'PR', ddd: '41', cep: [80010, 82999], bairros: ['Batel', 'Água Verde', 'Centro', 'Portão', 'Boqueirão', 'Cabral', 'Bigorrilho'] },
    { cidade: 'Londrina', uf: 'PR', ddd: '43', cep: [86010, 86099], bairros: ['Centro', 'Gleba Palhano', 'Jardim Higienópolis', 'Vila Nova', 'Cinco Conjuntos'] },
  ],
};

const FIRST_NAMES = [
  'Maria', 'José', 'Ana', 'João', 'Francisca', 'Antônio', 'Juliana', 'Carlos', 'Márcia', 'Paulo', 'Fernanda', 'Lucas', 'Patrícia', 'Pedro',
  'Aline', 'Rafael', 'Camila', 'Gabriel', 'Letícia', 'Marcelo', 'Beatriz', 'Rodrigo', 'Luana', 'Felipe', 'Sônia', 'Gustavo', 'Vanessa',
  'Thiago', 'Cláudia', 'Bruno', 'Larissa', 'André', 'Débora', 'Diego', 'Renata', 'Leandro', 'Tatiane', 'Matheus', 'Isabela', 'Luiz',
];
const SURNAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins',
  'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes',
  'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Conceição', 'Moura',
];
const BUSINESSES = [
  'Padaria Pão Dourado', 'Mercearia Boa Vista', 'Auto Peças Central', 'Clínica Sorriso', 'Farmácia Vida', 'Restaurante Sabor Caseiro',
  'Academia Corpo em Forma', 'Escritório Contábil Exato', 'Pet Shop Amigo Fiel', 'Loja de Materiais Construir', 'Salão Beleza Pura',
  'Oficina Mecânica Rota', 'Papelaria Ponto Certo', 'Hortifruti Colheita', 'Lanchonete Esquina',
];
const STREETS = [
  'Rua das Flores', 'Avenida Brasil', 'Rua Sete de Setembro', 'Rua Tiradentes', 'Avenida Getúlio Vargas', 'Rua São José', 'Rua Dom Pedro II',
  'Rua Santos Dumont', 'Avenida Rio Branco', 'Rua XV de Novembro', 'Rua Marechal Deodoro', 'Rua Rui Barbosa', 'Avenida Amazonas', 'Rua Goiás',
];
const PLANS = ['100 Mega', '300 Mega', '300 Mega', '500 Mega', '500 Mega', '600 Mega', '1 Giga'];
const BUSINESS_PLANS = ['Empresarial 300 Mega', 'Empresarial 500 Mega', 'Empresarial 1 Giga'];
const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.com.br', 'uol.com.br'];

/** mulberry32: a small seeded PRNG, the same sequence everywhere. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}
type Rng = ReturnType<typeof prng>;

/**
 * The digits with their two mod-11 check digits (CPF and CNPJ alike, by their weights). Here rather
 * than src/server/seed.ts's demoCpf so that the generator (and the import benchmark) does not load
 * the whole demo seed.
 */
function withCheckDigits(base: string, weights: number[][]): string {
  const d = base.split('').map(Number);
  for (const w of weights) {
    const rest = w.reduce((acc, weight, i) => acc + weight * d[i], 0) % 11;
    d.push(rest < 2 ? 0 : 11 - rest);
  }
  return d.join('');
}

/** A valid CPF (masked) from its first nine digits. */
export const demoCpf = (nine: string) => applyMask(MASKS.cpf, withCheckDigits(nine, [[10, 9, 8, 7, 6, 5, 4, 3, 2], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]]));

/** A valid CNPJ (masked) from its first twelve digits. */
export const demoCnpj = (twelve: string) =>
  applyMask(MASKS.cnpj, withCheckDigits(twelve, [[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]));

const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The n-th day (0..365) of a leap year, as [month, day]. */
function monthDayOf(n: number): [number, number] {
  let day = n % 366;
  for (let m = 0; m < 12; m++) {
    if (day < MONTH_LENGTHS[m]) return [m + 1, day + 1];
    day -= MONTH_LENGTHS[m];
  }
  return [12, 31];
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** A date on the n-th month-day, in `year` (or the closest leap year before it for 29 February). */
function dateOn(n: number, year: number): string {
  const [m, d] = monthDayOf(n);
  let y = year;
  while (m === 2 && d === 29 && !isLeap(y)) y--;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The k-th generated customer of a system (k from 0): month-days cycle with k (birthdays k,
 * activations 7k + 13, contracts 5k + 29 modulo 366, each a permutation of the year's days), so any
 * 366 consecutive customers of a system cover every day. Codes start at 10001 (the fixed ones are below).
 */
export function generatedCustomer(sistema: string, k: number, rng: Rng): NewCustomer {
  const city = rng.pick(CITIES[sistema] ?? CITIES.BITCOM);
  // One in 17 is a company: never two of the rows sharing a birthday month-day (k, k + 366, k + 732).
  const company = k % 17 === 5;
  const first = rng.pick(FIRST_NAMES);
  const last1 = rng.pick(SURNAMES);
  const last2 = rng.pick(SURNAMES);
  const nome = company ? `${rng.pick(BUSINESSES)} ${rng.pick(['Ltda', 'ME', 'EIRELI', 'Ltda ME'])}` : `${first} ${last1} ${last2}`;
  const code = String(10001 + k);
  // Nine digits per (system, k): distinct CPFs, none of them the fixed customers'.
  const systemIndex = Math.max(0, DEMO_SYSTEMS.findIndex((s) => s.nome === sistema));
  const base = 500_000_000 + systemIndex * 10_000_000 + k * 37;
  const cpf = company ? null : demoCpf(String(base).padStart(9, '0'));
  const cnpj = company ? demoCnpj(`${String(40_000_000 + systemIndex * 1_000_000 + k).padStart(8, '0')}0001`) : null;
  const activationYear = rng.int(2016, 2025);
  const ativacao = dateOn(7 * k + 13, activationYear);
  // The contract comes before the activation (a year earlier when its month-day is later).
  let contractYear = activationYear;
  let contratacao = dateOn(5 * k + 29, contractYear);
  while (contratacao > ativacao) contratacao = dateOn(5 * k + 29, --contractYear);
  const roll = rng.next();
  const situacao = roll < 0.85 ? 'ativo' : roll < 0.93 ? 'suspenso' : 'cancelado';
  const dias_atraso = situacao === 'suspenso' ? rng.int(30, 120) : situacao === 'ativo' && rng.next() < 0.12 ? rng.int(1, 29) : situacao === 'cancelado' && rng.next() < 0.5 ? rng.int(60, 120) : 0;
  const cepNumber = rng.int(city.cep[0], city.cep[1]);
  const mailUser = company ? ascii(nome.split(' ').slice(0, 2).join('')) : `${ascii(first)}.${ascii(last1)}${rng.int(1, 99)}`;
  return {
    sistema,
    cod_cliente: code,
    codpessoa: String(50001 + k),
    nome_razaosocial: nome,
    cpf,
    cnpj,
    data_nascimento: company ? null : dateOn(k, rng.int(1950, 2004)),
    data_ativacao: ativacao,
    data_contratacao: contratacao,
    telefone: rng.next() < 0.3 ? applyMask('(##) ####-####', `${city.ddd}3${rng.int(1000000, 9999999)}`) : null,
    celular: rng.next() < 0.95 ? applyMask(MASKS.phone, `${city.ddd}9${rng.int(80000000, 99999999)}`) : null,
    email: rng.next() < 0.8 ? `${mailUser}@${company ? 'empresa.com.br' : rng.pick(MAIL_DOMAINS)}` : null,
    cep: applyMask(MASKS.cep, `${String(cepNumber).padStart(5, '0')}${String(rng.int(0, 999)).padStart(3, '0')}`),
    rua: rng.pick(STREETS),
    numero: String(rng.int(1, 2500)),
    bairro: rng.pick(city.bairros),
    cidade: city.cidade,
    uf: city.uf,
    plano: company ? rng.pick(BUSINESS_PLANS) : rng.pick(PLANS),
    situacao,
    dias_atraso,
  };
}

const fixed = (c: Partial<NewCustomer> & Pick<NewCustomer, 'sistema' | 'cod_cliente' | 'nome_razaosocial'>): NewCustomer => ({
  codpessoa: c.cod_cliente,
  cpf: null,
  cnpj: null,
  data_nascimento: null,
  data_ativacao: null,
  data_contratacao: null,
  telefone: null,
  celular: null,
  email: null,
  cep: null,
  rua: null,
  numero: null,
  bairro: null,
  cidade: null,
  uf: null,
  plano: '300 Mega',
  situacao: 'ativo',
  dias_atraso: 0,
  ...c,
});

/** Customers demos and hand tests rely on (README, "Demo customers"). */
export const fixedCustomers = (): NewCustomer[] => [
  fixed({
    sistema: 'BITCOM', cod_cliente: '1001', nome_razaosocial: 'Maria Aparecida da Silva', cpf: demoCpf('111444777'), data_nascimento: '1985-03-15',
    data_contratacao: '2021-06-01', data_ativacao: '2021-06-03', celular: '(31) 99876-5432', telefone: '(31) 3222-1000', email: 'maria.aparecida@gmail.com',
    cep: '30130-010', rua: 'Avenida Afonso Pena', numero: '1200', bairro: 'Centro', cidade: 'Belo Horizonte', uf: 'MG', plano: '500 Mega',
  }),
  // One person, two contracts: a search by CPF or code finds both ('Mais de um resultado encontrado').
  fixed({
    sistema: 'BITCOM', cod_cliente: '1002', codpessoa: '1002', nome_razaosocial: 'João Pedro Santos', cpf: demoCpf('222555888'), data_nascimento: '1990-07-20',
    data_contratacao: '2019-02-10', data_ativacao: '2019-02-12', celular: '(31) 98765-1111', cidade: 'Contagem', uf: 'MG', bairro: 'Eldorado', plano: '300 Mega',
  }),
  fixed({
    sistema: 'BITCOM', cod_cliente: '1003', codpessoa: '1002', nome_razaosocial: 'João Pedro Santos', cpf: demoCpf('222555888'), data_nascimento: '1990-07-20',
    data_contratacao: '2023-09-05', data_ativacao: '2023-09-06', celular: '(31) 98765-1111', cidade: 'Contagem', uf: 'MG', bairro: 'Eldorado', plano: '1 Giga',
    situacao: 'cancelado', dias_atraso: 75,
  }),
  fixed({
    sistema: 'RAZAOINFO', cod_cliente: '2001', nome_razaosocial: 'Ana Beatriz Oliveira', cpf: demoCpf('333666999'), data_nascimento: '1978-11-02',
    data_contratacao: '2020-01-15', data_ativacao: '2020-01-16', celular: '(11) 97654-3210', email: 'ana.beatriz@hotmail.com', cep: '01310-100',
    rua: 'Avenida Paulista', numero: '900', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', plano: '600 Mega', situacao: 'suspenso', dias_atraso: 45,
  }),
  fixed({
    sistema: 'VETORIAL', cod_cliente: '3001', nome_razaosocial: 'Comércio de Alimentos Vetorial Ltda', cnpj: demoCnpj('112223330001'),
    data_contratacao: '2022-04-04', data_ativacao: '2022-04-08', telefone: '(41) 3333-2020', celular: '(41) 99911-2233', email: 'financeiro@alimentosvetorial.com.br',
    cep: '80010-000', rua: 'Rua XV de Novembro', numero: '500', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR', plano: 'Empresarial 500 Mega',
  }),
  fixed({
    sistema: 'VETORIAL', cod_cliente: '3002', nome_razaosocial: 'Carlos Eduardo Pereira', cpf: demoCpf('444777000'), data_nascimento: '1995-12-25',
    data_contratacao: '2024-08-19', data_ativacao: '2024-08-20', celular: '(43) 99123-4567', email: 'carlos.pereira@outlook.com', cep: '86010-000',
    rua: 'Avenida Higienópolis', numero: '77', bairro: 'Centro', cidade: 'Londrina', uf: 'PR', plano: '300 Mega', dias_atraso: 10,
  }),
];

/** Generated customers per demo system (three systems: ~3,000 in all). */
export const DEMO_CUSTOMERS_PER_SYSTEM = 1000;

const COLUMNS = CUSTOMER_COLUMN_TYPES;

/**
 * Creates the demo systems and customers that are missing (by system name, and by system and
 * customer code): safe on every start. Providers that do not exist are skipped.
 */
export async function seedCustomers(db: Queryable, log: (msg: string) => void = () => {}) {
  const { rows: systems } = await db.query<{ nome: string; id_empresa: number }>(
    `INSERT INTO relacionamento.sistema (nome, id_empresa, erp)
     SELECT v.nome, e.id, v.erp FROM unnest($1::text[], $2::text[], $3::text[]) AS v(provider, nome, erp)
       JOIN rh.empresa e ON e.nome = v.provider
     ON CONFLICT ((upper(nome))) DO NOTHING
     RETURNING nome, id_empresa`,
    [DEMO_SYSTEMS.map((s) => s.provider), DEMO_SYSTEMS.map((s) => s.nome), DEMO_SYSTEMS.map((s) => s.erp)],
  );
  const { rows: present } = await db.query<{ nome: string; id_empresa: number }>(
    'SELECT nome, id_empresa FROM relacionamento.sistema WHERE nome = ANY($1::text[])',
    [DEMO_SYSTEMS.map((s) => s.nome)],
  );
  const providerOf = new Map(present.map((s) => [s.nome, s.id_empresa]));
  const customers: (NewCustomer & { id_empresa: number })[] = [];
  for (const c of fixedCustomers()) if (providerOf.has(c.sistema)) customers.push({ ...c, id_empresa: providerOf.get(c.sistema)! });
  for (const [i, { nome }] of DEMO_SYSTEMS.entries()) {
    if (!providerOf.has(nome)) continue;
    const rng = prng(20_260_000 + i);
    for (let k = 0; k < DEMO_CUSTOMERS_PER_SYSTEM; k++) customers.push({ ...generatedCustomer(nome, k, rng), id_empresa: providerOf.get(nome)! });
  }
  if (!customers.length) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO relacionamento.dados_pessoas (${COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})
     ON CONFLICT (sistema, cod_cliente) DO NOTHING`,
    COLUMNS.map(([c]) => customers.map((row) => row[c])),
  );
  if (systems.length || rowCount) log(`clientes de demonstração: ${systems.length} sistema(s) e ${rowCount} cliente(s) criados`);
  return rowCount;
}
