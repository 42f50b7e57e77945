// /human-resources/onboarding/employee/content/congratulations[?idOnboarding]: shown when every trail
// is finished (section 2). The screen asks the employee's onboardings (POST /v1/onboarding/funcionario)
// and shows the congratulations only when that onboarding (without idOnboarding: one of them) is
// really finished; otherwise it sends the employee to their onboarding page.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { Box, Button, Paper, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { usePageTitle, useSession } from '../../src/admin/pages.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { TOAST, useApi } from './api.js';
import { EMPLOYEE_HOME } from './Employee.js';
import type { EmployeeOnboarding } from './types.js';

export default function Congratulations() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const usuarioId = useSession()?.user?.usuarioId || undefined;
  const idOnboarding = Number(params.get('idOnboarding')) || undefined;
  const [finished, setFinished] = useState(false);
  usePageTitle('Onboarding');

  useEffect(() => {
    let live = true;
    api<{ onboarding_onboarding: EmployeeOnboarding[] }>('POST', '/v1/onboarding/funcionario', usuarioId ? { id_funcionario: usuarioId } : {})
      .then((j) => {
        if (!live) return;
        const done = j.onboarding_onboarding.some((o) => o.concluido && (idOnboarding === undefined || o.id === idOnboarding));
        if (done) setFinished(true);
        else navigate(EMPLOYEE_HOME, { replace: true });
      })
      .catch(() => {
        if (!live) return;
        notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST });
        navigate(EMPLOYEE_HOME, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [api, idOnboarding, navigate, notify, usuarioId]);

  if (!finished) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6, px: 2 }}>
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', maxWidth: 560 }}>
        <EmojiEvents color="warning" sx={{ fontSize: 96 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, my: 2 }}>
          {ONBOARDING_MSG.congratulations}
        </Typography>
        <Button variant="contained" size="large" onClick={() => navigate('/')}>
          {ONBOARDING_MSG.backHome}
        </Button>
      </Paper>
    </Box>
  );
}
