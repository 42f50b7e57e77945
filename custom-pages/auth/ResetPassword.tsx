// /reset-password (foundation spec, sections 2 and 4). Three cases:
// - first access: a pending NEW_PASSWORD_REQUIRED challenge (kept from the sign-in) is completed
//   with the new password, which signs the user in (after the authenticator's code when two-factor is on);
// - signed in: change the password (current and new), and set up or turn off the two-step
//   verification (TwoFactor.tsx);
// - forgotten: request a code by e-mail, then confirm it ('Utilize 6 digitos') with the new password
//   (the login page sends here, e-mail filled in, an account that must reset its password).
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, TextField } from '@mui/material';
import { getPendingChallenge, LOGIN_ROUTE, toAuthSession, useIntranetAuth, useSession } from '../../src/admin/pages.js';
import { MSG } from '../../src/domain/messages.js';
import {
  CodeField,
  codeProblem,
  emailProblem,
  ErrorBanner,
  PasswordField,
  PASSWORDS_DIFFER,
  passwordProblem,
  useAfterSignIn,
  useAuthForm,
  type FieldErrors,
} from './forms.js';
import { FormCard, PublicPage } from './PublicPage.js';
import { MfaCodeForm } from './LoginForm.js';
import { TwoFactorSettings } from './TwoFactor.js';

function NewPasswordFields({ errors, password, confirm, setPassword, setConfirm, label = 'Nova senha' }: {
  errors: FieldErrors;
  password: string;
  confirm: string;
  setPassword: (v: string) => void;
  setConfirm: (v: string) => void;
  label?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
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
    </>
  );
}

const Submit = ({ busy, children }: { busy: boolean; children: string }) => (
  <Button type="submit" variant="contained" fullWidth size="large" disabled={busy}>
    {busy ? <CircularProgress size={24} color="inherit" /> : children}
  </Button>
);

const newPasswordProblems = (password: string, confirm: string) => ({
  password: passwordProblem(password),
  confirm: !confirm ? MSG.required : confirm !== password ? PASSWORDS_DIFFER : null,
});

/**
 * First access: the temporary password worked; the user chooses theirs, then, with two-factor on,
 * gives the authenticator's code (the new password alone does not sign in).
 */
function FirstAccess({ email }: { email: string }) {
  const auth = useIntranetAuth();
  const afterSignIn = useAfterSignIn();
  const navigate = useNavigate();
  const form = useAuthForm();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [askCode, setAskCode] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(newPasswordProblems(password, confirm), async () => {
      const outcome = await auth.completeNewPassword(password);
      if (outcome.status === 'OK') await afterSignIn();
      else if (outcome.challenge === 'SOFTWARE_TOKEN_MFA') setAskCode(true);
    });
  };
  if (askCode) {
    return (
      <FormCard title="Primeiro acesso" subtitle="Senha definida. Agora confirme com o código do seu aplicativo autenticador.">
        <MfaCodeForm onBack={() => navigate(LOGIN_ROUTE)} />
      </FormCard>
    );
  }
  return (
    <FormCard title="Primeiro acesso" subtitle={`Defina uma nova senha para ${email}.`}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Definir nova senha">
        <ErrorBanner>{form.message}</ErrorBanner>
        <NewPasswordFields errors={form.errors} password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} />
        <Submit busy={form.busy}>Salvar nova senha</Submit>
      </Box>
    </FormCard>
  );
}

/** Signed in: change the password. */
function ChangePassword() {
  const auth = useIntranetAuth();
  const session = useSession();
  const form = useAuthForm();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run({ currentPassword: current ? null : MSG.required, ...newPasswordProblems(password, confirm) }, async () => {
      const { message } = await (await auth.client()).changePassword(toAuthSession(session!), current, password);
      setCurrent('');
      setPassword('');
      setConfirm('');
      form.setDone(message);
    });
  };
  return (
    <FormCard title="Alterar senha">
      <Box component="form" noValidate onSubmit={submit} aria-label="Alterar senha">
        <ErrorBanner>{form.message}</ErrorBanner>
        {form.done && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {form.done}
          </Alert>
        )}
        <PasswordField
          label="Senha atual"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={Boolean(form.errors.currentPassword)}
          helperText={form.errors.currentPassword || ' '}
          fullWidth
          autoComplete="current-password"
          sx={{ mb: 1 }}
        />
        <NewPasswordFields errors={form.errors} password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} />
        <Submit busy={form.busy}>Alterar senha</Submit>
      </Box>
    </FormCard>
  );
}

/** What the login page hands over (router state) when the account must reset its password. */
export interface ResetPasswordState {
  email?: string;
  /** Why the user is here ('Necessário redefinir a senha.'). */
  notice?: string;
}

/** Forgotten password: without a code, request one; with it, confirm the new password. */
function ForgotPassword({ initialEmail = '', notice }: { initialEmail?: string; notice?: string }) {
  const auth = useIntranetAuth();
  const form = useAuthForm();
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sent, setSent] = useState('');

  const request = (e: FormEvent) => {
    e.preventDefault();
    void form.run({ email: emailProblem(email) }, async () => {
      const { message } = await (await auth.client()).forgotPassword(email.trim());
      setSent(message);
      setStep('confirm');
    });
  };
  const confirmCode = (e: FormEvent) => {
    e.preventDefault();
    void form.run({ email: emailProblem(email), code: codeProblem(code), ...newPasswordProblems(password, confirm) }, async () => {
      const { message } = await (await auth.client()).confirmForgotPassword(email.trim(), code.trim(), password);
      form.setDone(message);
      setStep('done');
    });
  };

  if (step === 'done') {
    return (
      <FormCard title="Senha redefinida">
        <Alert severity="success" sx={{ mb: 2 }}>
          {form.done}
        </Alert>
        <Button component={Link} to={LOGIN_ROUTE} variant="contained" fullWidth size="large">
          Entrar
        </Button>
      </FormCard>
    );
  }

  if (step === 'confirm') {
    return (
      <FormCard title="Redefinir senha" subtitle="Digite o código de 6 dígitos enviado para o seu e-mail e escolha uma nova senha.">
        <Box component="form" noValidate onSubmit={confirmCode} aria-label="Confirmar código">
          {sent && !form.message && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {sent}
            </Alert>
          )}
          <ErrorBanner>{form.message}</ErrorBanner>
          <TextField
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(form.errors.email)}
            helperText={form.errors.email || ' '}
            fullWidth
            autoComplete="username"
            sx={{ mb: 1 }}
          />
          <CodeField
            label="Código de verificação"
            value={code}
            onChange={setCode}
            error={Boolean(form.errors.code)}
            helperText={form.errors.code || ' '}
            sx={{ mb: 1 }}
          />
          <NewPasswordFields errors={form.errors} password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} />
          <Submit busy={form.busy}>Redefinir senha</Submit>
          <Button fullWidth sx={{ mt: 1 }} onClick={() => setStep('request')}>
            Reenviar código
          </Button>
        </Box>
      </FormCard>
    );
  }

  return (
    <FormCard title="Esqueci minha senha" subtitle="Informe seu e-mail para receber um código de verificação.">
      <Box component="form" noValidate onSubmit={request} aria-label="Solicitar código">
        {notice && !form.message && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {notice} Peça um código de verificação para definir uma nova senha.
          </Alert>
        )}
        <ErrorBanner>{form.message}</ErrorBanner>
        <TextField
          label="E-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(form.errors.email)}
          helperText={form.errors.email || ' '}
          fullWidth
          autoFocus
          autoComplete="username"
          sx={{ mb: 1 }}
        />
        <Submit busy={form.busy}>Enviar código</Submit>
        <Button fullWidth sx={{ mt: 1 }} onClick={() => setStep('confirm')}>
          Já tenho um código
        </Button>
        <Box sx={{ mt: 1, textAlign: 'center' }}>
          <MuiLink component={Link} to={LOGIN_ROUTE}>
            Voltar para o login
          </MuiLink>
        </Box>
      </Box>
    </FormCard>
  );
}

export function ResetPasswordPage() {
  const session = useSession();
  const handed = (useLocation().state ?? null) as ResetPasswordState | null;
  // Decided once: completing the first access signs in, and the page must not turn into the
  // change-password form on the way out.
  const [challenge] = useState(() => (!session && getPendingChallenge()?.challenge === 'NEW_PASSWORD_REQUIRED' ? getPendingChallenge() : null));
  return (
    <PublicPage title={challenge ? 'Primeiro acesso' : session ? 'Alterar senha' : 'Esqueci minha senha'}>
      {challenge ? <FirstAccess email={challenge.email} /> : session ? (
        <>
          <ChangePassword />
          <TwoFactorSettings />
        </>
      ) : <ForgotPassword initialEmail={handed?.email} notice={handed?.notice} />}
    </PublicPage>
  );
}

export default ResetPasswordPage;
