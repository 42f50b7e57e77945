// /home/login/enter (Login: candidates and everyone sent here by the authentication check) and
// /intranet (AdminLogin: the employees' entrance).
import { Navigate, Link } from 'react-router-dom';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { useSession } from '../../src/admin/session.js';
import { BrandLogos, IntranetLogo } from '../../src/admin/shell/Logos.js';
import { LoginForm } from './LoginForm.js';
import { FormCard, PublicPage } from './PublicPage.js';

export function LoginPage({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  if (session) return <Navigate to="/" replace />;
  return (
    <PublicPage title={admin ? 'Acesso à Intranet' : 'Entrar'}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        {admin ? <IntranetLogo color="#1a56a6" height={40} /> : <BrandLogos height={26} />}
      </Box>
      <FormCard
        title={admin ? 'Acesso à Intranet' : 'Entrar'}
        subtitle={admin ? 'Use o e-mail e a senha da sua conta de colaborador.' : 'Acesse sua conta para acompanhar vagas e seu currículo.'}
      >
        <LoginForm />
      </FormCard>
      <Typography sx={{ mt: 2, textAlign: 'center', color: 'text.secondary' }} variant="body2">
        {admin ? (
          <>
            Procurando vagas?{' '}
            <MuiLink component={Link} to="/home/vacancy">
              Conheça as oportunidades
            </MuiLink>
          </>
        ) : (
          <>
            Ainda não tem conta?{' '}
            <MuiLink component={Link} to="/home/login/register">
              Cadastre-se
            </MuiLink>
            {' · '}
            <MuiLink component={Link} to="/home/login/info-login">
              Saiba como entrar
            </MuiLink>
          </>
        )}
      </Typography>
    </PublicPage>
  );
}

export const EnterPage = () => <LoginPage />;
export const AdminLoginPage = () => <LoginPage admin />;
export default EnterPage;
