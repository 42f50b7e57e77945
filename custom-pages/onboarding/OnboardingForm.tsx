// /human-resources/onboarding/register (two-step stepper: the data, then the trails in order) and
// /human-resources/onboarding/edit/{id} (the same data). Rules of sections 4 and 5: title, provider,
// department and position are required, but step 2 needs only title and provider; changing the
// provider clears department and position, changing the department clears the position; a provider
// with exactly one department (a department with exactly one position) pre-selects it; a new
// onboarding is active. Salvar sends the data and the chosen trails in order in one call
// (POST /v1/rh/trilha/onboarding with onboarding_trilhas), which the server saves in one transaction.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, FormControlLabel, MenuItem, Paper, Step, StepLabel, Stepper, Switch, TextField } from '@mui/material';
import { configByResource, HistoryPanel, TitleBar } from '../../src/admin/pages.js';
import { MSG } from '../../src/domain/messages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import { OrderPicker, type PickItem } from './OrderPicker.js';
import type { Named, OnboardingRow, TrailRow } from './types.js';

export interface OnboardingData {
  titulo: string;
  status: boolean;
  id_empresa: number | '';
  id_departamento: number | '';
  id_cargo: number | '';
}

type Errors = Partial<Record<keyof OnboardingData, string>>;

/** An onboarding reaches its employees only once it has content (a trail with at least one content). */
export const ONBOARDING_WITHOUT_CONTENT =
  'Sem trilhas, o onboarding não aparece para os colaboradores: eles só o veem quando ele tiver ao menos uma trilha com conteúdo. Você pode vincular trilhas depois, pela lista de onboardings.';

export const EMPTY: OnboardingData = { titulo: '', status: true, id_empresa: '', id_departamento: '', id_cargo: '' };

/** Missing fields among `fields` ('Campo obrigatório' each). */
export function missing(data: OnboardingData, fields: (keyof OnboardingData)[]): Errors {
  const errors: Errors = {};
  for (const f of fields) {
    const v = data[f];
    if (v === '' || (typeof v === 'string' && !v.trim())) errors[f] = MSG.required;
  }
  return errors;
}

const STEP1: (keyof OnboardingData)[] = ['titulo', 'id_empresa'];
const ALL: (keyof OnboardingData)[] = ['titulo', 'id_empresa', 'id_departamento', 'id_cargo'];

interface Position extends Named {
  id_setor: number;
  id_departamento: number | null;
}

/** Providers, the provider's departments and the department's positions (section 7's reference calls). */
function useReferences(data: OnboardingData, setData: (f: (d: OnboardingData) => OnboardingData) => void) {
  const api = useApi();
  const [companies, setCompanies] = useState<Named[]>([]);
  const [departments, setDepartments] = useState<Named[]>([]);
  const [positions, setPositions] = useState<Position[]>([]);

  useEffect(() => {
    api<{ companies: Named[] }>('GET', '/v1/companies?ativo=true')
      .then((j) => setCompanies(j.companies))
      .catch(() => setCompanies([]));
  }, [api]);

  const company = companies.find((c) => c.id === data.id_empresa);
  useEffect(() => {
    if (!company) return setDepartments([]);
    let live = true;
    api<{ rh_departamento: Named[] }>('GET', `/v1/departamentos/empresa/${company.id}`)
      .then((j) => {
        if (!live) return;
        setDepartments(j.rh_departamento);
        if (j.rh_departamento.length === 1) setData((d) => (d.id_departamento === '' ? { ...d, id_departamento: j.rh_departamento[0].id } : d));
      })
      .catch(() => live && setDepartments([]));
    return () => {
      live = false;
    };
  }, [api, company, setData]);

  const department = data.id_departamento;
  useEffect(() => {
    if (!company || department === '') return setPositions([]);
    let live = true;
    api<{ rh_cargo: Position[] }>('GET', `/v1/company/cargo/${encodeURIComponent(company.nome)}?id_departamento=${department}`)
      .then((j) => {
        if (!live) return;
        const mine = j.rh_cargo.filter((p) => p.id_departamento === null || p.id_departamento === department);
        setPositions(mine);
        if (mine.length === 1) setData((d) => (d.id_cargo === '' ? { ...d, id_cargo: mine[0].id } : d));
      })
      .catch(() => live && setPositions([]));
    return () => {
      live = false;
    };
  }, [api, company, department, setData]);

  return { companies, departments, positions };
}

function DataFields({ data, setData, errors }: { data: OnboardingData; setData: (f: (d: OnboardingData) => OnboardingData) => void; errors: Errors }) {
  const { companies, departments, positions } = useReferences(data, setData);
  // An option not (yet) in the list would make the select warn: show it empty until the list comes.
  const value = (v: number | '', list: Named[]) => (v !== '' && list.some((o) => o.id === v) ? v : '');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <TextField
        label="Título"
        required
        value={data.titulo}
        onChange={(e) => setData((d) => ({ ...d, titulo: e.target.value }))}
        error={Boolean(errors.titulo)}
        helperText={errors.titulo}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        select
        label="Provedor"
        required
        value={value(data.id_empresa, companies)}
        onChange={(e) => setData((d) => ({ ...d, id_empresa: Number(e.target.value), id_departamento: '', id_cargo: '' }))}
        error={Boolean(errors.id_empresa)}
        helperText={errors.id_empresa}
      >
        {companies.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.nome}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Departamento"
        required
        value={value(data.id_departamento, departments)}
        onChange={(e) => setData((d) => ({ ...d, id_departamento: Number(e.target.value), id_cargo: '' }))}
        error={Boolean(errors.id_departamento)}
        helperText={errors.id_departamento}
        disabled={data.id_empresa === ''}
      >
        {departments.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.nome}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Cargo"
        required
        value={value(data.id_cargo, positions)}
        onChange={(e) => setData((d) => ({ ...d, id_cargo: Number(e.target.value) }))}
        error={Boolean(errors.id_cargo)}
        helperText={errors.id_cargo}
        disabled={data.id_departamento === ''}
      >
        {positions.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.nome}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={data.status} onChange={(e) => setData((d) => ({ ...d, status: e.target.checked }))} />}
        label={data.status ? 'Ativo' : 'Inativo'}
      />
    </Box>
  );
}

const payload = (d: OnboardingData) => ({
  titulo: d.titulo.trim(),
  status: d.status,
  id_empresa: d.id_empresa,
  id_departamento: d.id_departamento,
  id_cargo: d.id_cargo,
});

/** Every trail (POST v1/rh/onboarding/trilha/filtrado) as picker items. */
export function useTrails(path = '/v1/rh/onboarding/trilha/filtrado', filtro: Record<string, unknown> = {}) {
  const api = useApi();
  const notify = useNotify();
  const [trails, setTrails] = useState<PickItem[] | null>(null);
  const key = JSON.stringify(filtro);
  useEffect(() => {
    api<{ onboarding_trilha: TrailRow[] }>('POST', path, { filtro: JSON.parse(key) })
      .then((j) => setTrails(j.onboarding_trilha.map((t) => ({ id: t.id, label: t.nome }))))
      .catch(() => {
        setTrails([]);
        notify(ONBOARDING_MSG.trailsError, { type: 'error', ...TOAST });
      });
  }, [api, notify, path, key]);
  return trails;
}

export function OnboardingRegister() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [data, setData] = useState<OnboardingData>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [chosen, setChosen] = useState<PickItem[]>([]);
  const [saving, setSaving] = useState(false);
  const trails = useTrails();

  const next = () => {
    const e = missing(data, STEP1);
    setErrors(e);
    if (Object.keys(e).length) {
      notify(MSG.requiredForm, { type: 'error', ...TOAST });
      return;
    }
    setStep(1);
  };

  const save = async () => {
    const e = missing(data, ALL);
    if (Object.keys(e).length) {
      setErrors(e);
      setStep(0);
      notify(MSG.requiredForm, { type: 'error', ...TOAST });
      return;
    }
    setSaving(true);
    try {
      // The onboarding and its trails in order, in one transaction: all saved, or nothing.
      const json = await api('POST', '/v1/rh/trilha/onboarding', {
        ...payload(data),
        onboarding_trilhas: chosen.map((t, i) => ({ id_trilha: t.id, prioridade: i + 1 })),
      });
      if (!json.insert_onboarding_onboarding.returning[0].id) throw new Error('no id');
    } catch {
      setSaving(false);
      notify(ONBOARDING_MSG.createError, { type: 'error', ...TOAST });
      return;
    }
    notify(chosen.length ? ONBOARDING_MSG.trailsLinked : MSG.success, { type: 'success', ...TOAST });
    setSaving(false);
    navigate('/human-resources/onboarding/list');
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Novo Onboarding" back="/human-resources/onboarding/list" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          <Step>
            <StepLabel>Dados do onboarding</StepLabel>
          </Step>
          <Step>
            <StepLabel>Trilhas</StepLabel>
          </Step>
        </Stepper>
        {step === 0 ? (
          <>
            <DataFields data={data} setData={setData} errors={errors} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
              <Button variant="contained" onClick={next}>
                Próximo
              </Button>
            </Box>
          </>
        ) : (
          <>
            <OrderPicker
              available={trails ?? []}
              selected={chosen}
              onChange={setChosen}
              availableTitle="Trilhas disponíveis"
              selectedTitle="Trilhas do onboarding (ordem de leitura)"
              emptyText="Nenhuma trilha escolhida."
            />
            {chosen.length === 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {ONBOARDING_WITHOUT_CONTENT}
              </Alert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
              <Button variant="outlined" onClick={() => setStep(0)}>
                Voltar
              </Button>
              <Button variant="contained" onClick={() => void save()} disabled={saving}>
                Salvar
              </Button>
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}

export function OnboardingEdit() {
  const { id } = useParams();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [data, setData] = useState<OnboardingData | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<{ onboarding_onboarding: OnboardingRow[] }>('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id: Number(id) } })
      .then((j) => {
        const row = j.onboarding_onboarding[0];
        if (!row) throw new Error('not found');
        setData({ titulo: row.titulo, status: row.status, id_empresa: row.id_empresa, id_departamento: row.id_departamento ?? '', id_cargo: row.id_cargo ?? '' });
      })
      .catch(() => notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST }));
  }, [api, id, notify]);

  const update = useMemo(() => (f: (d: OnboardingData) => OnboardingData) => setData((d) => (d ? f(d) : d)), []);

  const save = async () => {
    if (!data) return;
    const e = missing(data, ALL);
    setErrors(e);
    if (Object.keys(e).length) {
      notify(MSG.requiredForm, { type: 'error', ...TOAST });
      return;
    }
    setSaving(true);
    try {
      await api('PUT', `/v1/rh/trilha/onboarding/${id}`, payload(data));
      notify(ONBOARDING_MSG.updated, { type: 'success', ...TOAST });
      navigate('/human-resources/onboarding/list');
    } catch {
      notify(ONBOARDING_MSG.updateError, { type: 'error', ...TOAST });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Editar Onboarding" back="/human-resources/onboarding/list" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        {data && <DataFields data={data} setData={update} errors={errors} />}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
          <Button variant="outlined" onClick={() => navigate('/human-resources/onboarding/list')}>
            Voltar
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={!data || saving}>
            Salvar
          </Button>
        </Box>
      </Paper>
      {/* Every edit screen shows the record's change history (foundation spec, section 2). */}
      {id && <HistoryPanel config={configByResource.get('onboardings')!} id={id} />}
    </Box>
  );
}
