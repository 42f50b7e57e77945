// /home/login/register (RegisterHome, 'Cadastre-se'): a candidate creates their account (nome,
// e-mail, senha and its confirmation), types the 6-digit code sent by e-mail, and is signed in and
// taken to the vacancies (or to the query's `next`, a path of this site: the vacancy they were applying
// to). ConfirmSignUpForm is also the login page's step for 'Usuário não confirmado.'. A visitor of
// /applicants/register meets this page too, leading to the candidate's data form (careers-public).
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_ROUTE, PUBLIC_HOME_ROUTE, useApiBase, useIntranetAuth } from '../../src/admin/pages.js';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { codeProblem, emailProblem, ErrorBanner, PasswordField, PASSWORDS_DIFFER, passwordProblem, useAuthForm, useNext, withNext } from './forms.js';
import { FormCard, PublicPage } from './PublicPage.js';
import { signUpApi, type SignUpApi } from './signUp.js';

const Submit = ({ busy, children }: { busy: boolean; children: string }) => (
  <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
    {busy ? <CircularProgress size={24} color="inherit" /> : children}
  </Button>
);

/** The sign-up calls of the identity in use (built-in or Cognito). */
export function useSignUpApi(): () => Promise<SignUpApi> {
  const auth = useIntranetAuth();
  const apiBase = useApiBase();
  return useMemo(() => async () => signUpApi(await auth.client(), apiBase), [auth, apiBase]);
}

/** The code step: the 6-digit code sent by e-mail confirms the account; it can be sent again. */
export function ConfirmSignUpForm({ email, info, onConfirmed, onBack }: { email: string; info?: string; onConfirmed: () => Promise<void>; onBack?: () => void }) {
  const api = useSignUpApi();
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState(info ?? '');
  const { errors, setErrors, message, busy, run } = useAuthForm();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run({ code: codeProblem(code) }, async () => {
      await (await api()).confirm(email, code);
      await onConfirmed();
    });
  };

  const resend = () =>
    void run({}, async () => {
      const { message: sent } = await (await api()).resend(email);
      setErrors({});
      setCode('');
      setNotice(sent);
    });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Confirmar cadastro">
      {notice && !message && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <ErrorBanner>{message}</ErrorBanner>
      <TextField
        label="Código de verificação"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={Boolean(errors.code)}
        helperText={errors.code || `Digite o código de 6 dígitos enviado para ${email}.`}
        fullWidth
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ mb: 2 }}
      />
      <Submit busy={busy}>Confirmar cadastro</Submit>
      <Button fullWidth sx={{ mt: 1 }} onClick={resend} disabled={busy}>
        Reenviar código
      </Button>
      {onBack && (
        <Button fullWidth sx={{ mt: 1 }} onClick={onBack} disabled={busy}>
          Voltar
        </Button>
      )}
    </Box>
  );
}

/** `next`: where the new candidate goes once signed in (default the query's `next`, else the vacancies). */
export function RegisterPage({ next: nextTarget }: { next?: string } = {}) {
  const api = useSignUpApi();
  const auth = useIntranetAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const queryNext = useNext();
  const next = nextTarget ?? queryNext;
  const [step, setStep] = useState<'form' | 'code' | 'done'>('form');
  const [nome, setNome] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sent, setSent] = useState('');
  const { errors, message, busy, run } = useAuthForm();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      nome: !nome.trim() ? MSG.required : nome.trim().length < 2 ? MSG.minLength(2) : null,
      email: emailProblem(email),
      password: passwordProblem(password),
      confirm: !confirm ? MSG.required : confirm !== password ? PASSWORDS_DIFFER : null,
    };
    void run(found, async () => {
      const answer = await (await api()).register({ nome, email, password });
      setSent(answer.message);
      setStep('code');
    });
  };

  // Confirmed: sign in with the password just chosen and go to the vacancies (or to `next`).
  const confirmed = async () => {
    try {
      const outcome = await auth.login({ email: email.trim(), password });
      if (outcome.status === 'OK') {
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        navigate(next ?? PUBLIC_HOME_ROUTE, { replace: true });
        return;
      }
    } catch {
      // e.g. the intranet does not know a Cognito account yet: the user signs in by themselves
    }
    setStep('done');
  };

  if (step === 'done') {
    return (
      <PublicPage title="Cadastre-se">
        <FormCard title="Cadastro confirmado">
          <Alert severity="success" sx={{ mb: 2 }}>
            {AUTH_MSG.signUpConfirmed}
          </Alert>
          <Button component={Link} to={withNext(LOGIN_ROUTE, next)} variant="contained" fullWidth size="large">
            Entrar
          </Button>
        </FormCard>
      </PublicPage>
    );
  }

  if (step === 'code') {
    return (
      <PublicPage title="Cadastre-se">
        <FormCard title="Confirme seu e-mail" subtitle="Falta pouco: confirme o cadastro com o código que enviamos.">
          <ConfirmSignUpForm email={email.trim()} info={sent} onConfirmed={confirmed} onBack={() => setStep('form')} />
        </FormCard>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Cadastre-se">
      <FormCard title="Cadastre-se" subtitle="Crie sua conta de candidato para se inscrever nas vagas e manter seu currículo.">
        <Box component="form" noValidate onSubmit={submit} aria-label="Cadastre-se">
          <ErrorBanner>{message}</ErrorBanner>
          <TextField
            label="Nome completo"
            value={nome}
            onChange={(e) => setNome(e.target.value)}
            error={Boolean(errors.nome)}
            helperText={errors.nome || ' '}
            fullWidth
            autoFocus
            autoComplete="name"
            sx={{ mb: 1 }}
          />
          <TextField
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email || ' '}
            fullWidth
            autoComplete="username"
            sx={{ mb: 1 }}
          />
          <PasswordField
            label="Senha"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password || 'Mínimo de 8 caracteres, com maiúscula, minúscula, número e um destes: $*&@#!'}
            fullWidth
            autoComplete="new-password"
            sx={{ mb: 2 }}
          />
          <PasswordField
            label="Confirmar senha"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={Boolean(errors.confirm)}
            helperText={errors.confirm || ' '}
            fullWidth
            autoComplete="new-password"
            sx={{ mb: 1 }}
          />
          <Submit busy={busy}>Cadastrar</Submit>
          <Button fullWidth sx={{ mt: 1 }} onClick={() => setStep('code')} disabled={!email.trim() || Boolean(emailProblem(email))}>
            Já tenho um código
          </Button>
          <Box sx={{ mt: 1, textAlign: 'center' }}>
            <MuiLink component={Link} to={withNext(LOGIN_ROUTE, next)}>
              Já tenho conta
            </MuiLink>
          </Box>
        </Box>
      </FormCard>
    </PublicPage>
  );
}

export default RegisterPage;
