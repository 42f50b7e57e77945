// Demo personnel (SEED_DEMO=true): ~60 employees across the three providers (the demo users who are
// employees, and more people with a profile: gender and birth date, ages 18 to 65), in varied
// departments, positions and work cities, admitted over the last 15 years (some this year, some in
// this month of past years); 8 dismissals (5 concluded), and 10 records of relatives working in the
// group, so that every HR report (/reports/...) shows something real. Written through the resource
// service (validated, with the personnel rules, audited); runs once the demo users exist, and once
// (nothing when an employee exists).
import { DEMO_USERS } from '../auth/bootstrap.js';
import { todayInSaoPaulo } from '../roulette/service.js';
import { demoCpf } from '../customers/seed.js';
import { insertRow, SYSTEM, type ResourceService } from '../resources/service.js';
import { validateRecord } from '../schemas/validation.js';

const FIRST: Record<'M' | 'F', string[]> = {
  M: ['Rafael', 'Gustavo', 'Thiago', 'Bruno', 'Felipe', 'Rodrigo', 'André', 'Diego', 'Leandro', 'Marcelo', 'Paulo', 'Eduardo', 'Renato', 'Caio', 'Otávio', 'Henrique', 'Igor', 'Júlio', 'Mateus', 'Wagner'],
  F: ['Juliana', 'Camila', 'Patrícia', 'Fernanda', 'Aline', 'Beatriz', 'Larissa', 'Renata', 'Tatiane', 'Vanessa', 'Daniela', 'Priscila', 'Mariana', 'Letícia', 'Bianca', 'Gabriela', 'Natália', 'Sabrina', 'Cristina', 'Débora'],
};
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Esteves', 'Ferreira', 'Gomes', 'Henriques', 'Lima', 'Moreira', 'Nogueira', 'Oliveira', 'Pereira', 'Queiroz', 'Ribeiro', 'Santos', 'Teixeira', 'Vieira', 'Xavier', 'Zanetti'];
const CONTRACTS = ['clt', 'clt', 'clt', 'clt', 'clt', 'pj', 'estagio', 'aprendiz', 'temporario'];
const EXTRA_EMPLOYEES = 54;

/** A small deterministic generator (the same demo on every fresh start). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(Math.min(d, 28))}`;

interface Place {
  provider: number;
  nome: string;
  departments: { id: number; positions: number[] }[];
  cities: number[];
}

export async function seedPersonnel(service: ResourceService, log: (msg: string) => void = () => {}) {
  const employees = service.get('employees');
  if ((await service.list(employees, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  // The demo users come after the organisation on the first start (main.ts): wait for them.
  const demoUsers = await service.list(service.get('users'), { filter: { email: DEMO_USERS.map((u) => u.email) }, range: [0, 0] }, SYSTEM);
  if (demoUsers.total === 0) return 0;
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows;
  if (!providers.length) return 0;

  // The places: each provider's departments with their positions, and its work cities.
  const places: Place[] = await service.write(SYSTEM, async (tx) => {
    const out: Place[] = [];
    for (const p of providers) {
      const deps = (await tx.query<{ id: number; positions: number[] }>(
        `SELECT d.id, coalesce(array_agg(c.id ORDER BY c.id) FILTER (WHERE c.id IS NOT NULL), '{}') AS positions
           FROM rh.departamento d LEFT JOIN rh.setor s ON s.id_departamento = d.id LEFT JOIN rh.cargo c ON c.id_setor = s.id
          WHERE d.id_empresa = $1 GROUP BY d.id ORDER BY d.id`,
        [p.id],
      )).rows;
      const cities = (await tx.query<{ id: number }>('SELECT id FROM rh.cidade_provedor WHERE id_empresa = $1 ORDER BY id', [p.id])).rows.map((c) => c.id);
      if (deps.length) out.push({ provider: Number(p.id), nome: String(p.nome), departments: deps.map((d) => ({ id: d.id, positions: d.positions.map(Number) })), cities });
    }
    return out;
  });
  if (!places.length) return 0;

  const rnd = random(18);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const today = todayInSaoPaulo();
  const [year, month, day] = today.split('-').map(Number);
  const usersDef = service.get('users');
  const profiles = service.get('employee-profiles');
  const created: { id: number; nome: string; admissao: string }[] = [];

  // The demo users who are employees: in their provider, in the department of their position.
  const demo = await service.write(SYSTEM, async (tx) =>
    (await tx.query<{ id: number; nome: string; id_empresa: number; id_cargo: number | null; id_departamento: number | null }>(
      `SELECT u.id, u.nome, u.id_empresas[1] AS id_empresa, u.id_cargo, s.id_departamento
         FROM auth.usuario u LEFT JOIN rh.cargo c ON c.id = u.id_cargo LEFT JOIN rh.setor s ON s.id = c.id_setor
        WHERE u.funcionario AND cardinality(u.id_empresas) > 0 AND NOT ('users:superadmin' = ANY(u.papeis)) ORDER BY u.id`,
    )).rows,
  );
  for (const [i, u] of demo.entries()) {
    const place = places.find((p) => p.provider === Number(u.id_empresa));
    if (!place) continue;
    const department = u.id_departamento ?? place.departments[0].id;
    const admissao = i === 0 ? dateOf(year - 8, month, 5) : dateOf(year - 1 - (i % 6), 1 + ((i * 5) % 12), 3 + i);
    const row = await service.create(
      employees,
      { id_usuario: u.id, id_empresa: place.provider, id_departamento: department, id_cargo: u.id_cargo, id_cidade: place.cities[i % Math.max(place.cities.length, 1)] ?? null, matricula: `D${pad(i + 1)}`, data_admissao: admissao },
      SYSTEM,
    );
    created.push({ id: row.id as number, nome: String(u.nome), admissao });
  }

  // More people: a user (an employee without sign-in), their profile and their employment.
  for (let i = 0; i < EXTRA_EMPLOYEES; i++) {
    const place = places[i % places.length];
    const genero: 'M' | 'F' | 'O' = i % 23 === 7 ? 'O' : rnd() < 0.5 ? 'M' : 'F';
    const first = pick(FIRST[genero === 'O' ? (i % 2 ? 'M' : 'F') : genero]);
    const nome = `${first} ${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3 + 5) % LAST.length]}`;
    const email = `${first.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.${i + 1}@${place.nome.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.demo`;
    const age = 18 + Math.floor(rnd() * 48);
    // One in six has a birthday this month (the birthday report's default).
    const birthMonth = i % 6 === 0 ? month : 1 + Math.floor(rnd() * 12);
    const nascimento = dateOf(year - age - (birthMonth > month || (birthMonth === month && 28 > day) ? 1 : 0), birthMonth, 1 + Math.floor(rnd() * 28));
    // Admissions over the last 15 years, after the 18th birthday; some this year, some in this month of past years.
    const seniority = i % 9 === 0 ? 0 : Math.min(Math.floor(rnd() * 15) + 1, age - 18);
    const admitYear = year - seniority;
    const admitMonth = seniority === 0 ? 1 + Math.floor(rnd() * month) : i % 5 === 0 ? month : 1 + Math.floor(rnd() * 12);
    const admitDay = seniority === 0 && admitMonth === month ? 1 + Math.floor(rnd() * Math.max(Math.min(day, 28) - 1, 1)) : 1 + Math.floor(rnd() * 28);
    const admissao = dateOf(admitYear, admitMonth, admitDay);
    const department = pick(place.departments);
    const userId = await service.write(SYSTEM, async (tx) => {
      const values = validateRecord(usersDef, { email, nome, papeis: ['user'], funcionario: true, id_empresas: [place.provider], id_cargo: department.positions[0] ?? null }, 'create');
      return (await insertRow(tx, usersDef, values)).id as number;
    });
    await service.create(
      profiles,
      {
        nome,
        cpf: demoCpf(String(900_000_000 + i * 7_919).slice(0, 9)),
        genero,
        estado_civil: genero === 'F' ? pick(['SOLTEIRA', 'CASADA', 'DIVORCIADA']) : pick(['SOLTEIRO', 'CASADO', 'DIVORCIADO']),
        data_nascimento: nascimento,
        nacionalidade: 'Brasileira',
        cnh_categoria: 'NAO_POSSUI',
      },
      { userId, providerIds: null, ownerId: userId },
    );
    const row = await service.create(
      employees,
      {
        id_usuario: userId,
        id_empresa: place.provider,
        id_departamento: department.id,
        id_cargo: department.positions.length ? pick(department.positions) : null,
        id_cidade: place.cities.length ? pick(place.cities) : null,
        matricula: String(10_000 + i),
        tipo_contrato: pick(CONTRACTS),
        data_admissao: admissao,
      },
      SYSTEM,
    );
    created.push({ id: row.id as number, nome, admissao });
  }

  // Dismissals of this year (5 concluded, 2 asked for, 1 approved), of employees admitted before it.
  const shutdowns = service.get('shutdowns');
  const veterans = created.filter((e) => e.admissao < `${year}-01-01`).slice(-8);
  const types = ['pedido_demissao', 'sem_justa_causa', 'acordo', 'pedido_demissao', 'fim_contrato', 'com_justa_causa', 'pedido_demissao', 'aposentadoria'];
  const statuses = ['concluido', 'concluido', 'concluido', 'concluido', 'concluido', 'solicitado', 'solicitado', 'aprovado'];
  for (const [i, e] of veterans.entries()) {
    const m = Math.max(1, month - (i % Math.max(month, 1)));
    const when = dateOf(year, m, m === month ? Math.max(1, Math.min(day, 28) - i) : 10 + i);
    await service.create(
      shutdowns,
      { id_funcionario: e.id, data_desligamento: when, tipo: types[i], aviso_previo: i % 2 ? 'indenizado' : 'trabalhado', motivo: 'Desligamento de demonstração', recontratavel: i % 3 !== 2, status: statuses[i] },
      SYSTEM,
    );
  }

  // Relatives working in the group: 10 employees name another one (or two).
  const family = service.get('family');
  for (let i = 0; i < 10; i++) {
    const who = created[(i * 5 + 2) % created.length];
    const relative = created[(i * 5 + 11) % created.length];
    const names = i % 3 === 0 ? [relative.nome, created[(i * 5 + 17) % created.length].nome] : [relative.nome];
    await service.create(family, { id_funcionario: who.id, tem_familiar: true, familiares: names.filter((n) => n !== who.nome), observacao: i % 4 === 0 ? 'Mesmo departamento' : null }, SYSTEM);
  }
  log(`funcionários de demonstração criados: ${created.length}, com ${veterans.length} desligamentos e 10 registros de familiares`);
  return created.length;
}
