// /human-resources/trail/sync/{id}: choose the trail's contents and their reading order (priority
// 1, 2, ...); Salvar sets exactly these in this order (PUT /v1/onboarding/trilha/{id}/conteudos).
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useDataProvider, useNotify } from 'react-admin';
import { Box, Button, Paper, Typography } from '@mui/material';
import { TitleBar } from '../../src/admin/pages.js';
import { MSG } from '../../src/domain/messages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import { OrderPicker, type PickItem } from './OrderPicker.js';
import type { TrailRow } from './types.js';

export default function TrailSync() {
  const { id } = useParams();
  const api = useApi();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [trail, setTrail] = useState<TrailRow | null>(null);
  const [contents, setContents] = useState<PickItem[]>([]);
  const [chosen, setChosen] = useState<PickItem[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api<{ onboarding_trilha: TrailRow[] }>('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: { id: Number(id) } })
      .then((j) => {
        const row = j.onboarding_trilha[0];
        if (!row) throw new Error('not found');
        setTrail(row);
        setChosen([...row.trilha_conteudos].sort((a, b) => a.prioridade - b.prioridade).map((c) => ({ id: c.id_conteudo, label: c.conteudo?.titulo ?? '' })));
      })
      .catch(() => notify(ONBOARDING_MSG.trailsError, { type: 'error', ...TOAST }));
    dataProvider
      .getList('contents', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'titulo', order: 'ASC' }, filter: {} })
      .then(({ data }) => setContents(data.map((c) => ({ id: Number(c.id), label: String(c.titulo) }))))
      .catch(() => notify(MSG.failure, { type: 'error', ...TOAST }));
  }, [api, dataProvider, id, notify]);

  const save = async () => {
    setSaving(true);
    try {
      await api('PUT', `/v1/onboarding/trilha/${id}/conteudos`, { conteudos: chosen.map((c) => c.id) });
      notify(MSG.success, { type: 'success', ...TOAST });
      navigate('/human-resources/trail/list');
    } catch (e) {
      notify((e as Error).message || MSG.failure, { type: 'error', ...TOAST });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Conteúdos da Trilha" back="/human-resources/trail/list" />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {trail?.nome}
        </Typography>
        <OrderPicker
          available={contents}
          selected={chosen}
          onChange={setChosen}
          availableTitle="Conteúdos disponíveis"
          selectedTitle="Conteúdos da trilha (ordem de leitura)"
          emptyText="Nenhum conteúdo escolhido."
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
          <Button variant="outlined" onClick={() => navigate('/human-resources/trail/list')}>
            Voltar
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving || !trail}>
            Salvar
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
