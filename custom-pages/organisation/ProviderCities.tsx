// /providers/list/cities/{id}: the cities a provider serves, chosen from the municipality list in a
// dual list and saved at once with POST /v1/delete/insert/cidades/provedor {id_empresa, objects}.
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useGetOne } from 'react-admin';
import { MSG } from '../../src/domain/messages.js';
import { configByResource, SELECT_DEBOUNCE_MS, TitleBar, useApiOrigin, useGoBack, useRights, useToasts, v1Json } from '../../src/admin/pages.js';
import { DualList, type DualItem } from './DualList.js';
import { cityKey, searchMunicipalities, STATES, type Municipality } from './municipalities.js';

export const PROVIDER_CITIES_PATH = '/providers/list/cities/:id';
const BACK = '/providers/list';

interface CityRow {
  id: number;
  nome: string;
  uf: string;
  ativo: boolean;
}

const itemOf = (nome: string, uf: string): DualItem => ({ key: cityKey(nome, uf), label: nome, secondary: uf });

export default function ProviderCities() {
  const { id } = useParams();
  const providerId = Number(id);
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const goBack = useGoBack(BACK);
  const citiesConfig = configByResource.get('cities')!;
  useApiOrigin();
  const rights = useRights(citiesConfig);
  const canSave = rights.create && rights.delete;
  const { data: provider, isPending: loadingProvider, error: providerError } = useGetOne('providers', { id: providerId }, { enabled: Number.isInteger(providerId) });

  const [chosen, setChosen] = useState<DualItem[] | null>(null);
  const [uf, setUf] = useState<string>('');
  const [search, setSearch] = useState('');
  const [available, setAvailable] = useState<Municipality[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);

  // The provider's current cities (every page).
  useEffect(() => {
    if (!Number.isInteger(providerId)) return;
    let cancelled = false;
    dataProvider
      .getList<CityRow>('cities', { filter: { id_empresa: providerId }, pagination: { page: 1, perPage: 0 }, sort: { field: 'nome', order: 'ASC' } })
      .then(({ data }) => !cancelled && setChosen(data.map((c) => itemOf(c.nome, c.uf))))
      .catch(() => !cancelled && setChosen([]));
    return () => {
      cancelled = true;
    };
  }, [dataProvider, providerId]);

  // Municipalities of the chosen state, narrowed by the search (500 ms after the last key).
  useEffect(() => {
    if (!uf && search.trim().length < 2) {
      setAvailable([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      searchMunicipalities({ uf: uf || null, q: search })
        .then((list) => !cancelled && setAvailable(list))
        .catch(() => !cancelled && setAvailable([]))
        .finally(() => !cancelled && setLoading(false));
    }, search ? SELECT_DEBOUNCE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [uf, search]);

  const availableItems = useMemo(() => available.map((m) => itemOf(m.label, m.uf)), [available]);

  const save = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await v1Json('/v1/delete/insert/cidades/provedor', {
        method: 'POST',
        module: citiesConfig.module,
        body: JSON.stringify({
          id_empresa: providerId,
          objects: chosen.map((c) => ({ nome: c.label, uf: c.secondary, ativo: true })),
        }),
      });
      toasts.success(MSG.success);
      goBack();
    } catch (error) {
      toasts.failure(error);
    } finally {
      setSaving(false);
    }
  };

  const title = provider ? `Cidades do provedor ${provider.nome}` : 'Cidades do provedor';
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back={BACK} />
      {providerError ? (
        <Alert severity="error">{MSG.notFound}</Alert>
      ) : loadingProvider || chosen === null ? (
        <CircularProgress />
      ) : (
        <Paper sx={{ p: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Escolha o estado (ou pesquise pelo nome) e mova as cidades atendidas por {provider?.nome} para a lista da direita.
          </Typography>
          <DualList
            available={availableItems}
            chosen={chosen}
            onChange={setChosen}
            loading={loading}
            disabled={!canSave}
            availableTitle="Cidades disponíveis"
            chosenTitle="Cidades do provedor"
            availableEmpty={uf ? 'Nenhum dado encontrado' : 'Escolha o estado ou pesquise a cidade (2 letras ou mais).'}
            availableHeader={
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <TextField select size="small" label="Estado" value={uf} onChange={(e) => setUf(e.target.value)} sx={{ minWidth: 96 }}>
                  <MenuItem value="">Todos</MenuItem>
                  {STATES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField size="small" fullWidth label="Pesquisar cidade" value={search} onChange={(e) => setSearch(e.target.value)} />
              </Stack>
            }
          />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="outlined" onClick={goBack}>
              Cancelar
            </Button>
            {canSave && (
              <Button variant="contained" onClick={() => void save()} disabled={saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
                Salvar
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
