// /compliments/register/{id}: praise the colleague whose user id is {id} (the generated compliment
// form, its colleague taken from the address and shown read-only; /compliments/register lets the
// user choose). /compliments/listByUser/{id}: the compliments user {id} received, as the generated
// list of compliments narrowed to them (the user sees all they received, HR all of their providers',
// a colleague those they wrote), with Elogiar leading to the register of that colleague.
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import Star from '@mui/icons-material/Star';
import { AccessDenied, configByResource, ResourceFormScreen as ResourceForm, ResourceListScreen as ResourceList, useApiOrigin, useViewer, v1Json } from '../../src/admin/pages.js';
import { TEXTS } from './texts.js';

export const COMPLIMENTS = 'compliments';

const idOf = (raw: string | undefined) => (/^\d{1,9}$/.test(raw ?? '') ? Number(raw) : null);

export function ComplimentRegister() {
  const id = idOf(useParams().id);
  const config = configByResource.get(COMPLIMENTS);
  if (!config) return <AccessDenied title="Elogios" />;
  if (id === null) return <Navigate to="/compliments/register" replace />;
  return <ResourceForm config={{ ...config, returnTo: `/compliments/listByUser/${id}` }} mode="create" />;
}

function Colleague({ id }: { id: number }) {
  useApiOrigin();
  const viewer = useViewer();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    v1Json<{ usuario: { nome: string | null; email: string } }>(`/v1/company/users/${id}`, { module: 'rh' })
      .then((r) => !cancelled && setName(r.usuario.nome || r.usuario.email))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [id]);
  const self = viewer.usuarioId === id;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
      <Typography sx={{ flex: 1 }}>{self ? 'Os elogios que você recebeu dos colegas.' : name ? `Elogios recebidos por ${name}.` : ''}</Typography>
      {!self && (
        <Button component={RouterLink} to={`/compliments/register/${id}`} variant="contained" startIcon={<Star />}>
          Elogiar
        </Button>
      )}
    </Box>
  );
}

export function ReceivedList() {
  const id = idOf(useParams().id);
  const declared = configByResource.get(COMPLIMENTS);
  const config = useMemo(
    () => (declared && id !== null ? { ...declared, title: TEXTS.receivedTitle, hideAdd: true, listFilter: { ...declared.listFilter, id_elogiado: id } } : null),
    [declared, id],
  );
  if (!config || id === null) return <AccessDenied title={TEXTS.receivedTitle} />;
  return <ResourceList key={id} config={config} banner={<Colleague id={id} />} />;
}
