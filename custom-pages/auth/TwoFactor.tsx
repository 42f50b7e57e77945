// Two-step verification (TOTP) of the signed-in user, on /reset-password beside the password change
// (built-in identity; Cognito keeps its own MFA). GET /v1/auth/me tells whether it is on, and only
// the actions that apply show: off, set up an authenticator app (a QR code of the otpauth URI, plus
// the secret and the URI as text) and confirm it with a first code; on, set up another one (which
// first needs a current code: the server's rule, a session alone cannot replace the second factor)
// or turn it off with a code. Calls: POST /v1/auth/totp/setup {code?} -> {secret, uri},
// /v1/auth/totp/enable {code}, /v1/auth/totp/disable {code}.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { ApiError, useIntranetAuth, v1Json } from '../../src/admin/pages.js';
import { AUTH_MSG } from '../../src/domain/messages.js';
import { CodeField, codeProblem, ErrorBanner } from './forms.js';

export const TWO_FACTOR = {
  title: 'Verificação em duas etapas',
  intro: 'Com ela ativa, além da senha, o acesso pede o código de 6 dígitos de um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, ...).',
  setUp: 'Configurar autenticador',
  replace: 'Configurar outro autenticador',
  turnOff: 'Desativar',
  isOn: 'A verificação em duas etapas está ativa.',
  isOff: 'A verificação em duas etapas está desativada.',
  cancel: 'Cancelar',
  alreadyOn: 'A verificação em duas etapas já está ativa. Digite um código do autenticador atual para configurar outro.',
  scan: 'No aplicativo autenticador, leia o código QR abaixo (ou adicione uma conta com a chave, ou abra o endereço otpauth no celular) e digite o código que ele mostrar.',
  qrAlt: 'Código QR do autenticador',
  secret: 'Chave',
  uri: 'Endereço otpauth',
  enable: 'Ativar',
  continue: 'Continuar',
  enabled: 'Verificação em duas etapas ativada. O código do autenticador será pedido a cada acesso.',
  disabled: 'Verificação em duas etapas desativada.',
  disableInfo: 'Digite um código do seu aplicativo autenticador para desativar a verificação em duas etapas.',
} as const;

type Step = { name: 'idle' } | { name: 'current' } | { name: 'enable'; secret: string; uri: string } | { name: 'disable' };

const post = <T,>(path: string, body: object) => v1Json<T>(path, { method: 'POST', body: JSON.stringify(body), module: 'user' });

/** The otpauth URI as a QR code image; the library is loaded only when this screen shows one. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    import('qrcode')
      .then(({ toString }) => toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      // Without the image the secret and the URI below still set the authenticator up.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box sx={{ width: 200, height: 200, mb: 1.5, bgcolor: 'common.white' }}>
      {src && <img src={src} alt={TWO_FACTOR.qrAlt} width={200} height={200} data-totp-qr />}
    </Box>
  );
}

export function TwoFactorSettings() {
  const auth = useIntranetAuth();
  const [builtin, setBuiltin] = useState(false);
  /** Whether two-factor is on (GET /v1/auth/me); null until known. */
  const [active, setActive] = useState<boolean | null>(null);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    auth
      .client()
      .then(async (c) => {
        if (!live || c.provider !== 'builtin') return;
        setBuiltin(true);
        const me = await v1Json<{ totp?: boolean }>('/v1/auth/me', { module: 'user' });
        if (live) setActive(me.totp === true);
      })
      .catch((error: Error) => live && setMessage(error.message || AUTH_MSG.internal));
    return () => {
      live = false;
    };
  }, [auth]);
  if (!builtin) return null;

  const go = (next: Step) => {
    setStep(next);
    setCode('');
    setCodeError(null);
    setMessage('');
  };

  /** Runs a call; a refusal shows the server's text (and its field error on the code). */
  const run = async (action: () => Promise<void>, onRefused?: (error: ApiError) => boolean) => {
    setBusy(true);
    setMessage('');
    setDone('');
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && onRefused?.(error)) return;
      const fieldError = error instanceof ApiError ? (error.body as { errors?: Record<string, string> } | null)?.errors?.code : undefined;
      setCodeError(fieldError ?? null);
      setMessage(fieldError ? '' : (error as Error).message || AUTH_MSG.internal);
    } finally {
      setBusy(false);
    }
  };

  const startSetup = (current?: string) =>
    run(
      async () => {
        const { secret, uri } = await post<{ secret: string; uri: string }>('/v1/auth/totp/setup', current ? { code: current } : {});
        go({ name: 'enable', secret, uri });
      },
      // Turned on elsewhere since this screen asked: the server wants a code of the current authenticator first.
      (error) => {
        if (current || !(error.body as { errors?: Record<string, string> } | null)?.errors?.code) return false;
        setActive(true);
        go({ name: 'current' });
        return true;
      },
    );

  const withCode = (then: (code: string) => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    const problem = codeProblem(code);
    setCodeError(problem);
    if (!problem) void then(code.trim());
  };

  const codeField = (label: string) => (
    <CodeField label={label} value={code} onChange={setCode} error={Boolean(codeError)} helperText={codeError || ' '} autoFocus sx={{ mb: 1 }} />
  );
  const submit = (label: string) => (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? <CircularProgress size={22} color="inherit" /> : label}
      </Button>
      <Button onClick={() => go({ name: 'idle' })}>{TWO_FACTOR.cancel}</Button>
    </Stack>
  );

  return (
    <Paper component="section" aria-label={TWO_FACTOR.title} variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {TWO_FACTOR.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {TWO_FACTOR.intro}
      </Typography>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {done}
        </Alert>
      )}
      <ErrorBanner>{message}</ErrorBanner>

      {step.name === 'idle' && active === null && !message && <CircularProgress size={24} aria-label="Carregando" />}
      {step.name === 'idle' && active !== null && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1.5 }}>
            {active ? TWO_FACTOR.isOn : TWO_FACTOR.isOff}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {active ? (
              <>
                <Button variant="contained" onClick={() => go({ name: 'current' })} disabled={busy}>
                  {TWO_FACTOR.replace}
                </Button>
                <Button variant="outlined" onClick={() => go({ name: 'disable' })} disabled={busy}>
                  {TWO_FACTOR.turnOff}
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => void startSetup()} disabled={busy}>
                {TWO_FACTOR.setUp}
              </Button>
            )}
          </Stack>
        </>
      )}

      {step.name === 'current' && (
        <Box component="form" noValidate aria-label="Confirmar autenticador atual" onSubmit={withCode((c) => startSetup(c))}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {TWO_FACTOR.alreadyOn}
          </Alert>
          {codeField('Código do autenticador atual')}
          {submit(TWO_FACTOR.continue)}
        </Box>
      )}

      {step.name === 'enable' && (
        <Box
          component="form"
          noValidate
          aria-label="Ativar verificação em duas etapas"
          onSubmit={withCode((c) =>
            run(async () => {
              await post('/v1/auth/totp/enable', { code: c });
              setActive(true);
              go({ name: 'idle' });
              setDone(TWO_FACTOR.enabled);
            }),
          )}
        >
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {TWO_FACTOR.scan}
          </Typography>
          <QrCode uri={step.uri} />
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {TWO_FACTOR.secret}
          </Typography>
          <Typography data-totp-secret sx={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 1, wordBreak: 'break-all', mb: 1.5, userSelect: 'all' }}>
            {step.secret}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {TWO_FACTOR.uri}
          </Typography>
          <MuiLink href={step.uri} data-totp-uri sx={{ display: 'block', fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', mb: 2 }}>
            {step.uri}
          </MuiLink>
          {codeField('Código do autenticador')}
          {submit(TWO_FACTOR.enable)}
        </Box>
      )}

      {step.name === 'disable' && (
        <Box
          component="form"
          noValidate
          aria-label="Desativar verificação em duas etapas"
          onSubmit={withCode((c) =>
            run(async () => {
              await post('/v1/auth/totp/disable', { code: c });
              setActive(false);
              go({ name: 'idle' });
              setDone(TWO_FACTOR.disabled);
            }),
          )}
        >
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {TWO_FACTOR.disableInfo}
          </Typography>
          {codeField('Código do autenticador')}
          {submit(TWO_FACTOR.turnOff)}
        </Box>
      )}
    </Paper>
  );
}
