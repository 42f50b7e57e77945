// /human-resources/onboarding/sync-trail/{id}: the trails already linked (in order, each may be
// unlinked) and the trails not linked yet (POST /v1/lista/onboarding/trilha) to choose and order;
// Salvar links the chosen ones after the linked ones (POST /v1/rh/company/onboarding/trilha).
// Someone whose role only views trails (a reader, section 6) sees the linked trails and nothing to change.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Box, Button, IconButton, List, ListItem, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import LinkOff from '@mui/icons-material/LinkOff';
import { configByResource, TitleBar, useRights } from '../../src/admin/pages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import { OrderPicker, type PickItem } from './OrderPicker.js';
import type { OnboardingRow, TrailRow } from './types.js';

export default function SyncTrail() {
  const { id } = useParams();
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  // Linking is the list's 'Associar trilhas': the onboardings' create right (solicitantes and up).
  const canLink = useRights(configByResource.get('onboardings')!).create;
  const [onboarding, setOnboarding] = useState<OnboardingRow | null>(null);
  const [available, setAvailable] = useState<PickItem[]>([]);
  const [chosen, setChosen] = useState<PickItem[]>([]);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const j = await api<{ onboarding_onboarding: OnboardingRow[] }>('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id: Number(id) } });
      if (!j.onboarding_onboarding[0]) throw new Error('not found');
      setOnboarding(j.onboarding_onboarding[0]);
    } catch {
      notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST });
      return;
    }
    if (!canLink) return;
    try {
      const t = await api<{ onboarding_trilha: TrailRow[] }>('POST', '/v1/lista/onboarding/trilha', { filtro: { id_onboarding: Number(id) } });
      setAvailable(t.onboarding_trilha.map((r) => ({ id: r.id, label: r.nome })));
    } catch {
      notify(ONBOARDING_MSG.trailsError, { type: 'error', ...TOAST });
    }
  }, [api, id, notify, canLink]);

  useEffect(() => {
    void load();
  }, [load]);

  const linked = [...(onboarding?.onboarding_trilhas ?? [])].sort((a, b) => a.prioridade - b.prioridade);

  const unlink = async (idTrail: number) => {
    try {
      await api('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: Number(id), id_trilha: [idTrail] });
      await load();
    } catch {
      notify(ONBOARDING_MSG.trailUnlinkError, { type: 'error', ...TOAST });
    }
  };

  const save = async () => {
    if (!chosen.length) return;
    setSaving(true);
    const start = linked.reduce((max, t) => Math.max(max, t.prioridade), 0);
    try {
      await api('POST', '/v1/rh/company/onboarding/trilha', {
        objects: chosen.map((t, i) => ({ id_onboarding: Number(id), id_trilha: t.id, prioridade: start + i + 1 })),
      });
      notify(ONBOARDING_MSG.trailsLinked, { type: 'success', ...TOAST });
      navigate('/human-resources/onboarding/list');
    } catch {
      notify(ONBOARDING_MSG.trailsLinkError, { type: 'error', ...TOAST });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={canLink ? 'Associar Trilhas' : 'Trilhas do Onboarding'} back="/human-resources/onboarding/list" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {onboarding?.titulo}
        </Typography>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Trilhas associadas
        </Typography>
        <List dense aria-label="Trilhas associadas">
          {linked.length === 0 && (
            <ListItem>
              <ListItemText secondary="Nenhuma trilha associada." />
            </ListItem>
          )}
          {linked.map((t) => (
            <ListItem
              key={t.id}
              secondaryAction={
                canLink && (
                  <Tooltip title="Desassociar">
                    <IconButton edge="end" aria-label={`Desassociar ${t.trilha?.nome}`} onClick={() => void unlink(t.id_trilha)}>
                      <LinkOff color="error" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemText primary={`${t.prioridade}. ${t.trilha?.nome ?? ''}`} />
            </ListItem>
          ))}
        </List>
        {canLink && (
          <OrderPicker
            available={available}
            selected={chosen}
            onChange={setChosen}
            availableTitle="Trilhas disponíveis"
            selectedTitle="Trilhas a associar (ordem de leitura)"
            emptyText="Nenhuma trilha escolhida."
          />
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
          <Button variant="outlined" onClick={() => navigate('/human-resources/onboarding/list')}>
            Voltar
          </Button>
          {canLink && (
            <Button variant="contained" onClick={() => void save()} disabled={saving || chosen.length === 0}>
              Salvar
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
