// '/': the internal home. A placeholder until the spec's home (news, shortcuts) is built.
import { Link } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { usePageTitle } from './TitleBar.js';

export function Home() {
  usePageTitle('Início');
  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: 2, py: 4 }}>
      <Title title="Início" />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        Bem-vindo à Intranet
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Acesse os cadastros do grupo pela área de administração.
      </Typography>
      <Button component={Link} to="/modulos/admin" variant="contained">
        Ir para a administração
      </Button>
    </Box>
  );
}

export default Home;
