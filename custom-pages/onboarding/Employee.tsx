// /human-resources/onboarding/employee: the signed-in employee's onboardings (POST
// /v1/onboarding/funcionario), each with its progress and its trails in order; a trail opens its
// content cards once every trail before it is finished.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Box, Button, Card, CardActions, CardContent, Chip, LinearProgress, Paper, Typography } from '@mui/material';
import Lock from '@mui/icons-material/Lock';
import { TitleBar, useSession } from '../../src/admin/pages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import type { EmployeeOnboarding, EmployeeTrail } from './types.js';

export const EMPLOYEE_HOME = '/human-resources/onboarding/employee';
export const contentPath = (idOnboarding: number, idTrail: number, idContent?: number) =>
  `${EMPLOYEE_HOME}/content?idOnboarding=${idOnboarding}&idTrail=${idTrail}${idContent === undefined ? '' : `&idContent=${idContent}`}`;
/** The congratulations of one onboarding (the screen shows them only once it is really finished). */
export const congratulationsPath = (idOnboarding: number) => `${EMPLOYEE_HOME}/content/congratulations?idOnboarding=${idOnboarding}`;

export function Progress({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress variant="determinate" value={value} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={label} />
      <Typography variant="body2" sx={{ minWidth: 40 }}>
        {value}%
      </Typography>
    </Box>
  );
}

/** A name the server answers as a string or as { nome }. */
const nameOf = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'nome' in v ? String((v as { nome: unknown }).nome) : '');

function trailState(t: EmployeeTrail) {
  if (t.concluida) return { label: 'Concluída', color: 'success' as const };
  if (t.em_andamento) return { label: 'Em andamento', color: 'warning' as const };
  if (!t.liberada) return { label: 'Bloqueada', color: 'default' as const };
  return { label: 'Não iniciada', color: 'default' as const };
}

export default function Employee() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const [rows, setRows] = useState<EmployeeOnboarding[] | null>(null);
  const usuarioId = session?.user?.usuarioId || undefined;

  useEffect(() => {
    api<{ onboarding_onboarding: EmployeeOnboarding[] }>('POST', '/v1/onboarding/funcionario', usuarioId ? { id_funcionario: usuarioId } : {})
      .then((j) => setRows(j.onboarding_onboarding))
      .catch(() => {
        setRows([]);
        notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST });
      });
  }, [api, notify, usuarioId]);

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Meu Onboarding" back="/" />
      {rows && rows.length === 0 && <Typography>Nenhum onboarding disponível para você no momento.</Typography>}
      {rows?.map((o) => (
        <Paper key={o.id} variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-label={o.titulo}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {o.titulo}
            </Typography>
            {o.concluido ? (
              <Chip color="success" label="Concluído" />
            ) : (
              o.proximo && (
                <Button variant="contained" onClick={() => navigate(contentPath(o.id, o.proximo!.id_trilha, o.proximo!.id_conteudo))}>
                  {o.finalizados > 0 ? 'Continuar' : 'Começar'}
                </Button>
              )
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {[o.empresa, o.departamento, o.cargo].map(nameOf).filter(Boolean).concat(`${o.finalizados} de ${o.total} conteúdos lidos`).join(' · ')}
          </Typography>
          <Progress value={o.status} label={`Progresso de ${o.titulo}`} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', mt: 2 }}>
            {o.onboarding_trilhas.map((t) => {
              const state = trailState(t);
              return (
                <Card key={t.id_trilha} variant="outlined" aria-label={t.trilha.nome}>
                  <CardContent>
                    <Typography variant="overline">Trilha {t.prioridade}</Typography>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {t.trilha.nome}
                    </Typography>
                    <Chip size="small" label={state.label} color={state.color} sx={{ my: 1 }} icon={t.liberada ? undefined : <Lock />} />
                    <Progress value={t.status} label={`Progresso de ${t.trilha.nome}`} />
                    <Typography variant="caption" color="text.secondary">
                      {t.finalizados} de {t.total} conteúdos
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button disabled={!t.liberada} onClick={() => navigate(contentPath(o.id, t.id_trilha))}>
                      Ver conteúdos
                    </Button>
                  </CardActions>
                </Card>
              );
            })}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
