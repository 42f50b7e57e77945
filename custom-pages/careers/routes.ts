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

export const TITLES = {
  applicants: 'Candidatos',
  companyList: 'Vagas',
} as const;
