import type { FieldErrorCode } from '@parapet/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/basic/button';
import { PasswordField, TextField } from '@/components/basic/text-field';
import { isApiError } from '@/lib/api-client';
import { PATHS, RETURN_TO_PARAM, safeReturnPath } from '@/lib/paths';
import { useLogin } from '../api/login';
import { checkLogin, type LoginValues } from '../login-check';
import { LoginErrorAlert } from './login-error-alert';

type Field = keyof LoginValues;
const FIELDS: readonly Field[] = ['username', 'password', 'token'];
/** What a field says: a check's code (fieldErrors), or the server's answer about the code. */
type Problem = FieldErrorCode | 'OTP_REQUIRED' | 'OTP_INVALID';
const isServerCode = (problem: Problem): problem is 'OTP_REQUIRED' | 'OTP_INVALID' =>
  problem === 'OTP_REQUIRED' || problem === 'OTP_INVALID';

// Plain fields, not Ant Design's Form: the sign-in page loads no UI kit (docs/speed.md). As in
// the other forms, a submit checks every field and marks each bad one, and a marked field is
// checked again as it is edited.
export function LoginForm() {
  const { t } = useTranslation(['auth', 'errors', 'fieldErrors']);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', token: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const username = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const token = useRef<HTMLInputElement>(null);
  const inputs = { username, password, token };
  // The field to focus once the form is enabled again (the fields are disabled while signing in).
  const focusNext = useRef<Field>(undefined);
  const navigate = useNavigate();
  const login = useLogin();
  // The page the guard was asked for before sending the visitor here; only a path of ours.
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get(RETURN_TO_PARAM)) ?? PATHS.home;

  useEffect(() => {
    if (!focusNext.current || login.isPending) return;
    inputs[focusNext.current].current?.focus();
    focusNext.current = undefined;
  });

  const edit = (field: Field) => (value: string) => {
    const edited = { ...values, [field]: value };
    setValues(edited);
    if (problems[field]) setProblems((p) => ({ ...p, [field]: checkLogin(edited)[field] }));
  };

  // The password was right and the account has two-factor on: mark the code field and go there.
  const askForCode = (error: unknown) => {
    if (!isApiError(error) || (error.code !== 'OTP_REQUIRED' && error.code !== 'OTP_INVALID')) return;
    setProblems((p) => ({ ...p, token: error.code as Problem }));
    focusNext.current = 'token';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = checkLogin(values);
    setProblems(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) return inputs[first].current?.focus();
    login.mutate(
      {
        username: values.username,
        password: values.password,
        ...(values.token ? { token: values.token.trim() } : {}),
      },
      { onError: askForCode, onSuccess: () => void navigate(next, { replace: true }) },
    );
  };

  const message = (field: Field): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    return isServerCode(problem) ? t(`errors:${problem}`) : t(`fieldErrors:${problem}`);
  };

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        ref={username}
        label={t('login.username')}
        value={values.username}
        onChange={edit('username')}
        error={message('username')}
        autoComplete="username"
        autoFocus
        disabled={login.isPending}
        testId="login-username"
      />
      <PasswordField
        ref={password}
        label={t('login.password')}
        value={values.password}
        onChange={edit('password')}
        error={message('password')}
        autoComplete="current-password"
        disabled={login.isPending}
        testId="login-password"
      />
      {/* Always shown, so a user who knows they need it types it at once. The server says a code
          is needed (OTP_REQUIRED) only after the right password, never to a stranger. */}
      <TextField
        ref={token}
        label={t('login.token')}
        hint={t('login.tokenHint')}
        value={values.token}
        onChange={edit('token')}
        error={message('token')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        disabled={login.isPending}
        testId="login-token"
      />
      {login.error && (
        <LoginErrorAlert
          error={login.error}
          credentials={() => ({ username: values.username, password: values.password })}
        />
      )}
      <Button type="submit" variant="primary" block loading={login.isPending} testId="login-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
