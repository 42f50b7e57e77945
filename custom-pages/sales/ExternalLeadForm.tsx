// /leads/external/register/{cpf?}/{cep?} (foundation document, section 2): the form a field seller
// fills for a prospect. CPF and CEP come prefilled from the path; every input is the generated
// form's own for the leads schema (masks, validation, the CEP lookup filling the address); the
// customer lookup under the CPF (CustomerLookup.tsx) tells whether the person is already a customer;
// the sections are drawn as the generated forms draw theirs (FormSection);
// the campaign and channel offered are the active ones the chosen provider uses. Saving creates the
// lead through the generic API (POST /api/leads) as the external team's, from the external form, with
// the leads schema's toast, and opens the external tree's leads list.
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { Create, ResourceContextProvider, SelectInput, SimpleForm } from 'react-admin';
import { applyMask, MASKS } from '../../src/domain/format.js';
import { onlyDigits } from '../../src/domain/validators.js';
import { AccessDenied, CHOOSE_PROVIDER, configByResource, FORM_MAX_WIDTH, FormCell, formReferences, FormReferencesProvider, FormSection, FormToolbar, InvalidSubmitNotifier, isBlankId, isWide, RequiredBanner, type ResourceConfig, SchemaInput, TitleBar, useApiOrigin, useGoBack, useResourceToasts, useSubmitFeedback, v1Json, validation } from '../../src/admin/pages.js';
import { CustomerLookup } from './CustomerLookup.js';
import { homePath, leadListPath } from './trees.js';

export const EXTERNAL_LEAD_TITLE = 'Cadastrar lead externo';
/** What the saved lead says of itself: the external team's, from this form. */
export const EXTERNAL_LEAD = { equipe: 'externa', origem: 'formulario_externo' } as const;

const LEADS = 'leads';
export { CHOOSE_PROVIDER };
const lookup = (resource: string) => configByResource.get(resource);

const SECTIONS: { title: string; fields: string[] }[] = [
  { title: 'Dados do cliente', fields: ['cpf', 'nome', 'telefone'] },
  { title: 'Endereço', fields: ['cep', 'rua', 'numero', 'complemento', 'bairro', 'cidade', 'uf'] },
  { title: 'Origem', fields: ['id_empresa', 'id_campanha', 'id_canal'] },
];

/**
 * CPF and CEP of the path, masked as the inputs show them. A lone 8-digit value is a CEP (a seller
 * may know the address before the person).
 */
export function prefillFromPath(cpfParam?: string, cepParam?: string): { cpf?: string; cep?: string } {
  const first = onlyDigits(cpfParam ?? '');
  const second = onlyDigits(cepParam ?? '');
  if (!second && first.length === 8) return { cep: applyMask(MASKS.cep, first) };
  return {
    ...(first ? { cpf: applyMask(MASKS.cpf, first) } : {}),
    ...(second ? { cep: applyMask(MASKS.cep, second) } : {}),
  };
}

function defaultsOf(config: ResourceConfig) {
  const out: Record<string, unknown> = {};
  for (const [field, p] of Object.entries(config.properties)) if (!p.readOnly && p.default !== undefined) out[field] = p.default;
  return out;
}

/**
 * The path's CEP is set once the form is up, as if typed: the CEP input looks up only changes (a
 * record's own CEP is not looked up again), and this one should fill the address.
 */
function TypeCepFromPath({ cep }: { cep?: string }) {
  const { setValue } = useFormContext();
  useEffect(() => {
    if (!cep) return;
    // After the form's own first reset to its defaults, which would wipe a value set now.
    const timer = setTimeout(() => setValue('cep', cep, { shouldDirty: true }), 0);
    return () => clearTimeout(timer);
  }, [cep, setValue]);
  return null;
}

interface Company {
  id: number;
  nome: string;
  ativo?: boolean;
}

/**
 * The seller's providers (GET /v1/companies in the vendas area: the providers they are linked to; the
 * providers register itself is the HR area's). With only one, it is chosen for them.
 */
function useCompanies() {
  return useQuery({
    queryKey: ['sales-companies'],
    queryFn: async () => (await v1Json<{ companies: Company[] }>('/v1/companies', { module: 'vendas' })).companies.filter((c) => c.ativo !== false),
    staleTime: 60_000,
  });
}

function ProviderSelect({ config }: { config: ResourceConfig }) {
  const { data: companies } = useCompanies();
  const { getValues, setValue } = useFormContext();
  const property = config.properties.id_empresa;
  const required = config.required.has('id_empresa');
  useEffect(() => {
    if (companies?.length === 1 && isBlankId(getValues('id_empresa'))) setValue('id_empresa', companies[0].id, { shouldDirty: true });
  }, [companies, getValues, setValue]);
  return (
    <SelectInput
      source="id_empresa"
      label={property.title}
      choices={companies ?? []}
      optionText="nome"
      optionValue="id"
      validate={validation(property, required)}
      isLoading={!companies}
      emptyText={required ? undefined : 'Não informado'}
      parse={(v: unknown) => (v === '' || v === null ? null : Number(v))}
      fullWidth
      helperText={false}
    />
  );
}

function LeadFields({ config, cep }: { config: ResourceConfig; cep?: string }) {
  const references = useMemo(() => formReferences(config, lookup), [config]);
  const present = (field: string) => Boolean(config.properties[field]) && !config.properties[field].readOnly;
  const fields = SECTIONS.flatMap((s) => s.fields).filter(present);
  // The lead keeps no provider city (no id_cidade): its CEP input looks the address up without
  // offering to add the city to the provider's cities, a right of the HR area.
  const cepConfig = useMemo(() => {
    const { id_empresa: _provider, ...properties } = config.properties;
    return { ...config, properties };
  }, [config]);

  const input = (field: string) => {
    if (field === 'id_empresa') return <ProviderSelect config={config} />;
    if (field === 'cep') return <SchemaInput config={cepConfig} field={field} />;
    return <SchemaInput config={config} field={field} />;
  };

  return (
    <FormReferencesProvider value={references}>
      <TypeCepFromPath cep={cep} />
      <InvalidSubmitNotifier />
      <RequiredBanner />
      {SECTIONS.map((section, index) => (
        <FormSection key={section.title} title={section.title} first={index === 0}>
          {section.fields.filter(present).map((field) => (
            <FormCell key={field} wide={isWide(config.properties[field]) || field === 'cpf'}>
              {input(field)}
              {field === 'cpf' && <CustomerLookup fields={fields} />}
            </FormCell>
          ))}
        </FormSection>
      ))}
    </FormReferencesProvider>
  );
}

function ExternalLeadScreen({ config }: { config: ResourceConfig }) {
  const { cpf: cpfParam, cep: cepParam } = useParams();
  const prefill = useMemo(() => prefillFromPath(cpfParam, cepParam), [cpfParam, cepParam]);
  const defaultValues = useMemo(() => ({ ...defaultsOf(config), ...EXTERNAL_LEAD, ...(prefill.cpf ? { cpf: prefill.cpf } : {}) }), [config, prefill.cpf]);
  const toasts = useResourceToasts(config);
  const afterFeedbackDelay = useSubmitFeedback();
  const navigate = useNavigate();
  const goBack = useGoBack(homePath('external'));
  const mutationOptions = useMemo(
    () => ({
      onSuccess: (saved: Record<string, unknown>) =>
        afterFeedbackDelay(() => {
          toasts.done('created', saved);
          navigate(leadListPath('external', 'leads'));
        }),
      onError: (error: unknown, variables?: { data?: Record<string, unknown> }) => afterFeedbackDelay(() => toasts.failed('created', error, variables?.data)),
    }),
    [afterFeedbackDelay, toasts, navigate],
  );
  // Only the lead's own writable fields travel; the team and the origin are this form's.
  const transform = useMemo(
    () => (data: Record<string, unknown>) => {
      const out: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(data)) {
        const p = config.properties[field];
        if (p && !p.readOnly) out[field] = value;
      }
      for (const [field, value] of Object.entries(EXTERNAL_LEAD)) if (config.properties[field]) out[field] = value;
      return out;
    },
    [config],
  );
  return (
    <Create resource={LEADS} title={EXTERNAL_LEAD_TITLE} actions={false} redirect={false} mutationOptions={mutationOptions} transform={transform}>
      <SimpleForm toolbar={<FormToolbar onCancel={goBack} />} defaultValues={defaultValues} disableInvalidFormNotification warnWhenUnsavedChanges={false}>
        <LeadFields config={config} cep={prefill.cep} />
      </SimpleForm>
    </Create>
  );
}

export default function ExternalLeadForm() {
  useApiOrigin();
  const config = configByResource.get(LEADS);
  // Who may create leads opens the page (its access in index.tsx); without the register, nobody.
  if (!config) return <AccessDenied title={EXTERNAL_LEAD_TITLE} back={homePath('external')} />;
  return (
    <ResourceContextProvider value={LEADS}>
      <Box sx={{ maxWidth: FORM_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar title={EXTERNAL_LEAD_TITLE} back={homePath('external')} />
        <ExternalLeadScreen config={config} />
      </Box>
    </ResourceContextProvider>
  );
}
