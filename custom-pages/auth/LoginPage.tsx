// /home/login/enter (Login: candidates and everyone sent here by the authentication check) and
// /intranet (AdminLogin: the employees' entrance). A `next` in the query (a path of this site, e.g. a
// vacancy to apply to) is where the user goes once signed in, and it follows them to 'Cadastre-se'.
import { Navigate, Link } from 'react-router-dom';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { BrandLogos, IntranetLogo, useSession } from '../../src/admin/pages.js';
import { useNext, withNext } from './forms.js';
import { LoginForm } from './LoginForm.js';
import { FormCard, PublicPage } from './PublicPage.js';

export function LoginPage({ admin = false }: { admin?: boolean }) {
  const session = useSession();
  const next = useNext();
  if (session) return <Navigate to={next ?? '/'} replace />;
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
            <MuiLink component={Link} to={withNext('/home/login/register', next)}>
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
