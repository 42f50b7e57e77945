// The one page of a refused right, for every screen: the generated lists (react-admin's accessDenied),
// the generated forms, and the bespoke pages (their route's access rule, screens.ts). The title bar
// keeps the page's title when it is known; the text says what happened and the way out.
import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { TitleBar } from './TitleBar.js';

export const ACCESS_DENIED_TITLE = 'Acesso negado';
/** Shown instead of a screen the user's roles may not open. */
export const NOT_ALLOWED_TEXT = 'Você não tem permissão para acessar esta página.';
export const ACCESS_DENIED_HINT = 'Se você precisa deste acesso, peça ao gestor do módulo ou à área de Recursos Humanos.';

export function AccessDenied({ title, back = '/' }: { title?: string; back?: string }) {
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }} data-access-denied="true">
      <TitleBar title={title ?? ACCESS_DENIED_TITLE} back={back} />
      <Box role="alert" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, py: 6, textAlign: 'center' }}>
        <LockIcon color="warning" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {ACCESS_DENIED_TITLE}
        </Typography>
        <Typography>{NOT_ALLOWED_TEXT}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {ACCESS_DENIED_HINT}
        </Typography>
        <Button component={Link} to="/" variant="contained" sx={{ mt: 1 }}>
          Ir para o início
        </Button>
      </Box>
    </Box>
  );
}

export default AccessDenied;
