// The other public pages of /home: vacancies (LoginHome's first child) and how to sign in
// (info-login). Candidate registration (RegisterHome) is Register.tsx.
import { Link } from 'react-router-dom';
import { Box, Button, Paper, Typography } from '@mui/material';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import { LOGIN_ROUTE } from '../../src/admin/authProvider.js';
import { useSession } from '../../src/admin/session.js';
import { FormCard, PublicPage } from './PublicPage.js';

export function VacancyPage() {
  // A signed-in user is already in: their resume instead of 'Entrar'.
  const signedIn = Boolean(useSession());
  return (
    <PublicPage title="Vagas" width={860}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center' }}>
        <WorkIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          Vagas
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
          Venha trabalhar com a Bitcom, a RazãoInfo e a Vetorial: conectamos pessoas em todo o Brasil.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={Link} to="/careers/list" variant="contained" size="large">
            Ver vagas abertas
          </Button>
          {signedIn ? (
            <Button component={Link} to="/resume/list" variant="outlined" size="large">
              Meu currículo
            </Button>
          ) : (
            <Button component={Link} to={LOGIN_ROUTE} variant="outlined" size="large">
              Entrar
            </Button>
          )}
        </Box>
      </Paper>
    </PublicPage>
  );
}

export function InfoLoginPage() {
  return (
    <PublicPage title="Como entrar" width={560}>
      <FormCard title="Como entrar">
        <Typography component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1.5 } }}>
          <li>Colaboradores recebem por e-mail uma senha temporária, válida por 7 dias, quando o RH cria o acesso.</li>
          <li>No primeiro acesso, entre com o e-mail e a senha temporária: a intranet pede uma nova senha.</li>
          <li>
            A senha precisa ter no mínimo 8 caracteres, com uma letra maiúscula, uma minúscula, um número e um destes caracteres: $ * &amp; @ # !
          </li>
          <li>Esqueceu a senha? Use "Esqueci minha senha" na tela de login para receber um código de 6 dígitos por e-mail.</li>
        </Typography>
        <Button component={Link} to={LOGIN_ROUTE} variant="contained" fullWidth size="large" sx={{ mt: 2 }}>
          Entrar
        </Button>
      </FormCard>
    </PublicPage>
  );
}
