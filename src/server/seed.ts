// Demo data for a fresh embedded database (SEED_DEMO=true): the group's three providers and an
// organisation structure, written through the resource service so it is validated and audited;
// and the employee profiles of the demo employees (seedDemoProfiles, once the demo users exist).
import { seedFleet, seedFleetRegisters } from './fleet/seed.js';
import { seedFleetRequests } from './fleet/requestsSeed.js';
import { seedSupplies } from './supplies/seed.js';
import { seedRides } from './rides/seed.js';
import { seedSmallRegisters } from './smallRegisters/seed.js';
import type { ResourceService } from './resources/service.js';
import { SYSTEM } from './resources/service.js';
import { demoCpf, seedCustomers } from './customers/seed.js';
import { seedSales } from './sales/seed.js';
import { seedCommunication } from './communication/seed.js';
import { seedBlocking } from './blocking/seed.js';
import { seedLeadImports } from './leadImports/seed.js';
import { seedEvents } from './events/seed.js';
import { seedCampaignResults } from './results/seed.js';
import { seedTracking } from './tracking/seed.js';
import { seedRoulettes } from './roulette/seed.js';
import { seedCareers } from './careers/seed.js';
import { seedSponsorship } from './sponsorship/seed.js';
import { seedFaqAndHandbook } from './faq/seed.js';
import { seedIncidentsAndCompliments } from './incidents/seed.js';
import { seedNews } from './news/seed.js';
import { seedPersonnel } from './personnel/seed.js';
import { todayInSaoPaulo } from './roulette/service.js';
import { seedPersonnelDocuments } from './personnel/documentsSeed.js';

const PROVIDERS = ['Bitcom', 'RazãoInfo', 'Vetorial'];
const STRUCTURE: Record<string, Record<string, string[]>> = {
  'Recursos Humanos': { 'Departamento Pessoal': ['Analista de DP', 'Assistente de DP'], Recrutamento: ['Analista de Recrutamento'] },
  Comercial: { Vendas: ['Vendedor Interno', 'Vendedor Externo', 'Supervisor de Vendas'], Marketing: ['Analista de Marketing'] },
  Técnico: { Suporte: ['Técnico de Suporte N1', 'Técnico de Suporte N2'], Campo: ['Técnico de Campo'] },
};
const CITIES: Record<string, [string, string][]> = {
  Bitcom: [['Belo Horizonte', 'MG'], ['Contagem', 'MG']],
  RazãoInfo: [['São Paulo', 'SP'], ['Campinas', 'SP']],
  Vetorial: [['Curitiba', 'PR'], ['Londrina', 'PR']],
};

/** The fixed-date national holidays (the movable ones, such as Carnaval, are registered each year). */
const NATIONAL_HOLIDAYS: [string, string][] = [
  ['01-01', 'Confraternização Universal'],
  ['04-21', 'Tiradentes'],
  ['05-01', 'Dia do Trabalho'],
  ['09-07', 'Independência do Brasil'],
  ['10-12', 'Nossa Senhora Aparecida'],
  ['11-02', 'Finados'],
  ['11-15', 'Proclamação da República'],
  ['11-20', 'Dia Nacional de Zumbi e da Consciência Negra'],
  ['12-25', 'Natal'],
];

export async function seedDemo(service: ResourceService, log: (msg: string) => void = () => {}) {
  const existing = await service.list(service.get('providers'), { range: [0, 0] }, SYSTEM);
  if (existing.total > 0) {
    // Demo users are created after this call on the first start (main.ts): their profiles come now.
    await seedDemoProfiles(service, log);
    return false;
  }
  for (const nome of PROVIDERS) {
    const provider = await service.create(service.get('providers'), { nome }, SYSTEM);
    for (const [dep, sectors] of Object.entries(STRUCTURE)) {
      const department = await service.create(service.get('departments'), { nome: dep, id_empresa: provider.id }, SYSTEM);
      for (const [sector, positions] of Object.entries(sectors)) {
        const s = await service.create(service.get('sectors'), { nome: sector, id_departamento: department.id }, SYSTEM);
        for (const position of positions) await service.create(service.get('positions'), { nome: position, id_setor: s.id }, SYSTEM);
      }
    }
    for (const [city, uf] of CITIES[nome]) await service.create(service.get('cities'), { nome: city, uf, id_empresa: provider.id }, SYSTEM);
  }
  for (const [data, nome] of NATIONAL_HOLIDAYS) await service.create(service.get('holidays'), { data, nome, tipo: 'Nacional' }, SYSTEM);
  await service.create(service.get('holidays'), { data: '12-08', nome: 'Imaculada Conceição', tipo: 'Municipal', uf: 'MG', municipio: [3106200] }, SYSTEM);
  await service.create(service.get('holidays'), { data: '07-09', nome: 'Revolução Constitucionalista', tipo: 'Estadual', uf: 'SP' }, SYSTEM);
  await seedOnboarding(service);
  await service.write(SYSTEM, (tx) => seedCustomers(tx, log));
  await seedSales(service, log);
  await seedCommunication(service, log);
  await seedBlocking(service, log);
  await seedLeadImports(service, log);
  await seedEvents(service, log);
  await seedCampaignResults(service, log);
  await seedTracking(service, log);
  await seedSponsorship(service, log);
  await seedFaqAndHandbook(service, log);
  await seedDemoProfiles(service, log);
  log('dados de demonstração criados: provedores Bitcom, RazãoInfo e Vetorial com estrutura organizacional, vagas, feriados e um onboarding');
  return true;
}

const TRAILS: Record<string, [string, string, string][]> = {
  'Boas-vindas': [
    ['Nossa história', 'Como o grupo nasceu e cresceu.', '<p>O grupo reúne três provedores regionais: <strong>Bitcom</strong>, <strong>RazãoInfo</strong> e <strong>Vetorial</strong>.</p>'],
    ['Missão e valores', 'O que nos guia no dia a dia.', '<p>Internet de qualidade, atendimento próximo e respeito a cada cliente.</p>'],
  ],
  'Departamento Pessoal na prática': [
    ['Folha de pagamento', 'Calendário e fechamento da folha.', '<p>A folha fecha no dia 20; dúvidas vão para o canal do DP.</p>'],
    ['Benefícios', 'Vale-refeição, plano de saúde e outros.', '<p>Os benefícios são liberados no primeiro mês de contrato.</p>'],
  ],
};

/** Two trails of two contents, and an onboarding for Bitcom's 'Analista de DP' position. */
async function seedOnboarding(service: ResourceService) {
  const trails: number[] = [];
  for (const [nome, contents] of Object.entries(TRAILS)) {
    const trail = await service.create(service.get('trails'), { nome }, SYSTEM);
    trails.push(trail.id);
    let prioridade = 1;
    for (const [titulo, resumo, texto] of contents) {
      const content = await service.create(service.get('contents'), { titulo, resumo, texto, hashtags: ['boasvindas'] }, SYSTEM);
      await service.create(service.get('trail-contents'), { id_trilha: trail.id, id_conteudo: content.id, prioridade: prioridade++ }, SYSTEM);
    }
  }
  const bitcom = (await service.list(service.get('providers'), { filter: { nome: 'Bitcom' } }, SYSTEM)).rows[0];
  const department = (await service.list(service.get('departments'), { filter: { nome: 'Recursos Humanos', id_empresa: bitcom.id } }, SYSTEM)).rows[0];
  const sectors = (await service.list(service.get('sectors'), { filter: { id_departamento: department.id } }, SYSTEM)).rows.map((s) => s.id);
  const position = (await service.list(service.get('positions'), { filter: { nome: 'Analista de DP', id_setor: sectors } }, SYSTEM)).rows[0];
  const onboarding = await service.create(
    service.get('onboardings'),
    { titulo: 'Integração de novos colaboradores', id_empresa: bitcom.id, id_departamento: department.id, id_cargo: position.id },
    SYSTEM,
  );
  let prioridade = 1;
  for (const id_trilha of trails) await service.create(service.get('onboarding-trails'), { id_onboarding: onboarding.id, id_trilha, prioridade: prioridade++ }, SYSTEM);
}

// Demo data must pass the check digits: one maker of valid CPFs for every seed (customers/seed.ts; area seeds import it from there).
export { demoCpf };

/** Employee profiles of the demo employees (README "Demo sign-ins"), by e-mail. */
const DEMO_PROFILES: Record<string, Record<string, unknown>> = {
  'gestor.rh@bitcom.com.br': {
    nome: 'Helena Maria Gestora', cpf: demoCpf('123456789'), rg: 'MG-12.345.678', genero: 'F', estado_civil: 'CASADA', data_nascimento: '1985-03-14',
    nacionalidade: 'Brasileira', email_corp: 'helena@bitcom.com.br', cep: '30130-010', rua: 'Avenida Afonso Pena', numero: '1500', bairro: 'Centro',
    id_cidade: 3106200, cnh_categoria: 'B', cnh_numero: '01234567890', linkedin: 'https://www.linkedin.com/in/helena-gestora', viagem: true,
  },
  'leitor.rh@bitcom.com.br': {
    nome: 'Lucas Leitor', cpf: demoCpf('234567891'), genero: 'M', estado_civil: 'SOLTEIRO', data_nascimento: '1996-08-02', nacionalidade: 'Brasileira',
    cep: '32010-000', rua: 'Rua Coronel Augusto de Lima', numero: '45', bairro: 'Centro', id_cidade: 3118601, cnh_categoria: 'NAO_POSSUI',
  },
  'solicitante@razaoinfo.com.br': {
    nome: 'Sofia Solicitante', cpf: demoCpf('345678912'), genero: 'F', estado_civil: 'UNIAO_ESTAVEL', data_nascimento: '1991-11-23', nacionalidade: 'Brasileira',
    email_corp: 'sofia@razaoinfo.com.br', cep: '01310-100', rua: 'Avenida Paulista', numero: '1000', complemento: 'Sala 12', bairro: 'Bela Vista',
    id_cidade: 3550308, cnh_categoria: 'A', cnh_numero: '12345678901',
  },
  'gestor.vendas@vetorial.net': {
    nome: 'Vitor Gestor', cpf: demoCpf('456789123'), genero: 'M', estado_civil: 'DIVORCIADO', data_nascimento: '1980-01-30', nacionalidade: 'Brasileira',
    email_corp: 'vitor@vetorial.net', cep: '80010-000', rua: 'Rua XV de Novembro', numero: '300', bairro: 'Centro', id_cidade: 4106902,
    cnh_categoria: 'AB', cnh_numero: '23456789012', viagem: true,
  },
  'vendedor@vetorial.net': {
    nome: 'Valéria Vendedora', cpf: demoCpf('678912345'), genero: 'F', estado_civil: 'SOLTEIRA', data_nascimento: '1994-04-18', nacionalidade: 'Brasileira',
    email_corp: 'valeria@vetorial.net', cep: '86010-000', rua: 'Avenida Higienópolis', numero: '210', bairro: 'Centro', id_cidade: 4113700,
    cnh_categoria: 'B', cnh_numero: '45678901234', viagem: true,
  },
  'leitor.marketing@razaoinfo.com.br': {
    nome: 'Marcos Leitor de Marketing', cpf: demoCpf('789123456'), genero: 'M', estado_civil: 'CASADO', data_nascimento: '1988-09-05', nacionalidade: 'Brasileira',
    email_corp: 'marcos@razaoinfo.com.br', cep: '13010-000', rua: 'Rua Barão de Jaguara', numero: '1200', bairro: 'Centro', id_cidade: 3509502,
    cnh_categoria: 'NAO_POSSUI',
  },
  'funcionario@bitcom.com.br': {
    nome: 'Fábio Funcionário', cpf: demoCpf('567891234'), genero: 'M', estado_civil: 'CASADO', data_nascimento: '1999-06-10', nacionalidade: 'Brasileira',
    cep: '30110-000', rua: 'Rua da Bahia', numero: '900', bairro: 'Lourdes', id_cidade: 3106200, cnh_categoria: 'B', cnh_numero: '34567890123', viagem: true,
  },
};

/**
 * The home's birthdays of the month (issue 31) have someone to show whatever the day: the demo
 * employee's birthday is today and the marketing analyst's later this month (their birth years kept).
 */
function demoBirthday(email: string, today = todayInSaoPaulo()): { data_nascimento?: string } {
  const [, month, day] = today.split('-');
  const dd = (n: number) => String(Math.min(n, 28)).padStart(2, '0');
  if (email === 'funcionario@bitcom.com.br') return { data_nascimento: `1999-${month}-${month === '02' && day === '29' ? '28' : day}` };
  if (email === 'leitor.marketing@razaoinfo.com.br') return { data_nascimento: `1988-${month}-${dd(((Number(day) + 9) % 28) + 1)}` };
  return {};
}

/**
 * Gives the demo employees their employee profile (those who exist and have none yet), through the
 * resource service: validated, with the profile rules, and audited. Safe to run on every start.
 */
export async function seedDemoProfiles(service: ResourceService, log: (msg: string) => void = () => {}) {
  const profiles = service.get('employee-profiles');
  const users = await service.list(service.get('users'), { filter: { email: Object.keys(DEMO_PROFILES) }, range: [0, -1] }, SYSTEM);
  let created = 0;
  for (const user of users.rows) {
    const existing = await service.list(profiles, { filter: { id_usuario: user.id }, range: [0, 0] }, SYSTEM);
    if (existing.rows.length) continue;
    // Written as the user: the owner column takes the author, as when they fill it in themselves.
    await service.create(profiles, { ...DEMO_PROFILES[user.email as string], ...demoBirthday(user.email as string) }, { userId: user.id as number, providerIds: null, ownerId: user.id as number });
    created++;
  }
  if (created) log(`perfis de funcionário de demonstração criados: ${created}`);
  // The demo roulettes and vacancies need their owners and managers: they come once the demo users exist.
  await seedRoulettes(service, log);
  await seedCareers(service, log);
  await seedPersonnel(service, log);
  await seedPersonnelDocuments(service, log);
  await seedIncidentsAndCompliments(service, log);
  await seedNews(service, log);
  await seedFleet(service, log);
  await seedFleetRegisters(service, log);
  await seedRides(service, log);
  await seedFleetRequests(service, log);
  await seedSmallRegisters(service, log);
  await seedSupplies(service, log);
  return created;
}
