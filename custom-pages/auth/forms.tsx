// Pieces shared by the sign-in pages: client-side checks with the spec's texts, the password field
// with its visibility toggle, the error banner, a form's state (useAuthForm), and what happens after
// a successful sign-in.
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { isCode6, isEmail, isStrongPassword } from '../../src/domain/validators.js';
import { IdentityError } from '../../src/admin/pages.js';

export const PASSWORDS_DIFFER = 'As senhas não conferem.';

export const emailProblem = (email: string) => (!email.trim() ? MSG.required : isEmail(email.trim()) ? null : MSG.email);

/** The spec's password rule (section 5), as the server checks it. */
export function passwordProblem(password: string): string | null {
  if (!password) return MSG.required;
  if (password.length < 8) return MSG.passwordLength;
  if (!isStrongPassword(password)) return MSG.password;
  return null;
}

export const codeProblem = (code: string) => (isCode6(code.trim()) ? null : MSG.code6);

export type FieldErrors = Record<string, string | null | undefined>;
export const hasErrors = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/** The text and field errors of a failed identity call. */
export function failureOf(error: unknown): { message: string; errors: FieldErrors } {
  if (error instanceof IdentityError) return { message: error.message, errors: error.errors ?? {} };
  const message = (error as { message?: string } | undefined)?.message;
  return { message: message && message !== 'no-challenge' ? message : AUTH_MSG.internal, errors: {} };
}

export function PasswordField(props: TextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'} onClick={() => setVisible((v) => !v)} edge="end" size="small">
                {visible ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A 6-digit code field (e-mailed codes, authenticator codes): digits only, at most 6. */
export function CodeField({ value, onChange, ...props }: Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onChange: (code: string) => void }) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      fullWidth
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/**
 * A sign-in form's state: field errors, the banner message, a done notice and the busy flag.
 * run(found, action) shows the client-side errors found and stops there if any; else it runs the
 * action, showing its failure (the server's text in the banner, its field errors under the fields).
 */
export function useAuthForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (found: FieldErrors, action: () => Promise<void>) => {
    setErrors(found);
    setDone('');
    if (hasErrors(found)) return;
    setBusy(true);
    setMessage('');
    try {
      await action();
    } catch (error) {
      const failure = failureOf(error);
      setMessage(failure.message);
      setErrors(failure.errors);
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, message, done, setDone, busy, run };
}

export function ErrorBanner({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}

/**
 * Whether `path` is an address of this site ('/careers/role/7?candidatar=1'): not another site's
 * ('https://…'), nor one a browser reads as another host ('//host', '/\host', or with a tab or line
 * break, which it drops).
 */
export const isSitePath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && ![...path].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** The query's `next` (where to go after signing in or up) when it is a path of this site; else null. */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && isSitePath(next) ? next : null;
}

/** The current page's safe `next`. */
export const useNext = () => safeNext(useLocation().search);

/** A sign-in or sign-up page's address that leads on to `next` (a site path) afterwards. */
export const withNext = (route: string, next: string | null) => (next ? `${route}?${new URLSearchParams({ next })}` : route);

/**
 * After sign-in: react-admin re-checks the session, then the query's `next` (a site path), else the
 * page asked for before, else '/'.
 */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const asked = safeNext(location.search);
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
    const next = asked ?? (state?.nextPathname && !state.nextPathname.startsWith('/home') ? `${state.nextPathname}${state.nextSearch ?? ''}` : '/');
    navigate(next, { replace: true });
  };
}
