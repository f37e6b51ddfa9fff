import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema } from '../../../../functions/shared/schemas/profile';
import { isApiError } from '../../api/errors';
import { useProfileActions } from '../../api/profile';
import { validateWith } from '../../components/form';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { notifyError, notifySuccess } from '../../components/notify';
import { useT } from '../../i18n/use-t';
import { ProfileSection } from './ProfileSection';

/** Password change; the passwords must match (SPEC §5). Other sessions are signed out by the server. */
export function PasswordCard() {
  const { t } = useT();
  const { changePassword } = useProfileActions();
  const form = useForm({
    initialValues: { new_password: '', new_password_confirmation: '' },
    validate: validateWith(changePasswordSchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await changePassword(values.new_password, values.new_password_confirmation);
      form.reset();
      notifySuccess(answer.message);
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      notifyError(error);
    }
  });

  return (
    <ProfileSection title={t('profile.password.title')} testId="profile-password">
      <form onSubmit={submit} noValidate aria-label={t('profile.password.title')}>
        <Stack gap="sm" mb="md">
          <NewPasswordFields
            form={form}
            passwordField="new_password"
            confirmationField="new_password_confirmation"
            passwordLabel={t('profile.password.new')}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </form>
    </ProfileSection>
  );
}
