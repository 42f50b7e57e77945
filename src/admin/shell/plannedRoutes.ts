// The route prefixes of the spec's route map (foundation document, section 2, and the HR and
// marketing trees) whose screens are not built yet, in one place. The menus and cards already
// link to them; an unmatched path under one of them shows the "not available yet" page with its
// title, while any other unknown path goes to the index, as the spec says. A screen built later
// simply matches its route first (the list needs no change, though its entry can then go).

export interface PlannedArea {
  prefix: string;
  title: string;
}

export const PLANNED_AREAS: PlannedArea[] = [
  { prefix: '/faq', title: 'FAQ' },
  { prefix: '/faq-categories', title: 'Categorias de FAQ' },
  { prefix: '/employee-handbook', title: 'Manual do colaborador' },
  { prefix: '/news', title: 'Novidades' },
  { prefix: '/requests', title: 'Solicitações' },
  { prefix: '/careers', title: 'Vagas' },
  { prefix: '/applicants', title: 'Candidatos' },
  { prefix: '/applications', title: 'Candidaturas' },
  { prefix: '/sales', title: 'Vendas' },
  { prefix: '/leads', title: 'Leads' },
  { prefix: '/blacklist', title: 'Lista de bloqueio' },
  { prefix: '/blocking-rules', title: 'Regras de bloqueio' },
  { prefix: '/blocking-exception-criterion', title: 'Critérios de exceção' },
  { prefix: '/pricing', title: 'Preços' },
  { prefix: '/marketing', title: 'Marketing' },
  { prefix: '/patrocinios', title: 'Patrocínios' },
  { prefix: '/supplies', title: 'Suprimentos' },
  { prefix: '/squads', title: 'Equipes' },
  { prefix: '/fleet', title: 'Frota' },
  { prefix: '/ride', title: 'Caronas' },
  { prefix: '/ride-employee', title: 'Caronas' },
  { prefix: '/incidents', title: 'Incidentes' },
  { prefix: '/incidents-categories', title: 'Categorias de incidentes' },
  { prefix: '/compliments', title: 'Elogios' },
  { prefix: '/compliments-categories', title: 'Categorias de elogios' },
  { prefix: '/reports', title: 'Relatórios' },
  { prefix: '/shutdowns', title: 'Desligamentos' },
  { prefix: '/documents', title: 'Documentos' },
  { prefix: '/documents-categories', title: 'Categorias de documentos' },
  { prefix: '/family', title: 'Familiares' },
  { prefix: '/employees', title: 'Funcionários' },
  { prefix: '/human-resources', title: 'Recursos Humanos' },
  { prefix: '/ResumeDatabase', title: 'Banco de Currículos' },
  { prefix: '/dashboards', title: 'Dashboards' },
  { prefix: '/financial', title: 'Financeiro' },
  { prefix: '/emailsignature', title: 'Assinatura de e-mail' },
  { prefix: '/resources', title: 'Recursos' },
  { prefix: '/content', title: 'Conteúdos' },
  { prefix: '/contracting', title: 'Empresas contratantes' },
  { prefix: '/backoffice', title: 'Backoffice' },
  { prefix: '/client-panel', title: 'Painel do cliente' },
];

/** The planned area a path belongs to (the prefix itself, or below it), if any. */
export function plannedAreaOf(pathname: string): PlannedArea | undefined {
  return PLANNED_AREAS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
