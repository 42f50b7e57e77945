// /patrocinios/sucesso: the thank-you page after a sponsorship request, with its protocol (from the
// form's router state; opened without it, a generic text), where the confirmation went and what
// happens next.
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { PublicPage } from '../auth/PublicPage.js';
import { FORM_PATH, successStateOf } from './paths.js';
import { SPONSORSHIP_TEXTS as T } from './texts.js';

export default function SuccessPage() {
  const sent = successStateOf(useLocation().state);
  return (
    <PublicPage title={T.doneTitle} width={640}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mt: 1, mb: 2 }}>
          {T.doneTitle}
        </Typography>
        {sent && (
          <Box sx={{ mb: 2 }}>
            <Typography sx={{ color: 'text.secondary' }} id="sponsorship-protocol">
              {T.protocol}
            </Typography>
            <Typography variant="h5" component="p" aria-labelledby="sponsorship-protocol" sx={{ fontWeight: 700, letterSpacing: 1, fontFamily: 'monospace' }}>
              {sent.protocolo}
            </Typography>
          </Box>
        )}
        <Typography sx={{ mb: 1 }}>{sent?.email ? T.confirmationTo(sent.email) : T.confirmationSent}</Typography>
        {sent && <Typography sx={{ color: 'text.secondary', mb: 1 }}>{T.keepProtocol}</Typography>}
        <Box sx={{ textAlign: 'left', mt: 3 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {T.nextTitle}
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
            {T.nextSteps.map((step) => (
              <li key={step}>
                <Typography>{step}</Typography>
              </li>
            ))}
          </Box>
        </Box>
        <Button component={RouterLink} to={FORM_PATH} variant="contained" sx={{ mt: 3 }}>
          {T.another}
        </Button>
      </Paper>
    </PublicPage>
  );
}
