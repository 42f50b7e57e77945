// /settings/home: for module managers only (others are told they may not open it, as the generated
// screens do); a cards menu of the settings screens.
import { Box } from '@mui/material';
import { anyGestor } from '../../src/domain/roles.js';
import { AccessDenied, CardsMenu, TitleBar, useSession } from '../../src/admin/pages.js';
import { SETTINGS_SECTIONS } from './cards.js';

export const SETTINGS_TITLE = 'Configurações';

export default function SettingsHome() {
  const roles = useSession()?.roles ?? [];
  if (!anyGestor(roles)) return <AccessDenied title={SETTINGS_TITLE} back="/" />;
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={SETTINGS_TITLE} back="/" />
      <CardsMenu sections={SETTINGS_SECTIONS} />
    </Box>
  );
}
