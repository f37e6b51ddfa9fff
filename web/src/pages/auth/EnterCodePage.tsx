import { useNavigate } from 'react-router-dom';
import { sendResetCode } from '../../api/auth';
import { useT } from '../../i18n/use-t';
import { PATHS } from '../../routes/paths';
import { AuthFrame } from './AuthFrame';
import { type AuthState, useAuthState } from './auth-state';
import { CodeForm } from './CodeForm';

/** /enter_code: the password reset code; the server checks it together with the new password. */
export function EnterCodePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const state = useAuthState();
  return (
    <AuthFrame title={t('auth.enter_code.title')}>
      <CodeForm
        state={state}
        submitLabel={t('auth.enter_code.submit')}
        onResend={sendResetCode}
        onSubmit={async (email, code) => {
          const next: AuthState = { email, code };
          navigate(PATHS.enterNewPassword, { state: next });
        }}
      />
    </AuthFrame>
  );
}
