import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { AuthFrame } from './AuthFrame';
import { useAuthState } from './auth-state';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type AuthMode = 'signin' | 'signup' | 'forgot';

/** One auth page for /signin, /signup and /forgot_password (SPEC §2). */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useT();
  const navigate = useNavigate();
  const state = useAuthState();

  if (mode === 'forgot') {
    return (
      <AuthFrame title={t('auth.forgot.title')}>
        <ForgotPasswordForm state={state} />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t(mode === 'signin' ? 'auth.signin.title' : 'auth.signup.title')}>
      <Tabs
        value={mode}
        onChange={(value) => navigate(value === 'signup' ? PATHS.signup : PATHS.signin)}
        mb="lg"
        keepMounted={false}
      >
        <Tabs.List grow>
          <Tabs.Tab value="signin">{t('auth.tab.signin')}</Tabs.Tab>
          <Tabs.Tab value="signup">{t('auth.tab.signup')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {mode === 'signin' ? <SignInForm state={state} /> : <SignUpForm />}
    </AuthFrame>
  );
}
