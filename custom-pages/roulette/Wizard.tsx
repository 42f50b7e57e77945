// /marketing/roulette/register and /marketing/roulette/edit/{id}/{idOwner} (marketing document,
// sections 2 and 5, "Roulette register/edit wizard" and "Roulette campaign"): three steps, Cadastro
// básico, Prêmios da roleta and Aparência da roleta, each saved by its forward button (Salvar on the
// register, Avançar on the edit) before the next opens. Step 1 creates or updates the campaign
// (resource roulette-campaigns); the register then continues at register?id=&ownerId=, so a reload
// keeps the campaign and reopens at the prizes. Step 2 saves both wheels at once (PUT
// v1/roulette/{id}/premios), step 3 the look (PUT v1/roulette/{id}/aparencia), then the list opens.
// A failed save keeps the step and every value. The edit shows the campaign's history below.
import { AccessDenied, configByResource, LazyHistoryPanel as HistoryPanel, TitleBar, useApiOrigin, useToasts, v1Json } from '../../src/admin/pages.js';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { AREA, CAMPAIGNS, LIST_PATH, REGISTER_PATH, TITLES } from './routes.js';
import { AppearanceStep, type AppearanceField } from './WizardAppearanceStep.js';
import { BasicStep } from './WizardBasicStep.js';
import { PrizesStep, type PrizeGroup } from './WizardPrizesStep.js';
import {
  APPEARANCE_DEFAULTS,
  appearanceOf,
  appearancePayload,
  basicOf,
  basicPayload,
  changedFields,
  EMPTY_BASIC,
  emptyGroups,
  hasErrors,
  lacksRequired,
  prizeErrorsOf,
  prizeRowsOf,
  prizesPayload,
  serverErrors,
  validateAppearance,
  validateBasic,
  validateGroups,
  withSavedIds,
  type AppearanceValues,
  type BasicField,
  type BasicValues,
  type Errors,
  type PrizeErrors,
  type PrizeGroups,
} from './wizardRules.js';
import { WIZARD_TEXTS as T } from './wizardTexts.js';

// The history panel loads with the edit screen only (it also keeps the generated form's chunk its own).

/** The spec's width of the wizard. */
export const WIZARD_MAX_WIDTH = 982;

const PRIZES = 'roulette-prizes';
const APPEARANCES = 'roulette-appearances';

type Campaign = Record<string, any> & { id: number };
type Mode = 'create' | 'edit';

const noPrizeErrors = (): Record<PrizeGroup, PrizeErrors[]> => ({ customers: [], nonCustomers: [] });

const registerAddress = (campaign: Campaign) => `${REGISTER_PATH}?id=${campaign.id}&ownerId=${campaign.id_usuario_intranet ?? ''}`;

function StepButtons({ onBack, label, onForward, busy }: { onBack?: () => void; label: string; onForward: () => void; busy: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: onBack ? 'space-between' : 'flex-end' }}>
      {onBack && (
        <Button variant="outlined" onClick={onBack} disabled={busy}>
          {T.back}
        </Button>
      )}
      <Button variant="contained" onClick={onForward} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {label}
      </Button>
    </Stack>
  );
}

function RouletteWizard({ mode, id }: { mode: Mode; id?: string }) {
  useApiOrigin();
  const config = configByResource.get(CAMPAIGNS);
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useToasts();

  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [basic, setBasic] = useState<BasicValues>(EMPTY_BASIC);
  const [basicErrors, setBasicErrors] = useState<Errors<BasicField>>({});
  const [prizes, setPrizes] = useState<PrizeGroups>(emptyGroups);
  const [prizeErrors, setPrizeErrors] = useState(noPrizeErrors);
  const [appearance, setAppearance] = useState<AppearanceValues>(APPEARANCE_DEFAULTS);
  const [appearanceErrors, setAppearanceErrors] = useState<Errors<AppearanceField>>({});

  // The campaign of the address, its prizes and its look; a campaign just created here is known already.
  const loaded = !id || (campaign !== null && String(campaign.id) === id);
  useEffect(() => {
    if (loaded || !id) return;
    let live = true;
    setLoadFailed(false);
    const filter = { id_campanha: Number(id) };
    Promise.all([
      dataProvider.getOne(CAMPAIGNS, { id }),
      dataProvider.getList(PRIZES, { filter, sort: { field: 'ordem', order: 'ASC' }, pagination: { page: 1, perPage: 100 } }),
      dataProvider.getList(APPEARANCES, { filter, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1 } }),
    ])
      .then(([one, prizeList, looks]) => {
        if (!live) return;
        setCampaign(one.data as Campaign);
        setBasic(basicOf(one.data));
        setPrizes({ customers: prizeRowsOf(prizeList.data, true), nonCustomers: prizeRowsOf(prizeList.data, false) });
        setAppearance(appearanceOf(looks.data[0]));
        setBasicErrors({});
        setPrizeErrors(noPrizeErrors());
        setAppearanceErrors({});
        // A register reloaded after step 1 continues where it stopped.
        setStep(mode === 'create' ? 1 : 0);
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [loaded, id, mode, dataProvider]);

  // Leaving register?id= for a bare register (NOVA ROLETA from the menu) starts a new campaign.
  const previousId = useRef(id);
  useEffect(() => {
    const before = previousId.current;
    previousId.current = id;
    if (!before || id) return;
    setCampaign(null);
    setStep(0);
    setBasic(EMPTY_BASIC);
    setBasicErrors({});
    setPrizes(emptyGroups());
    setPrizeErrors(noPrizeErrors());
    setAppearance(APPEARANCE_DEFAULTS);
    setAppearanceErrors({});
  }, [id]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  const forward = mode === 'edit' ? T.advance : T.save;
  const busy = saving || uploading;

  const changeBasic = (patch: Partial<BasicValues>) => {
    setBasic((v) => ({ ...v, ...patch }));
    setBasicErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as BasicField[]) delete next[k];
      // A date moved: the range message of the end is the live one now.
      if ('data_inicio_campanha' in patch) delete next.data_fim_campanha;
      return next;
    });
  };

  const saveBasic = async () => {
    const found = validateBasic(basic);
    setBasicErrors(found);
    if (hasErrors(found)) {
      if (lacksRequired(found)) toasts.failure({ message: T.requiredForm });
      return;
    }
    const payload = basicPayload(basic);
    setSaving(true);
    try {
      if (!campaign) {
        const { data } = await dataProvider.create(CAMPAIGNS, { data: payload });
        const created = data as Campaign;
        setCampaign(created);
        toasts.success(T.created);
        navigate(registerAddress(created), { replace: true });
      } else {
        const changes = changedFields(payload, campaign);
        if (Object.keys(changes).length) {
          const { data } = await dataProvider.update(CAMPAIGNS, { id: campaign.id, data: changes, previousData: campaign });
          const updated = { ...campaign, ...data } as Campaign;
          setCampaign(updated);
          if (mode === 'create' && 'id_usuario_intranet' in changes) navigate(registerAddress(updated), { replace: true });
        }
      }
      setStep(1);
    } catch (error) {
      setBasicErrors(serverErrors(error) as Errors<BasicField>);
      toasts.failure(error);
    } finally {
      setSaving(false);
    }
  };

  const changePrizes: Parameters<typeof PrizesStep>[0]['onChange'] = (group, rows, edited) => {
    setPrizes((g) => ({ ...g, [group]: rows }));
    setPrizeErrors((e) => {
      const list = e[group].slice(0, rows.length);
      if (edited && list[edited.index]) {
        const rest: PrizeErrors = { ...list[edited.index] };
        delete rest[edited.field];
        // Either of the two stock fields can settle the quantity's message.
        if (edited.field === 'quantidade_minima') delete rest.quantidade;
        list[edited.index] = rest;
      }
      return { ...e, [group]: list };
    });
  };

  const savePrizes = async () => {
    if (!campaign) return;
    const found = validateGroups(prizes);
    setPrizeErrors(found);
    const all = [...found.customers, ...found.nonCustomers];
    if (hasErrors(all)) {
      if (lacksRequired(all)) toasts.failure({ message: T.requiredForm });
      return;
    }
    setSaving(true);
    try {
      const answer = await v1Json<{ premios?: Record<string, any>[] }>(`/v1/roulette/${campaign.id}/premios`, {
        method: 'PUT',
        body: JSON.stringify(prizesPayload(prizes)),
        module: AREA,
      });
      setPrizes((g) => withSavedIds(g, answer.premios ?? []));
      void queryClient.invalidateQueries({ queryKey: [PRIZES] });
      setStep(2);
    } catch (error) {
      const mapped = prizeErrorsOf(serverErrors(error), prizes);
      setPrizeErrors({ customers: mapped.customers, nonCustomers: mapped.nonCustomers });
      // The server's text as it comes ('CAMPANHA COM PREMIOS JA DISTRIBUIDOS', 'Cada roda precisa ...').
      toasts.failure(error);
    } finally {
      setSaving(false);
    }
  };

  const changeAppearance = (patch: Partial<AppearanceValues>) => {
    setAppearance((v) => ({ ...v, ...patch }));
    setAppearanceErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as AppearanceField[]) delete next[k];
      return next;
    });
  };

  const saveAppearance = async () => {
    if (!campaign) return;
    const found = validateAppearance(appearance);
    setAppearanceErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      await v1Json(`/v1/roulette/${campaign.id}/aparencia`, { method: 'PUT', body: JSON.stringify(appearancePayload(appearance)), module: AREA });
      toasts.success(mode === 'edit' ? T.updated : T.created);
      void queryClient.invalidateQueries({ queryKey: [CAMPAIGNS] });
      void queryClient.invalidateQueries({ queryKey: [APPEARANCES] });
      navigate(LIST_PATH);
    } catch (error) {
      setAppearanceErrors(serverErrors(error) as Errors<AppearanceField>);
      toasts.failure(error);
      setSaving(false);
    }
  };

  const prizeNames = useMemo(() => prizes.customers.map((p) => p.nome.trim()), [prizes.customers]);
  const title = mode === 'edit' ? TITLES.edit : TITLES.register;
  if (!config) return <AccessDenied title={title} back={LIST_PATH} />;

  return (
    <Box sx={{ maxWidth: WIZARD_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back={LIST_PATH} />
      {loadFailed ? (
        <Alert severity="error">{T.loadError}</Alert>
      ) : !loaded ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={T.loading} />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
            {T.steps.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
            {T.steps[step]}
          </Typography>
          {step === 0 && (
            <>
              <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, display: 'block', mb: 1 }}>
                {T.requiredNote}
              </Typography>
              <BasicStep values={basic} onChange={changeBasic} errors={basicErrors} campaign={campaign} disabled={saving} />
              <StepButtons label={forward} onForward={() => void saveBasic()} busy={busy} />
            </>
          )}
          {step === 1 && (
            <>
              <PrizesStep groups={prizes} errors={prizeErrors} onChange={changePrizes} disabled={saving} />
              <StepButtons onBack={() => setStep(0)} label={forward} onForward={() => void savePrizes()} busy={busy} />
            </>
          )}
          {step === 2 && (
            <>
              <AppearanceStep
                values={appearance}
                onChange={changeAppearance}
                errors={appearanceErrors}
                prizeNames={prizeNames}
                onUploading={setUploading}
                disabled={saving}
              />
              <StepButtons onBack={() => setStep(1)} label={T.save} onForward={() => void saveAppearance()} busy={busy} />
            </>
          )}
        </Paper>
      )}
      {mode === 'edit' && campaign && (
        <Suspense fallback={null}>
          <HistoryPanel config={config} id={campaign.id} />
        </Suspense>
      )}
    </Box>
  );
}

/** The register: a new campaign, or the one step 1 created (?id=&ownerId=) after a reload. */
export default function RouletteRegister() {
  const [search] = useSearchParams();
  return <RouletteWizard mode="create" id={search.get('id') || undefined} />;
}

/** The edit of a campaign (/marketing/roulette/edit/{id}/{idOwner}: the owner comes with the record). */
export function RouletteEdit() {
  const { id } = useParams();
  return <RouletteWizard mode="edit" id={id} />;
}
