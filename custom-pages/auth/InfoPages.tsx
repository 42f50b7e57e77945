// The other public page of /home: how to sign in (info-login). Candidate registration (RegisterHome)
// is Register.tsx; the vacancies (/home/vacancy, LoginHome's first child) are the careers list
// (custom-pages/careers-public/).
import { Link } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { LOGIN_ROUTE } from '../../src/admin/pages.js';
import { FormCard, PublicPage } from './PublicPage.js';

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
