// /settings/home: for module managers only (others are told they may not open it, as the generated
// screens do); a cards menu of the settings screens.
import { Alert, Box, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { anyGestor } from '../../src/domain/roles.js';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { CardsMenu } from '../../src/admin/shell/CardsMenu.js';
import { TitleBar } from '../../src/admin/shell/TitleBar.js';
import { useSession } from '../../src/admin/session.js';
import { SETTINGS_SECTIONS } from './cards.js';

export const SETTINGS_TITLE = 'Configurações';

export default function SettingsHome() {
  const roles = useSession()?.roles ?? [];
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={SETTINGS_TITLE} back="/" />
      {anyGestor(roles) ? (
        <CardsMenu sections={SETTINGS_SECTIONS} />
      ) : (
        <Alert severity="warning" action={<Button component={Link} to="/">Voltar</Button>}>
          {NOT_ALLOWED_TEXT}
        </Alert>
      )}
    </Box>
  );
}
