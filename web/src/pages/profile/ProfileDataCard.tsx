import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPhoneMask } from '../../../../functions/shared/phone';
import { updateProfileSchema } from '../../../../functions/shared/schemas/profile';
import { isApiError } from '../../api/errors';
import { type Profile, useProfileActions } from '../../api/profile';
import { validateWith } from '../../components/form';
import { notifyError, notifySuccess } from '../../components/notify';
import { PhoneInput } from '../../components/PhoneInput';
import { useT } from '../../i18n/use-t';
import { ProfileSection } from './ProfileSection';

export function ProfileDataCard({ profile }: { profile: Profile }) {
  const { t, te } = useT();
  const { save } = useProfileActions();
  const form = useForm({
    initialValues: { name: profile.name, phone: formatPhoneMask(profile.phone) },
    validate: validateWith(updateProfileSchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save({ name: values.name.trim(), phone: values.phone });
      form.setValues({ name: saved.name, phone: formatPhoneMask(saved.phone) });
      form.resetDirty();
      notifySuccess(t('profile.data.saved'));
    } catch (error) {
      if (isApiError(error)) form.setErrors(error.fields);
      notifyError(error);
    }
  });

  return (
    <ProfileSection title={t('profile.data.title')} testId="profile-data">
      <form onSubmit={submit} noValidate aria-label={t('profile.data.title')}>
        <TextInput
          label={t('auth.name')}
          autoComplete="name"
          {...form.getInputProps('name')}
          error={te(form.errors.name)}
          mb="sm"
        />
        <TextInput
          label={t('auth.email')}
          value={profile.email}
          readOnly
          description={t('profile.data.email_fixed')}
          mb="sm"
        />
        <PhoneInput
          label={t('auth.phone')}
          {...form.getInputProps('phone')}
          error={te(form.errors.phone)}
          mb="md"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </ProfileSection>
  );
}
