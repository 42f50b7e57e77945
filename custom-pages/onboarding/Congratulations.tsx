// /human-resources/onboarding/employee/content/congratulations: every trail is finished.
import { useNavigate } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { usePageTitle } from '../../src/admin/shell/TitleBar.js';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';

export default function Congratulations() {
  const navigate = useNavigate();
  usePageTitle('Onboarding');
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
