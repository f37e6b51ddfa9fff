import { useNavigate } from 'react-router-dom';
import { resendCode, verifyEmail } from '../../api/auth';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { AuthFrame } from './AuthFrame';
import { type AuthState, useAuthState } from './auth-state';
import { CodeForm } from './CodeForm';

/** /verify: e-mail confirmation by code; on success the user signs in again (SPEC §4). */
export function VerifyPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const state = useAuthState();
  return (
    <AuthFrame title={t('auth.verify.title')}>
      <CodeForm
        state={state}
        submitLabel={t('auth.verify.submit')}
        onResend={resendCode}
        onSubmit={async (email, code) => {
          const answer = await verifyEmail(email, code);
          const next: AuthState = { email, notice: answer.message };
          navigate(PATHS.signin, { state: next, replace: true });
        }}
      />
    </AuthFrame>
  );
}
