// The recruiters' careers addresses and page titles: the only part of this folder in the first
// bundle (custom-pages/careers/index.tsx); every other text is loaded with the pages.
export const APPLICATIONS = 'applications';
export const VACANCIES = 'vacancies';
export const PROVIDERS = 'providers';
/** The generated vacancies list (schemas/rh/vacancies.json, path /careers/admin). */
export const VACANCIES_LIST = '/careers/admin/list';
/** The pipeline of one vacancy's applications (the vacancies' row action 'Candidatos'). */
export const APPLICANTS_PATH = '/careers/admin/applicants/:id';
/** The spec's /careers/admin/list/{company?} with a provider: its id, or its name as a slug ('bitcom'). */
export const COMPANY_LIST_PATH = `${VACANCIES_LIST}/:company`;
/** The keyword search over the resumes of one vacancy's applicants: keywords/{vacancyName?}/{id?}/{search?}. */
export const KEYWORDS_BASE = '/careers/admin/keywords';
export const KEYWORDS_PATH = `${KEYWORDS_BASE}/:vacancyName?/:id?/:search?`;
/** The resume database (Banco de Currículos). */
export const RESUME_DATABASE_PATH = '/ResumeDatabase/list';
/** The careers dashboard (Painel do Trabalhe Conosco). */
export const DASHBOARD_PATH = '/dashboards/careers';
/** The role areas of the resume database and the dashboard (the server's: rh or banco_talentos). */
export const TALENT_AREAS = ['banco_talentos', 'rh'];

export const TITLES = {
  applicants: 'Candidatos',
  companyList: 'Vagas',
  keywords: 'Palavras-chave',
  resumeDatabase: 'Banco de Currículos',
  dashboard: 'Painel do Trabalhe Conosco',
} as const;
