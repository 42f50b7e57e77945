// /careers/admin/list/{company} (the spec's /careers/admin/list/{company?} with a provider): the
// generated vacancies list (schemas/rh/vacancies.json) as a permanent view of one provider's
// vacancies, `company` being the provider's id or its name as a slug ('bitcom', 'razaoinfo',
// compared with slugify). Its add button, row actions and edit screens are the register's own.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, CircularProgress } from '@mui/material';
import { useGetList } from 'react-admin';
import { slugify } from '../../src/domain/careers.js';
import { AccessDenied, configByResource, type ResourceConfig, ResourceListScreen as ResourceList, TitleBar } from '../../src/admin/pages.js';
import { retryUnlessRefused } from './board.js';
import { PROVIDERS, TITLES, VACANCIES, VACANCIES_LIST } from './routes.js';
import { TEXTS } from './texts.js';

interface Provider {
  id: number;
  nome: string;
}

/** The provider `company` names: by id, else by the slug of its name; undefined when none. */
export function providerOf(providers: readonly Provider[], company: string): Provider | undefined {
  if (/^\d{1,15}$/.test(company)) return providers.find((p) => String(p.id) === company);
  const wanted = slugify(company);
  return wanted ? providers.find((p) => slugify(p.nome) === wanted) : undefined;
}

/**
 * The vacancies' list config filtered by one provider: the provider leaves the filters bar and is
 * sent with every read and the export (listFilter, as an alias's filter), the title names it, and the
 * back arrow leads to every provider's list. Path and edit base stay the register's, so that the add
 * button and the rows open the same register and edit screens.
 */
export function companyView(config: ResourceConfig, provider: Provider): ResourceConfig {
  return { ...config, title: `${config.title} · ${provider.nome}`, back: VACANCIES_LIST, listFilter: { ...config.listFilter, id_empresa: provider.id } };
}

export default function CompanyVacancies() {
  const { company = '' } = useParams();
  const config = configByResource.get(VACANCIES);
  const providers = useGetList<Provider>(PROVIDERS, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'nome', order: 'ASC' } }, { enabled: Boolean(config), retry: retryUnlessRefused });
  const provider = useMemo(() => providerOf(providers.data ?? [], company.trim()), [providers.data, company]);
  const view = useMemo(() => (config && provider ? companyView(config, provider) : null), [config, provider]);
  if (!config) return <AccessDenied title={TITLES.companyList} back={VACANCIES_LIST} />;
  if (view) return <ResourceList key={String(provider?.id)} config={view} />;
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 } }}>
      <TitleBar title={config.title} back={VACANCIES_LIST} />
      {providers.isPending ? (
        <CircularProgress aria-label={TEXTS.loading} />
      ) : (
        <Alert severity="error">{(providers.error as Error | null)?.message || TEXTS.providerNotFound}</Alert>
      )}
    </Box>
  );
}
