import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/basic/button';
import type { ForgotMode } from './forgot-dialog';

// The dialog is built on Ant Design, so it loads on demand: when a link is pointed at or focused
// (usually done by the click), not with the sign-in page (docs/speed.md).
const loadDialog = () => import('./forgot-dialog');
const ForgotDialog = lazy(() => loadDialog().then((m) => ({ default: m.ForgotDialogInProviders })));
const preload = () => void loadDialog();

/** "Forgot your password?" and "Lost your authenticator?": the same dialog in two modes. */
export function ForgotLinks() {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<ForgotMode>();
  // Mounted from the first use on, so the dialog's toast ("a mail is on its way") outlives it.
  const [used, setUsed] = useState(false);
  const open = (next: ForgotMode) => {
    setUsed(true);
    setMode(next);
  };
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8, marginTop: 8 }}>
        <Button
          variant="link"
          onClick={() => open('password')}
          onPointerEnter={preload}
          onFocus={preload}
          testId="login-forgot"
        >
          {t('login.forgotPassword')}
        </Button>
        <Button
          variant="link"
          onClick={() => open('otp')}
          onPointerEnter={preload}
          onFocus={preload}
          testId="login-forgot-otp"
        >
          {t('login.lostAuthenticator')}
        </Button>
      </div>
      {used ? (
        <Suspense fallback={null}>
          <ForgotDialog mode={mode} onClose={() => setMode(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
