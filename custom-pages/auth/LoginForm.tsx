// Sign-in by e-mail and password (foundation spec, sections 4 and 8): the server's texts for every
// refusal, the authenticator-code step (SOFTWARE_TOKEN_MFA, also used after a first access's new
// password), and the forced new password
// (NEW_PASSWORD_REQUIRED: the challenge is kept and /reset-password completes it). A candidate who
// has not confirmed the e-mail yet ('Usuário não confirmado.') is offered the sign-up code step,
// after which the sign-in is tried again with the same password. An account that must reset its
// password ('Necessário redefinir a senha.') is led to the forgotten-password flow, e-mail filled in.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Box, Button, CircularProgress, Link as MuiLink, TextField } from '@mui/material';
import { IdentityError, RESET_PASSWORD_ROUTE, useIntranetAuth } from '../../src/admin/pages.js';
import type { ResetPasswordState } from './ResetPassword.js';
import { CodeField, codeProblem, emailProblem, ErrorBanner, failureOf, hasErrors, PasswordField, useAfterSignIn, useAuthForm, type FieldErrors } from './forms.js';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { ConfirmSignUpForm } from './Register.js';

export function LoginForm() {
  const auth = useIntranetAuth();
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const [step, setStep] = useState<'password' | 'mfa' | 'confirm'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ status: string; challenge?: string }>) => {
    setBusy(true);
    setMessage('');
    try {
      const outcome = await action();
      if (outcome.status === 'OK') return void (await afterSignIn());
      if (outcome.challenge === 'NEW_PASSWORD_REQUIRED') return void navigate(RESET_PASSWORD_ROUTE);
      setStep('mfa');
    } catch (error) {
      const failure = failureOf(error);
      setMessage(failure.message);
      setErrors(failure.errors);
      if (error instanceof IdentityError && error.code === 'UserNotConfirmedException') setStep('confirm');
      if (error instanceof IdentityError && error.code === 'PasswordResetRequiredException') {
        const state: ResetPasswordState = { email: email.trim(), notice: failure.message };
        navigate(RESET_PASSWORD_ROUTE, { state });
      }
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    const found = { email: emailProblem(email), password: password ? null : MSG.required };
    setErrors(found);
    if (hasErrors(found)) return;
    void run(() => auth.login({ email: email.trim(), password }));
  };

  if (step === 'confirm') {
    const back = () => {
      setStep('password');
      setMessage('');
    };
    return (
      <Box>
        {/* 'Usuário não confirmado.' heads the code step; a later refusal of the sign-in shows here. */}
        <ErrorBanner>{message === AUTH_MSG.notConfirmed ? '' : message}</ErrorBanner>
        <ConfirmSignUpForm
          email={email.trim()}
          info={`${AUTH_MSG.notConfirmed} Digite o código de 6 dígitos enviado para o seu e-mail; se ele venceu, peça outro.`}
          onConfirmed={() => run(() => auth.login({ email: email.trim(), password }))}
          onBack={back}
        />
      </Box>
    );
  }

  if (step === 'mfa') {
    return (
      <MfaCodeForm
        onBack={() => {
          setStep('password');
          setMessage('');
        }}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submitPassword} aria-label="Entrar">
      <ErrorBanner>{message}</ErrorBanner>
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email || ' '}
        fullWidth
        autoFocus
        autoComplete="username"
        sx={{ mb: 1 }}
      />
      <PasswordField
        label="Senha"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password || ' '}
        fullWidth
        autoComplete="current-password"
        sx={{ mb: 1 }}
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
        {busy ? <CircularProgress size={24} color="inherit" /> : 'Entrar'}
      </Button>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <MuiLink component={Link} to={RESET_PASSWORD_ROUTE}>
          Esqueci minha senha
        </MuiLink>
      </Box>
    </Box>
  );
}

/**
 * The authenticator-code step (SOFTWARE_TOKEN_MFA) of a pending sign-in: after the password on the
 * login page, or after the new password of a first access.
 */
export function MfaCodeForm({ onBack }: { onBack: () => void }) {
  const auth = useIntranetAuth();
  const afterSignIn = useAfterSignIn();
  const [code, setCode] = useState('');
  const { errors, message, busy, run } = useAuthForm();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run({ code: codeProblem(code) }, async () => {
      if ((await auth.verifyMfa(code.trim())).status === 'OK') await afterSignIn();
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Verificação em duas etapas">
      <ErrorBanner>{message}</ErrorBanner>
      <CodeField
        label="Código do autenticador"
        value={code}
        onChange={setCode}
        error={Boolean(errors.code)}
        helperText={errors.code || 'Digite o código de 6 dígitos do seu aplicativo autenticador.'}
        autoFocus
        sx={{ mb: 2 }}
      />
      <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
        {busy ? <CircularProgress size={24} color="inherit" /> : 'Confirmar'}
      </Button>
      <Button fullWidth sx={{ mt: 1 }} onClick={onBack}>
        Voltar
      </Button>
    </Box>
  );
}
