// The HR reports (issue 18, the HR home's Relatórios cards; /reports/... on screen), each a definition
// read by one runner (service.ts): its filters, its columns, the SQL of its rows, its totals and its
// chart. Every query reads the employees (rh.funcionario) with the user's name, the employee
// profile's gender and birth date, and the names of provider, department, position and work city,
// within the caller's providers. Ages and years in the company are whole years of 365.25 days
// (src/domain/age.ts), counted to today in São Paulo; "active" is an employee marked active and not
// dismissed (no data_desligamento).
import { DISMISSAL_TYPES, GENDERS, yearRange, type FilterName, type Filters } from './filters.js';
import { MONTH_NAMES } from '../../domain/format.js';

export type ColumnType = 'texto' | 'data' | 'inteiro' | 'decimal' | 'moeda';

export interface Column {
  campo: string;
  titulo: string;
  tipo: ColumnType;
}

/** A chart of the report: bars (vertical or horizontal), a pie, or the mirrored bars of the age pyramid. */
export type Chart =
  | { tipo: 'barras'; titulo: string; categorias: string[]; series: { rotulo: string; dados: number[] }[]; horizontal?: boolean }
  | { tipo: 'pizza'; titulo: string; fatias: { rotulo: string; valor: number }[] }
  | { tipo: 'piramide'; titulo: string; categorias: string[]; series: { rotulo: string; dados: number[] }[] };

export interface Total {
  rotulo: string;
  valor: number;
  /** 'decimal': a mean (one decimal); 'moeda': reais (R$ 1.234,56). */
  tipo?: 'inteiro' | 'decimal' | 'moeda';
}

/** What a definition's SQL is built with: the filters (defaults applied), today, and the parameter list. */
export interface QueryContext {
  filters: Filters;
  today: string;
  /** Adds a parameter and answers its placeholder ($n). */
  param: (value: unknown) => string;
  /** The common conditions: the caller's providers, the provider and department filters (on f). */
  scope: string;
  /** The caller's providers alone, on another column ('true' for the superadmin). */
  inProviders: (column: string) => string;
}

export interface ReportDef {
  key: string;
  titulo: string;
  filtros: FilterName[];
  /** A line under the title, from one row { subtitulo } (the news item of its readers' list). */
  subtitle?: (c: QueryContext) => string;
  /** Filters the report cannot run without (400 'Campo obrigatório' on it). */
  requires?: FilterName[];
  /**
   * Where the scope's provider and department conditions apply, when the rows are not employees
   * (default: f.id_empresa and f.id_departamento): the news reports' item provider.
   */
  scopeOn?: { provider: string; department: string };
  colunas: Column[];
  /** Default sort column and direction. */
  ordem: [string, 'asc' | 'desc'];
  /**
   * The rows are few next to the employees (a month's birthdays, the dismissals, the relatives): they
   * are found first and then sorted, rather than by walking the employees in the sort's order.
   */
  fence?: boolean;
  /** A column sorted by another of the rows (the age band by its first age). */
  sortAs?: Record<string, string>;
  /** The filters' defaults (in São Paulo's calendar). */
  defaults?: (today: { year: number; month: number; today: string }) => Filters;
  /** The rows: a SELECT whose columns are the report's campos plus `chave` (a unique key, the tie-break). */
  rows: (c: QueryContext) => string;
  /** The figure of totalsSql that is the number of rows (else the rows are counted apart). */
  countFrom?: string;
  /** One row of figures; `totais` names them. */
  totalsSql?: (c: QueryContext) => string;
  totais?: (row: Record<string, unknown>) => Total[];
  chart?: { sql: (c: QueryContext) => string; build: (rows: Record<string, any>[], c: QueryContext) => Chart };
  /**
   * A summary (a few rows of counts): every row is read in one query, and the totals and the chart
   * come from them; sorting and paging are done on them.
   */
  summary?: { totais: (rows: Record<string, any>[]) => Total[]; chart?: (rows: Record<string, any>[]) => Chart };
}

/** Employees with their names and places (the aliases every report uses). */
const EMPLOYEES = `rh.funcionario f
  JOIN auth.usuario u ON u.id = f.id_usuario
  LEFT JOIN rh.perfil_funcionario p ON p.id_usuario = f.id_usuario
  JOIN rh.empresa e ON e.id = f.id_empresa
  JOIN rh.departamento d ON d.id = f.id_departamento
  LEFT JOIN rh.cargo c ON c.id = f.id_cargo
  LEFT JOIN rh.cidade_provedor ci ON ci.id = f.id_cidade`;

/** Employees with the provider only (the figures that need no names). */
const EMPLOYEES_BARE = `rh.funcionario f LEFT JOIN rh.perfil_funcionario p ON p.id_usuario = f.id_usuario`;

const ACTIVE = 'f.ativo AND f.data_desligamento IS NULL';
// float8: exact at every whole number of 365.25-day years (365.25 is a binary fraction), and fast.
const years = (from: string, to: string) => `floor((${to} - ${from})::float8 / 365.25)::int`;
const decimalYears = (from: string, to: string) => `(floor((${to} - ${from})::float8 / 365.25 * 10) / 10)::float8`;
const sqlLabels = (field: string, labels: Record<string, string>) =>
  `CASE ${field} ${Object.entries(labels)
    .map(([k, v]) => `WHEN '${k}' THEN '${v.replace(/'/g, "''")}'`)
    .join(' ')} END`;
const CONTRACTS: Record<string, string> = { clt: 'CLT', pj: 'PJ', estagio: 'Estágio', aprendiz: 'Jovem aprendiz', temporario: 'Temporário' };
const MONTHS = MONTH_NAMES;

const n = (v: unknown) => Number(v ?? 0);
const sum = (rows: Record<string, unknown>[], field: string) => rows.reduce((acc, r) => acc + n(r[field]), 0);
const col = (campo: string, titulo: string, tipo: ColumnType = 'texto'): Column => ({ campo, titulo, tipo });
const PLACE = [col('provedor', 'Provedor'), col('departamento', 'Departamento'), col('cargo', 'Cargo')];
const PLACE_SQL = `e.nome AS provedor, d.nome AS departamento, c.nome AS cargo`;
const WHO = `f.id AS chave, u.nome AS nome`;

/** Admission period: the year by default. */
const periodOfYear = ({ year }: { year: number }): Filters => yearRange(year);

/** Counts by gender as columns (M, F, O, none). */
const GENDER_COUNTS = `count(*) FILTER (WHERE p.genero = 'M')::int AS masculino,
  count(*) FILTER (WHERE p.genero = 'F')::int AS feminino,
  count(*) FILTER (WHERE p.genero = 'O')::int AS outro,
  count(*) FILTER (WHERE p.genero IS NULL)::int AS nao_informado,
  count(*)::int AS total`;
const GENDER_COLUMNS = [col('masculino', 'Masculino', 'inteiro'), col('feminino', 'Feminino', 'inteiro'), col('outro', 'Outro', 'inteiro'), col('nao_informado', 'Não informado', 'inteiro'), col('total', 'Total', 'inteiro')];
const genderTotals = (r: Record<string, unknown>): Total[] => [
  { rotulo: 'Funcionários', valor: n(r.total) },
  { rotulo: 'Masculino', valor: n(r.masculino) },
  { rotulo: 'Feminino', valor: n(r.feminino) },
  { rotulo: 'Outro', valor: n(r.outro) },
  { rotulo: 'Não informado', valor: n(r.nao_informado) },
];

export const REPORTS: ReportDef[] = [
  {
    key: 'birthday',
    titulo: 'Aniversariantes',
    filtros: ['id_empresa', 'id_departamento', 'mes'],
    defaults: ({ month }) => ({ mes: month }),
    colunas: [col('dia', 'Dia', 'inteiro'), col('nome', 'Nome'), ...PLACE, col('data_nascimento', 'Nascimento', 'data'), col('idade', 'Idade', 'inteiro')],
    ordem: ['dia', 'asc'],
    rows: (c) => `SELECT ${WHO}, extract(day FROM p.data_nascimento)::int AS dia, ${PLACE_SQL}, p.data_nascimento,
        ${years('p.data_nascimento', c.param(c.today) + '::date')} AS idade
      FROM ${EMPLOYEES}
      WHERE ${c.scope} AND ${ACTIVE} AND extract(month FROM p.data_nascimento) = ${c.param(c.filters.mes)}`,
    fence: true,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total,
        count(*) FILTER (WHERE extract(day FROM p.data_nascimento) = extract(day FROM ${c.param(c.today)}::date) AND extract(month FROM p.data_nascimento) = extract(month FROM ${c.param(c.today)}::date))::int AS hoje
      FROM ${EMPLOYEES_BARE} WHERE ${c.scope} AND ${ACTIVE} AND extract(month FROM p.data_nascimento) = ${c.param(c.filters.mes)}`,
    totais: (r) => [
      { rotulo: 'Aniversariantes do mês', valor: n(r.total) },
      { rotulo: 'Aniversariantes hoje', valor: n(r.hoje) },
    ],
  },
  {
    key: 'list-admission',
    titulo: 'Admissões',
    filtros: ['id_empresa', 'id_departamento', 'inicio', 'fim'],
    defaults: periodOfYear,
    colunas: [col('nome', 'Nome'), col('matricula', 'Matrícula'), ...PLACE, col('cidade', 'Cidade'), col('tipo_contrato', 'Contrato'), col('data_admissao', 'Admissão', 'data')],
    ordem: ['data_admissao', 'desc'],
    rows: (c) => `SELECT ${WHO}, f.matricula, ${PLACE_SQL}, ci.nome AS cidade, ${sqlLabels('f.tipo_contrato', CONTRACTS)} AS tipo_contrato, f.data_admissao
      FROM ${EMPLOYEES}
      WHERE ${c.scope} AND f.data_admissao BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date`,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${ACTIVE})::int AS ativos
      FROM rh.funcionario f WHERE ${c.scope} AND f.data_admissao BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date`,
    totais: (r) => [
      { rotulo: 'Admissões no período', valor: n(r.total) },
      { rotulo: 'Ainda ativos', valor: n(r.ativos) },
    ],
    chart: {
      sql: (c) => `SELECT to_char(f.data_admissao, 'YYYY-MM') AS mes, count(*)::int AS total
        FROM rh.funcionario f WHERE ${c.scope} AND f.data_admissao BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date
        GROUP BY 1 ORDER BY 1`,
      build: (rows) => ({
        tipo: 'barras',
        titulo: 'Admissões por mês',
        categorias: rows.map((r) => `${MONTHS[Number(String(r.mes).slice(5, 7)) - 1].slice(0, 3)}/${String(r.mes).slice(0, 4)}`),
        series: [{ rotulo: 'Admissões', dados: rows.map((r) => n(r.total)) }],
      }),
    },
  },
  {
    key: 'list-dismiss',
    titulo: 'Desligamentos',
    filtros: ['id_empresa', 'id_departamento', 'inicio', 'fim', 'tipo'],
    defaults: periodOfYear,
    colunas: [
      col('nome', 'Nome'),
      ...PLACE,
      col('data_admissao', 'Admissão', 'data'),
      col('data_desligamento', 'Desligamento', 'data'),
      col('tipo', 'Tipo'),
      col('aviso_previo', 'Aviso prévio'),
      col('status', 'Situação'),
      col('tempo_empresa', 'Tempo de empresa (anos)', 'decimal'),
      col('recontratavel', 'Recontratável'),
    ],
    ordem: ['data_desligamento', 'desc'],
    rows: (c) => `SELECT x.id AS chave, u.nome AS nome, ${PLACE_SQL}, f.data_admissao, x.data_desligamento,
        ${sqlLabels('x.tipo', DISMISSAL_TYPES)} AS tipo,
        ${sqlLabels('x.aviso_previo', { trabalhado: 'Trabalhado', indenizado: 'Indenizado', dispensado: 'Dispensado' })} AS aviso_previo,
        ${sqlLabels('x.status', { solicitado: 'Solicitado', aprovado: 'Aprovado', concluido: 'Concluído' })} AS status,
        ${decimalYears('f.data_admissao', 'x.data_desligamento')} AS tempo_empresa,
        CASE WHEN x.recontratavel THEN 'Sim' ELSE 'Não' END AS recontratavel
      FROM rh.desligamento x JOIN ${EMPLOYEES} ON f.id = x.id_funcionario
      WHERE ${dismissWhere(c)}`,
    fence: true,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, count(*) FILTER (WHERE x.status = 'concluido')::int AS concluidos,
        count(*) FILTER (WHERE x.tipo = 'pedido_demissao')::int AS pedidos,
        coalesce(round(avg((x.data_desligamento - f.data_admissao)::numeric / 365.25), 1), 0)::float8 AS media
      FROM rh.desligamento x JOIN rh.funcionario f ON f.id = x.id_funcionario WHERE ${dismissWhere(c)}`,
    totais: (r) => [
      { rotulo: 'Desligamentos', valor: n(r.total) },
      { rotulo: 'Concluídos', valor: n(r.concluidos) },
      { rotulo: 'Pedidos de demissão', valor: n(r.pedidos) },
      { rotulo: 'Tempo médio de empresa (anos)', valor: n(r.media), tipo: 'decimal' },
    ],
    chart: {
      sql: (c) => `SELECT x.tipo, count(*)::int AS total FROM rh.desligamento x JOIN rh.funcionario f ON f.id = x.id_funcionario
        WHERE ${dismissWhere(c)} GROUP BY 1 ORDER BY 2 DESC, 1`,
      build: (rows) => ({
        tipo: 'barras',
        titulo: 'Desligamentos por tipo',
        horizontal: true,
        categorias: rows.map((r) => DISMISSAL_TYPES[r.tipo] ?? String(r.tipo)),
        series: [{ rotulo: 'Desligamentos', dados: rows.map((r) => n(r.total)) }],
      }),
    },
  },
  {
    key: 'provider-city',
    titulo: 'Provedor por Cidade',
    filtros: ['id_empresa', 'id_departamento'],
    colunas: [col('provedor', 'Provedor'), col('cidade', 'Cidade'), col('uf', 'UF'), col('funcionarios', 'Funcionários', 'inteiro')],
    ordem: ['provedor', 'asc'],
    rows: (c) => `SELECT g.id_empresa::text || '-' || coalesce(g.id_cidade::text, '') AS chave, e.nome AS provedor, ci.nome AS cidade, ci.uf, g.funcionarios
      FROM (SELECT f.id_empresa, f.id_cidade, count(*)::int AS funcionarios FROM rh.funcionario f
             WHERE ${c.scope} AND ${ACTIVE} GROUP BY 1, 2) g
      JOIN rh.empresa e ON e.id = g.id_empresa LEFT JOIN rh.cidade_provedor ci ON ci.id = g.id_cidade`,
    summary: {
      totais: (rows) => [
        { rotulo: 'Funcionários ativos', valor: sum(rows, 'funcionarios') },
        { rotulo: 'Provedores', valor: new Set(rows.map((r) => r.provedor)).size },
        { rotulo: 'Cidades', valor: rows.filter((r) => r.cidade !== null).length },
      ],
      chart: (rows) => {
        const top = [...rows].sort((a, b) => n(b.funcionarios) - n(a.funcionarios)).slice(0, 30);
        return {
          tipo: 'barras',
          titulo: 'Funcionários por cidade',
          horizontal: true,
          categorias: top.map((r) => `${r.cidade === null ? 'Não informado' : `${r.cidade}/${r.uf}`} (${r.provedor})`),
          series: [{ rotulo: 'Funcionários', dados: top.map((r) => n(r.funcionarios)) }],
        };
      },
    },
  },
  {
    key: 'company-anniversary',
    titulo: 'Tempo de Empresa',
    filtros: ['id_empresa', 'id_departamento', 'mes', 'ano'],
    defaults: ({ month, year }) => ({ mes: month, ano: year }),
    colunas: [col('dia', 'Dia', 'inteiro'), col('nome', 'Nome'), ...PLACE, col('data_admissao', 'Admissão', 'data'), col('anos', 'Anos de empresa', 'inteiro')],
    ordem: ['dia', 'asc'],
    rows: (c) => `SELECT ${WHO}, extract(day FROM f.data_admissao)::int AS dia, ${PLACE_SQL}, f.data_admissao,
        (${c.param(c.filters.ano)}::int - extract(year FROM f.data_admissao)::int) AS anos
      FROM ${EMPLOYEES} WHERE ${anniversaryWhere(c)}`,
    fence: true,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, coalesce(max(${c.param(c.filters.ano)}::int - extract(year FROM f.data_admissao)::int), 0)::int AS maior
      FROM rh.funcionario f WHERE ${anniversaryWhere(c)}`,
    totais: (r) => [
      { rotulo: 'Aniversários de empresa', valor: n(r.total) },
      { rotulo: 'Maior tempo (anos)', valor: n(r.maior) },
    ],
    chart: {
      sql: (c) => `SELECT (${c.param(c.filters.ano)}::int - extract(year FROM f.data_admissao)::int) AS anos, count(*)::int AS total
        FROM rh.funcionario f WHERE ${anniversaryWhere(c)} GROUP BY 1 ORDER BY 1`,
      build: (rows) => ({
        tipo: 'barras',
        titulo: 'Funcionários por anos de empresa completados',
        categorias: rows.map((r) => (n(r.anos) === 1 ? '1 ano' : `${r.anos} anos`)),
        series: [{ rotulo: 'Funcionários', dados: rows.map((r) => n(r.total)) }],
      }),
    },
  },
  {
    key: 'family-list',
    titulo: 'Familiares',
    filtros: ['id_empresa', 'id_departamento'],
    colunas: [col('nome', 'Nome'), ...PLACE, col('familiares', 'Familiares no grupo'), col('quantidade', 'Quantidade', 'inteiro'), col('observacao', 'Observação')],
    ordem: ['nome', 'asc'],
    rows: (c) => `SELECT ${WHO}, ${PLACE_SQL}, array_to_string(fa.familiares, ', ') AS familiares, cardinality(fa.familiares) AS quantidade, fa.observacao
      FROM rh.familiar fa JOIN ${EMPLOYEES} ON f.id = fa.id_funcionario
      WHERE ${c.scope} AND ${ACTIVE} AND fa.tem_familiar`,
    fence: true,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, coalesce(sum(cardinality(fa.familiares)), 0)::int AS familiares
      FROM rh.familiar fa JOIN rh.funcionario f ON f.id = fa.id_funcionario WHERE ${c.scope} AND ${ACTIVE} AND fa.tem_familiar`,
    totais: (r) => [
      { rotulo: 'Funcionários com familiares', valor: n(r.total) },
      { rotulo: 'Familiares citados', valor: n(r.familiares) },
    ],
  },
  {
    key: 'list-general',
    titulo: 'Geral',
    filtros: ['id_empresa', 'id_departamento', 'situacao', 'inicio', 'fim', 'genero'],
    defaults: () => ({ situacao: 'ativos' }),
    colunas: [
      col('nome', 'Nome'),
      col('email', 'E-mail'),
      col('matricula', 'Matrícula'),
      ...PLACE,
      col('cidade', 'Cidade'),
      col('tipo_contrato', 'Contrato'),
      col('genero', 'Gênero'),
      col('data_nascimento', 'Nascimento', 'data'),
      col('idade', 'Idade', 'inteiro'),
      col('data_admissao', 'Admissão', 'data'),
      col('tempo_empresa', 'Tempo de empresa (anos)', 'decimal'),
      col('data_desligamento', 'Desligamento', 'data'),
      col('situacao', 'Situação'),
    ],
    ordem: ['nome', 'asc'],
    rows: (c) => `SELECT ${WHO}, u.email, f.matricula, ${PLACE_SQL}, ci.nome AS cidade, ${sqlLabels('f.tipo_contrato', CONTRACTS)} AS tipo_contrato,
        ${sqlLabels('p.genero', GENDERS)} AS genero, p.data_nascimento, ${years('p.data_nascimento', c.param(c.today) + '::date')} AS idade,
        f.data_admissao, ${decimalYears('f.data_admissao', `coalesce(f.data_desligamento, ${c.param(c.today)}::date)`)} AS tempo_empresa,
        f.data_desligamento, CASE WHEN ${ACTIVE} THEN 'Ativo' ELSE 'Inativo' END AS situacao
      FROM ${EMPLOYEES} WHERE ${generalWhere(c)}`,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${ACTIVE})::int AS ativos, count(*) FILTER (WHERE NOT (${ACTIVE}))::int AS inativos
      FROM ${EMPLOYEES_BARE} WHERE ${generalWhere(c)}`,
    totais: (r) => [
      { rotulo: 'Funcionários', valor: n(r.total) },
      { rotulo: 'Ativos', valor: n(r.ativos) },
      { rotulo: 'Inativos', valor: n(r.inativos) },
    ],
  },
  {
    key: 'pyramid-list',
    titulo: 'Pirâmide Etária',
    filtros: ['id_empresa', 'id_departamento'],
    colunas: [col('faixa', 'Faixa etária'), ...GENDER_COLUMNS],
    ordem: ['faixa', 'desc'],
    sortAs: { faixa: 'ordem_faixa' },
    rows: (c) => `SELECT coalesce(b.inicio::text, 'sem') AS chave, b.inicio AS ordem_faixa,
        CASE WHEN b.inicio IS NULL THEN 'Não informado' ELSE b.inicio || ' a ' || (b.inicio + 4) END AS faixa,
        b.masculino, b.feminino, b.outro, b.nao_informado, b.total, b.soma_idades
      FROM (SELECT (floor(a.idade / 5.0) * 5)::int AS inicio,
                   coalesce(sum(a.n) FILTER (WHERE a.genero = 'M'), 0)::int AS masculino, coalesce(sum(a.n) FILTER (WHERE a.genero = 'F'), 0)::int AS feminino,
                   coalesce(sum(a.n) FILTER (WHERE a.genero = 'O'), 0)::int AS outro, coalesce(sum(a.n) FILTER (WHERE a.genero IS NULL), 0)::int AS nao_informado,
                   sum(a.n)::int AS total, coalesce(sum(a.idade * a.n), 0)::int AS soma_idades
              FROM (SELECT g.genero, ${years('g.data_nascimento', c.param(c.today) + '::date')} AS idade, g.n
                      FROM (SELECT p.genero, p.data_nascimento, count(*) AS n FROM ${EMPLOYEES_BARE} WHERE ${c.scope} AND ${ACTIVE} GROUP BY 1, 2) g) a
             GROUP BY 1) b`,
    summary: {
      totais: (rows) => {
        const withAge = rows.filter((r) => r.ordem_faixa !== null);
        const people = sum(withAge, 'total');
        return [
          ...genderTotals(Object.fromEntries(['total', 'masculino', 'feminino', 'outro', 'nao_informado'].map((k) => [k, sum(rows, k)]))),
          { rotulo: 'Idade média', valor: people ? Math.round((sum(withAge, 'soma_idades') / people) * 10) / 10 : 0, tipo: 'decimal' },
        ];
      },
      chart: (rows) => {
        const bands = rows.filter((r) => r.ordem_faixa !== null).sort((a, b) => n(a.ordem_faixa) - n(b.ordem_faixa));
        return {
          tipo: 'piramide',
          titulo: 'Pirâmide etária por gênero',
          categorias: bands.map((r) => String(r.faixa)),
          series: [
            { rotulo: 'Masculino', dados: bands.map((r) => n(r.masculino)) },
            { rotulo: 'Feminino', dados: bands.map((r) => n(r.feminino)) },
          ],
        };
      },
    },
  },
  {
    key: 'list-gender',
    titulo: 'Gênero',
    filtros: ['id_empresa', 'id_departamento'],
    colunas: [col('provedor', 'Provedor'), col('departamento', 'Departamento'), ...GENDER_COLUMNS],
    ordem: ['provedor', 'asc'],
    rows: (c) => `SELECT g.id_departamento::text AS chave, e.nome AS provedor, d.nome AS departamento, g.masculino, g.feminino, g.outro, g.nao_informado, g.total
      FROM (SELECT f.id_empresa, f.id_departamento, ${GENDER_COUNTS} FROM ${EMPLOYEES_BARE} WHERE ${c.scope} AND ${ACTIVE} GROUP BY 1, 2) g
      JOIN rh.empresa e ON e.id = g.id_empresa JOIN rh.departamento d ON d.id = g.id_departamento`,
    summary: {
      totais: (rows) => genderTotals(Object.fromEntries(['total', 'masculino', 'feminino', 'outro', 'nao_informado'].map((k) => [k, sum(rows, k)]))),
      chart: (rows) => ({
        tipo: 'pizza',
        titulo: 'Funcionários por gênero',
        fatias: [
          { rotulo: 'Não informado', valor: sum(rows, 'nao_informado') },
          { rotulo: 'Feminino', valor: sum(rows, 'feminino') },
          { rotulo: 'Masculino', valor: sum(rows, 'masculino') },
          { rotulo: 'Outro', valor: sum(rows, 'outro') },
        ].filter((f) => f.valor > 0),
      }),
    },
  },
  {
    // The fleet's workshop visits (schemas/frota/vehicle-maintenance.json) entered in the period, where
    // the vehicle belongs: its provider and department. Days stopped: from entry to exit (to today
    // while the vehicle is still in the workshop).
    key: 'car-repair',
    titulo: 'Conserto de veículos',
    filtros: ['id_empresa', 'id_departamento', 'inicio', 'fim'],
    scopeOn: { provider: 'v.id_empresa', department: 'v.id_departamento' },
    defaults: periodOfYear,
    colunas: [
      col('placa', 'Placa'),
      col('veiculo', 'Veículo'),
      col('provedor', 'Provedor'),
      col('tipo', 'Tipo'),
      col('oficina', 'Oficina'),
      col('data_entrada', 'Entrada', 'data'),
      col('data_saida', 'Saída', 'data'),
      col('dias_parado', 'Dias parado', 'inteiro'),
      col('valor', 'Valor', 'moeda'),
    ],
    ordem: ['data_entrada', 'desc'],
    fence: true,
    rows: (c) => `SELECT m.id AS chave, v.placa, v.marca || ' ' || v.modelo AS veiculo, e.nome AS provedor,
        ${sqlLabels('m.tipo', { preventiva: 'Preventiva', corretiva: 'Corretiva' })} AS tipo, m.oficina, m.data_entrada, m.data_saida,
        ${stoppedDays(c)} AS dias_parado, m.valor::float8 AS valor
      FROM frota.manutencao m JOIN frota.veiculo v ON v.id = m.id_veiculo JOIN rh.empresa e ON e.id = v.id_empresa
      WHERE ${repairWhere(c)}`,
    countFrom: 'total',
    totalsSql: (c) => `SELECT count(*)::int AS total, count(DISTINCT m.id_veiculo)::int AS veiculos,
        coalesce(sum(m.valor), 0)::float8 AS custo, coalesce(round(avg(${stoppedDays(c)}), 1), 0)::float8 AS media
      FROM frota.manutencao m JOIN frota.veiculo v ON v.id = m.id_veiculo WHERE ${repairWhere(c)}`,
    totais: (r) => [
      { rotulo: 'Consertos', valor: n(r.total) },
      { rotulo: 'Veículos', valor: n(r.veiculos) },
      { rotulo: 'Custo total', valor: n(r.custo), tipo: 'moeda' },
      { rotulo: 'Média de dias parado', valor: n(r.media), tipo: 'decimal' },
    ],
    chart: {
      sql: (c) => `SELECT to_char(m.data_entrada, 'YYYY-MM') AS mes, coalesce(sum(m.valor), 0)::float8 AS custo
        FROM frota.manutencao m JOIN frota.veiculo v ON v.id = m.id_veiculo WHERE ${repairWhere(c)}
        GROUP BY 1 ORDER BY 1`,
      build: (rows) => ({
        tipo: 'barras',
        titulo: 'Custo dos consertos por mês (R$)',
        categorias: rows.map((r) => `${MONTHS[Number(String(r.mes).slice(5, 7)) - 1].slice(0, 3)}/${String(r.mes).slice(0, 4)}`),
        series: [{ rotulo: 'Custo (R$)', dados: rows.map((r) => n(r.custo)) }],
      }),
    },
  },
  {
    // Must-read news items (news module, requer_lido) and how much of their audience confirmed them.
    key: 'read-confirm',
    titulo: 'Confirmação de leitura',
    filtros: ['id_empresa', 'id_departamento', 'inicio', 'fim'],
    scopeOn: { provider: 'n.provedor', department: 'n.departamento' },
    colunas: [
      col('titulo', 'Novidade'),
      col('provedor', 'Provedor'),
      col('categoria', 'Categoria'),
      col('departamento', 'Departamento'),
      col('publicada_em', 'Publicada em', 'data'),
      col('publico', 'Público', 'inteiro'),
      col('lidos', 'Leram', 'inteiro'),
      col('pendentes', 'Não leram', 'inteiro'),
      col('percentual', '% de leitura', 'decimal'),
    ],
    ordem: ['publicada_em', 'desc'],
    defaults: periodOfYear,
    // The audience is the view rh.novidade_publico's (the bell's too).
    rows: (c) => `SELECT n.id AS chave, n.titulo, e.nome AS provedor, cat.titulo AS categoria, d.nome AS departamento,
             (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS publicada_em,
             pub.n AS publico, rd.n AS lidos, greatest(pub.n - rd.n, 0) AS pendentes,
             CASE WHEN pub.n > 0 THEN least(100, round(1000.0 * rd.n / pub.n) / 10)::float8 ELSE 0 END AS percentual
        FROM rh.novidade n
        JOIN rh.empresa e ON e.id = n.provedor
        LEFT JOIN rh.categoria cat ON cat.id = n.categoria
        LEFT JOIN rh.departamento d ON d.id = n.departamento
        CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM rh.novidade_publico a WHERE a.id_novidade = n.id) pub
        CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM rh.novidade_leitura l WHERE l.id_novidade = n.id) rd
       WHERE n.requer_lido AND ${c.scope}
         AND (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date`,
    summary: {
      totais: (rows) => {
        const audience = sum(rows, 'publico');
        const read = sum(rows, 'lidos');
        return [
          { rotulo: 'Novidades', valor: rows.length },
          { rotulo: 'Público', valor: audience },
          { rotulo: 'Leram', valor: read },
          { rotulo: 'Não leram', valor: sum(rows, 'pendentes') },
          { rotulo: '% de leitura', valor: audience ? Math.round((1000 * read) / audience) / 10 : 0, tipo: 'decimal' },
        ];
      },
      chart: (rows) => {
        const recent = [...rows].sort((a, b) => String(b.publicada_em).localeCompare(String(a.publicada_em)) || n(b.chave) - n(a.chave)).slice(0, 10).reverse();
        return {
          tipo: 'barras',
          titulo: 'Leituras das novidades mais recentes',
          horizontal: true,
          categorias: recent.map((r) => String(r.titulo)),
          series: [
            { rotulo: 'Leram', dados: recent.map((r) => n(r.lidos)) },
            { rotulo: 'Não leram', dados: recent.map((r) => n(r.pendentes)) },
          ],
        };
      },
    },
  },
  {
    // One must-read item's audience (rh.novidade_publico: active users of its provider, and of its
    // department when it has one, as the news announce it) and the readers, with when each confirmed.
    key: 'read-confirm-list',
    titulo: 'Leituras da novidade',
    filtros: ['novidade', 'id_departamento', 'leitura'],
    requires: ['novidade'],
    scopeOn: { provider: 'i.provedor', department: 'g.id_departamento' },
    colunas: [col('nome', 'Nome'), col('email', 'E-mail'), col('departamento', 'Departamento'), col('situacao', 'Situação'), col('lido_em', 'Lido em')],
    ordem: ['nome', 'asc'],
    sortAs: { lido_em: 'lido_em_ordem' },
    rows: (c) => `WITH i AS (SELECT n.id, n.provedor, n.departamento FROM rh.novidade n WHERE n.id = ${c.param(c.filters.novidade)}),
      people AS (
        SELECT a.id_usuario AS id FROM i JOIN rh.novidade_publico a ON a.id_novidade = i.id
        UNION
        SELECT l.id_usuario FROM i JOIN rh.novidade_leitura l ON l.id_novidade = i.id),
      g AS (
        SELECT u.id, u.nome, u.email, s.id_departamento
          FROM people pe JOIN auth.usuario u ON u.id = pe.id
          LEFT JOIN rh.cargo c ON c.id = u.id_cargo LEFT JOIN rh.setor s ON s.id = c.id_setor)
      SELECT g.id AS chave, g.nome, g.email, d.nome AS departamento,
             CASE WHEN l.id IS NULL THEN 'Não leu' ELSE 'Leu' END AS situacao,
             to_char(l.lido_em AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI') AS lido_em, l.lido_em AS lido_em_ordem,
             (l.id IS NOT NULL) AS leu
        FROM i CROSS JOIN g
        LEFT JOIN rh.novidade_leitura l ON l.id_novidade = i.id AND l.id_usuario = g.id
        LEFT JOIN rh.departamento d ON d.id = g.id_departamento
       WHERE ${c.scope}${c.filters.leitura === 'lidos' ? ' AND l.id IS NOT NULL' : c.filters.leitura === 'pendentes' ? ' AND l.id IS NULL' : ''}`,
    totalsSql: (c) => `SELECT count(*)::int AS publico, count(*) FILTER (WHERE r.leu)::int AS lidos FROM (${REPORT_BY_KEY.get('read-confirm-list')!.rows(c)}) r`,
    countFrom: 'publico',
    totais: (r) => [
      { rotulo: 'Pessoas', valor: n(r.publico) },
      { rotulo: 'Leram', valor: n(r.lidos) },
      { rotulo: 'Não leram', valor: n(r.publico) - n(r.lidos) },
      { rotulo: '% de leitura', valor: n(r.publico) ? Math.round((1000 * n(r.lidos)) / n(r.publico)) / 10 : 0, tipo: 'decimal' },
    ],
    chart: {
      sql: (c) => `SELECT r.situacao, count(*)::int AS n FROM (${REPORT_BY_KEY.get('read-confirm-list')!.rows(c)}) r GROUP BY 1`,
      build: (rows) => ({ tipo: 'pizza', titulo: 'Confirmação de leitura', fatias: rows.map((r) => ({ rotulo: String(r.situacao), valor: n(r.n) })) }),
    },
    subtitle: (c) => `SELECT n.titulo AS subtitulo FROM rh.novidade n WHERE n.id = ${c.param(c.filters.novidade)} AND ${c.inProviders('n.provedor')}`,
  },
];

function dismissWhere(c: QueryContext) {
  const type = c.filters.tipo ? ` AND x.tipo = ${c.param(c.filters.tipo)}` : '';
  return `${c.scope} AND x.status <> 'cancelado' AND x.data_desligamento BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date${type}`;
}

/** Employees whose admission's month is the chosen one, admitted before the chosen year (completing 1 year or more). */
function anniversaryWhere(c: QueryContext) {
  return `${c.scope} AND ${ACTIVE} AND extract(month FROM f.data_admissao) = ${c.param(c.filters.mes)} AND extract(year FROM f.data_admissao) < ${c.param(c.filters.ano)}`;
}

function repairWhere(c: QueryContext) {
  return `${c.scope} AND m.data_entrada BETWEEN ${c.param(c.filters.inicio)}::date AND ${c.param(c.filters.fim)}::date`;
}

function stoppedDays(c: QueryContext) {
  return `greatest(coalesce(m.data_saida, ${c.param(c.today)}::date) - m.data_entrada, 0)`;
}

function generalWhere(c: QueryContext) {
  const parts = [c.scope];
  if (c.filters.situacao === 'ativos') parts.push(ACTIVE);
  if (c.filters.situacao === 'inativos') parts.push(`NOT (${ACTIVE})`);
  if (c.filters.inicio) parts.push(`f.data_admissao >= ${c.param(c.filters.inicio)}::date`);
  if (c.filters.fim) parts.push(`f.data_admissao <= ${c.param(c.filters.fim)}::date`);
  if (c.filters.genero) parts.push(`p.genero = ${c.param(c.filters.genero)}`);
  return parts.join(' AND ');
}

export const REPORT_BY_KEY = new Map(REPORTS.map((r) => [r.key, r]));
