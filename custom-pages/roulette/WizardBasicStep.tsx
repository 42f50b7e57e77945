// Step 1 of the roulette wizard, Cadastro básico: the owner (searched among GET v1/roulette/admin),
// the campaign's data, the provider and its system, and once the campaign exists its public link
// with the copy icon. The values and their messages live in the wizard (Wizard.tsx).
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Autocomplete,
  Box,
  createFilterOptions,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useDataProvider } from 'react-admin';
import { REASON_MAX } from '../../src/domain/roulette.js';
import { DateTextField, FormCell, FormSection, useToasts, v1Json } from '../../src/admin/pages.js';
import { AREA } from './routes.js';
import {
  counterText,
  DESCRIPTION_MAX,
  digitsOnly,
  NAME_MAX,
  nameCounter,
  periodDays,
  rangeProblem,
  type BasicField,
  type BasicValues,
  type Errors,
} from './wizardRules.js';
import { WIZARD_TEXTS as T } from './wizardTexts.js';

interface Owner {
  id: number;
  nome: string;
  email?: string | null;
}

interface Named {
  id: number;
  nome: string;
}

/** The inputs' look: the generated forms' (filled, small, dense). */
const FIELD = { variant: 'filled', size: 'small', margin: 'dense', fullWidth: true } as const;

// The owner is found by name or e-mail, accents and case aside.
const ownerFilter = createFilterOptions<Owner>({ stringify: (o) => `${o.nome} ${o.email ?? ''}` });
const nameOf = (o: Named | Owner) => o.nome;
const sameId = (a: Named | Owner, b: Named | Owner) => a.id === b.id;

/** The users who may own a roulette (GET v1/roulette/admin), cached while the wizard is open. */
function useOwners() {
  return useQuery({
    queryKey: ['roulette-wizard', 'owners'],
    queryFn: async () => (await v1Json<{ usuarios: Owner[] }>('/v1/roulette/admin', { module: AREA })).usuarios ?? [],
  });
}

function useProviders() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['roulette-wizard', 'providers'],
    queryFn: async () =>
      (await dataProvider.getList<Named>('providers', { filter: {}, sort: { field: 'nome', order: 'ASC' }, pagination: { page: 1, perPage: 0 } })).data,
  });
}

/** The provider's systems (resource systems by id_empresa): the Sistema select's names. */
function useSystems(provider: number | null) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['roulette-wizard', 'systems', provider],
    enabled: provider !== null,
    queryFn: async () =>
      (
        await dataProvider.getList<Named>('systems', {
          filter: { id_empresa: provider },
          sort: { field: 'nome', order: 'ASC' },
          pagination: { page: 1, perPage: 0 },
        })
      ).data.map((s) => s.nome),
  });
}

export interface BasicStepProps {
  values: BasicValues;
  onChange(patch: Partial<BasicValues>): void;
  errors: Errors<BasicField>;
  /** The stored campaign, once created: its link and the names of what the lists may lack. */
  campaign: Record<string, any> | null;
  disabled?: boolean;
}

export function BasicStep({ values, onChange, errors, campaign, disabled }: BasicStepProps) {
  const owners = useOwners();
  const providers = useProviders();
  const systems = useSystems(values.id_empresa);
  const toasts = useToasts();

  // A stored owner no longer offered (inactive, another provider) still shows by the campaign's name for them.
  const ownerOptions = useMemo(() => {
    const list = owners.data ?? [];
    const id = values.id_usuario_intranet;
    if (id === null || list.some((o) => o.id === id) || !campaign || Number(campaign.id_usuario_intranet) !== id) return list;
    return [...list, { id, nome: String(campaign.responsavel ?? id), email: null }];
  }, [owners.data, values.id_usuario_intranet, campaign]);
  const owner = ownerOptions.find((o) => o.id === values.id_usuario_intranet) ?? null;

  const providerOptions = providers.data ?? [];
  const provider = providerOptions.find((p) => p.id === values.id_empresa) ?? null;

  const systemOptions = useMemo(() => {
    const list = systems.data ?? [];
    return values.sistema && !list.includes(values.sistema) ? [...list, values.sistema] : list;
  }, [systems.data, values.sistema]);

  const days = periodDays(values.data_inicio_campanha, values.data_fim_campanha);
  const link = typeof campaign?.url_campanha === 'string' ? campaign.url_campanha : '';
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toasts.success(T.copied);
    } catch (error) {
      toasts.failure(error);
    }
  };

  return (
    <FormSection title={T.campaignData} first>
      <FormCell>
        <Autocomplete
          options={ownerOptions}
          value={owner}
          onChange={(_, o) => onChange({ id_usuario_intranet: o?.id ?? null })}
          getOptionLabel={nameOf}
          isOptionEqualToValue={sameId}
          filterOptions={ownerFilter}
          noOptionsText={T.noResults}
          loading={owners.isPending}
          loadingText={T.loading}
          disabled={disabled}
          renderOption={({ key, ...props }, o) => (
            <Box component="li" key={key} {...props}>
              <span>
                {o.nome}
                {o.email && (
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {o.email}
                  </Typography>
                )}
              </span>
            </Box>
          )}
          renderInput={(params) => (
            <TextField {...params} {...FIELD} label={T.owner} required error={Boolean(errors.id_usuario_intranet)} helperText={errors.id_usuario_intranet ?? ' '} />
          )}
        />
      </FormCell>
      <FormCell>
        <TextField
          {...FIELD}
          label={T.name}
          required
          value={values.nome}
          onChange={(e) => onChange({ nome: e.target.value })}
          disabled={disabled}
          error={Boolean(errors.nome)}
          helperText={errors.nome ?? nameCounter(values.nome) ?? ' '}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
      </FormCell>
      <FormCell>
        <Autocomplete
          options={providerOptions}
          value={provider}
          // A system belongs to its provider: another provider clears it.
          onChange={(_, p) => onChange({ id_empresa: p?.id ?? null, ...(p?.id === values.id_empresa ? {} : { sistema: '' }) })}
          getOptionLabel={nameOf}
          isOptionEqualToValue={sameId}
          noOptionsText={T.noResults}
          loading={providers.isPending}
          loadingText={T.loading}
          disabled={disabled}
          renderInput={(params) => <TextField {...params} {...FIELD} label={T.provider} required error={Boolean(errors.id_empresa)} helperText={errors.id_empresa ?? ' '} />}
        />
      </FormCell>
      <FormCell>
        <TextField
          {...FIELD}
          select
          label={T.system}
          value={values.sistema}
          onChange={(e) => onChange({ sistema: e.target.value })}
          disabled={disabled || values.id_empresa === null}
          error={Boolean(errors.sistema)}
          helperText={errors.sistema ?? (values.id_empresa === null ? T.chooseProvider : ' ')}
        >
          <MenuItem value="">
            <em>{T.noSystem}</em>
          </MenuItem>
          {systemOptions.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </FormCell>
      <FormCell>
        <DateTextField
          {...FIELD}
          label={T.start}
          required
          value={values.data_inicio_campanha}
          onChange={(v) => onChange({ data_inicio_campanha: v })}
          disabled={disabled}
          error={errors.data_inicio_campanha}
          helperText=" "
        />
      </FormCell>
      <FormCell>
        <DateTextField
          {...FIELD}
          label={T.end}
          required
          value={values.data_fim_campanha}
          onChange={(v) => onChange({ data_fim_campanha: v })}
          disabled={disabled}
          error={errors.data_fim_campanha ?? rangeProblem(values.data_inicio_campanha, values.data_fim_campanha)}
          helperText={days === null ? ' ' : T.days(days)}
        />
      </FormCell>
      <FormCell wide>
        <TextField
          {...FIELD}
          label={T.reason}
          value={values.motivo_aplicacao}
          onChange={(e) => onChange({ motivo_aplicacao: e.target.value })}
          disabled={disabled}
          error={Boolean(errors.motivo_aplicacao)}
          helperText={errors.motivo_aplicacao ?? counterText(values.motivo_aplicacao, REASON_MAX)}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
      </FormCell>
      <FormCell wide>
        <TextField
          {...FIELD}
          label={T.description}
          required
          multiline
          minRows={3}
          value={values.descricao}
          onChange={(e) => onChange({ descricao: e.target.value })}
          disabled={disabled}
          error={Boolean(errors.descricao)}
          helperText={errors.descricao ?? ' '}
          slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
        />
      </FormCell>
      <FormCell>
        <TextField
          {...FIELD}
          label={T.interval}
          value={values.intervalo_votacao}
          onChange={(e) => onChange({ intervalo_votacao: digitsOnly(e.target.value, 4) })}
          disabled={disabled}
          error={Boolean(errors.intervalo_votacao)}
          helperText={errors.intervalo_votacao ?? T.intervalHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </FormCell>
      <FormCell>
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Switch checked={values.api_erp} onChange={(e) => onChange({ api_erp: e.target.checked })} disabled={disabled} />}
          label={T.erp}
        />
      </FormCell>
      {link && (
        <FormCell wide>
          <TextField
            {...FIELD}
            label={T.link}
            value={link}
            onClick={() => void copy()}
            helperText=" "
            slotProps={{
              input: {
                readOnly: true,
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={T.copyLink}>
                      <IconButton
                        aria-label={T.copyLink}
                        onClick={(e) => {
                          // The field copies on a click too: once is enough.
                          e.stopPropagation();
                          void copy();
                        }}
                        edge="end"
                      >
                        <CopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </FormCell>
      )}
    </FormSection>
  );
}
