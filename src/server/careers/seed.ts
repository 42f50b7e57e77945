// Demo careers data, once the demo users exist (seedDemoProfiles): each provider's vacancies (open
// ones, a draft and a closed one), the demo candidate's data and resume, and applications at several
// steps of the pipeline, so the careers site, the recruiters' board and 'Minhas candidaturas' show
// something real.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';

type Row = Record<string, any>;

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface DemoVacancy {
  titulo_vaga: string;
  vagas: number;
  departamento: string;
  modelo_trabalho: 'presencial' | 'hibrido' | 'remoto';
  tipo_contrato: 'clt' | 'estagio' | 'pj' | 'temporario' | 'aprendiz';
  /** Days before today it was posted; negative: not yet. */
  postedDaysAgo: number;
  /** Days from today the applications close (null: no date). */
  closesIn: number | null;
  publicada: boolean;
  descricao: string;
  requisitos: string;
  beneficios: string;
}

const BENEFITS = '<ul><li>Vale-refeição ou vale-alimentação</li><li>Plano de saúde e odontológico</li><li>Internet em casa por nossa conta</li><li>Seguro de vida</li></ul>';

const VACANCIES: DemoVacancy[] = [
  {
    titulo_vaga: 'Técnico de Campo',
    vagas: 2,
    departamento: 'Técnico',
    modelo_trabalho: 'presencial',
    tipo_contrato: 'clt',
    postedDaysAgo: 20,
    closesIn: 30,
    publicada: true,
    descricao: '<p>Instalação e manutenção de fibra óptica na casa dos clientes, com carro da empresa e ferramentas fornecidas.</p><p>Você vai atender a região com a equipe de campo e o suporte.</p>',
    requisitos: '<ul><li>Ensino médio completo</li><li>CNH categoria B</li><li>Curso de NR-35 (trabalho em altura) é um diferencial</li></ul>',
    beneficios: BENEFITS,
  },
  {
    titulo_vaga: 'Analista de Suporte N2',
    vagas: 1,
    departamento: 'Técnico',
    modelo_trabalho: 'hibrido',
    tipo_contrato: 'clt',
    postedDaysAgo: 10,
    closesIn: null,
    publicada: true,
    descricao: '<p>Atendimento de segundo nível a clientes residenciais e empresariais: diagnóstico de rede, configuração de roteadores e ONUs.</p>',
    requisitos: '<ul><li>Conhecimento de redes TCP/IP</li><li>Experiência com atendimento técnico</li><li>Curso técnico ou superior em andamento na área</li></ul>',
    beneficios: BENEFITS,
  },
  {
    titulo_vaga: 'Vendedor Externo',
    vagas: 3,
    departamento: 'Comercial',
    modelo_trabalho: 'presencial',
    tipo_contrato: 'clt',
    postedDaysAgo: 5,
    closesIn: 45,
    publicada: true,
    descricao: '<p>Venda de planos de internet porta a porta e em eventos da cidade, com metas e comissão.</p>',
    requisitos: '<ul><li>Ensino médio completo</li><li>Boa comunicação</li><li>Experiência com vendas é um diferencial</li></ul>',
    beneficios: `${BENEFITS}<p>Comissão por venda e premiações mensais.</p>`,
  },
  {
    titulo_vaga: 'Estágio em Marketing Digital',
    vagas: 1,
    departamento: 'Comercial',
    modelo_trabalho: 'remoto',
    tipo_contrato: 'estagio',
    postedDaysAgo: 2,
    closesIn: 20,
    publicada: true,
    descricao: '<p>Apoio nas campanhas das redes sociais, relatórios de resultados e criação de conteúdo.</p>',
    requisitos: '<ul><li>Cursando Marketing, Publicidade ou Comunicação</li><li>Conhecimento de redes sociais</li></ul>',
    beneficios: '<ul><li>Bolsa-auxílio</li><li>Auxílio-internet</li><li>Horário flexível</li></ul>',
  },
  {
    titulo_vaga: 'Analista de Recrutamento',
    vagas: 1,
    departamento: 'Recursos Humanos',
    modelo_trabalho: 'hibrido',
    tipo_contrato: 'clt',
    postedDaysAgo: 1,
    closesIn: null,
    publicada: false,
    descricao: '<p>Rascunho: conduzir os processos seletivos dos três provedores.</p>',
    requisitos: '<ul><li>Superior em Psicologia ou RH</li></ul>',
    beneficios: BENEFITS,
  },
  {
    titulo_vaga: 'Auxiliar Administrativo',
    vagas: 1,
    departamento: 'Recursos Humanos',
    modelo_trabalho: 'presencial',
    tipo_contrato: 'temporario',
    postedDaysAgo: 60,
    closesIn: -10,
    publicada: true,
    descricao: '<p>Vaga encerrada: apoio ao Departamento Pessoal.</p>',
    requisitos: '<ul><li>Ensino médio completo</li></ul>',
    beneficios: BENEFITS,
  },
];

/** Which demo user manages each provider's vacancies (else the superadmin). */
const MANAGERS: Record<string, string> = { Bitcom: 'gestor.rh@bitcom.com.br', RazãoInfo: 'solicitante@razaoinfo.com.br', Vetorial: 'gestor.vendas@vetorial.net' };
const CANDIDATE = 'candidato@email.com';
const EMPLOYEE = 'funcionario@bitcom.com.br';

export async function seedCareers(service: ResourceService, log: (msg: string) => void = () => {}) {
  const vacancies = service.get('vacancies');
  if ((await service.list(vacancies, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows;
  if (!providers.length) return 0;
  const users = (await service.list(service.get('users'), { range: [0, -1] }, SYSTEM)).rows as Row[];
  const byEmail = new Map(users.map((u) => [u.email as string, u]));
  // The first call comes before the demo users exist (seedDemo): wait for them.
  if (!Object.values(MANAGERS).some((email) => byEmail.has(email))) return 0;
  const superadmin = users.find((u) => (u.papeis as string[] | undefined)?.includes('users:superadmin'));
  const today = todayInSaoPaulo();
  const created: Row[] = [];
  for (const provider of providers) {
    const manager = byEmail.get(MANAGERS[provider.nome as string]) ?? superadmin ?? users[0];
    if (!manager) return 0;
    const cities = (await service.list(service.get('cities'), { filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' }, range: [0, 9] }, SYSTEM)).rows;
    const departments = (await service.list(service.get('departments'), { filter: { id_empresa: provider.id }, range: [0, 99] }, SYSTEM)).rows;
    for (const [i, v] of VACANCIES.entries()) {
      const city = cities[i % Math.max(cities.length, 1)];
      const { departamento, postedDaysAgo, closesIn, ...fields } = v;
      const row = await service.create(
        vacancies,
        {
          ...fields,
          cidade: city?.nome ?? 'Belo Horizonte',
          uf: city?.uf ?? 'MG',
          id_departamento: departments.find((d) => d.nome === departamento)?.id ?? null,
          id_gestor: manager.id,
          data_inicio: addDays(today, -postedDaysAgo),
          data_encerramento: closesIn === null ? null : addDays(today, closesIn),
          id_empresa: provider.id,
          ativo: true,
        },
        SYSTEM,
      );
      created.push({ ...row, provider: provider.nome });
    }
  }

  // The demo candidate: data, resume and applications at several steps.
  const candidate = byEmail.get(CANDIDATE);
  const applications = service.get('applications');
  let applied = 0;
  if (candidate) {
    const as = { userId: candidate.id as number, providerIds: null, ownerId: candidate.id as number };
    await service.create(
      service.get('applicant-profiles'),
      { telefone: '(31) 98888-1234', uf: 'MG', cidade: 'Belo Horizonte', linkedin: 'https://www.linkedin.com/in/carla-candidata', apresentacao: 'Técnica em telecomunicações com 3 anos de experiência em instalação de fibra óptica e atendimento ao cliente.', pretensao_salarial: 3200, banco_talentos: true },
      as,
    );
    await service.create(service.get('resume-education'), { situacao: 'CONCLUIDO', descricao: 'Técnico em Telecomunicações', ie: 'CEFET-MG', data_inicio: '2018-02-01', data_fim: '2019-12-15' }, as);
    await service.create(service.get('resume-experience'), { empresa: 'Conecta Fibra', funcao: 'Instaladora de fibra óptica', emprego_atual: false, cidade: 'Contagem', estado: 'MG', descricao: 'Instalação de FTTH, manutenção de CTOs e atendimento a clientes.', data_inicio: '2020-03-01', data_fim: '2023-06-30' }, as);
    await service.create(service.get('resume-certificates'), { organizacao: 'SENAI', descricao: 'NR-35 Trabalho em Altura', data_emissao: '2022-05-10', data_validade: '2026-12-31' }, as);
    const steps: [string, string, string][] = [
      ['Bitcom', 'Técnico de Campo', 'entrevista'],
      ['Bitcom', 'Analista de Suporte N2', 'em_analise'],
      ['RazãoInfo', 'Técnico de Campo', 'recebido'],
    ];
    for (const [provider, title, status] of steps) {
      const vacancy = created.find((c) => c.provider === provider && c.titulo_vaga === title);
      if (!vacancy) continue;
      const row = await service.create(applications, { id_vaga: vacancy.id, origem: 'linkedin' }, as);
      if (status !== 'recebido') await service.update(applications, row.id, { status, observacao: 'Boa experiência com fibra; agendar conversa com a coordenação.' }, SYSTEM);
      applied++;
    }
  }
  const employee = byEmail.get(EMPLOYEE);
  const internal = created.find((c) => c.provider === 'Bitcom' && c.titulo_vaga === 'Analista de Suporte N2');
  if (employee && internal) {
    await service.create(applications, { id_vaga: internal.id, origem: 'site' }, { userId: employee.id as number, providerIds: null, ownerId: employee.id as number });
    applied++;
  }
  log(`site de carreiras de demonstração: ${created.length} vagas e ${applied} candidaturas`);
  return created.length;
}
