import {
  Button,
  ColorInput,
  Divider,
  Group,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import * as v from 'valibot';
import {
  ONCHAT_DEFAULT_COLOR,
  ONCHAT_LIMITS,
  type OnchatLanguage,
  type OnchatPublicSettings,
  publicOnchatSettings,
  type OnchatSettings as Settings,
} from '../../../../functions/shared/onchat';
import { onchatSettingsSchema, readOnchatSettings } from '../../../../functions/shared/schemas/onchat';
import { isApiError } from '../../api/errors';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { AppSelect } from '../../components/AppSelect';
import { schemaErrors } from '../../components/form';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { EmbedSnippet } from './EmbedSnippet';
import { WidgetPreview } from './WidgetPreview';

interface OnchatSettingsProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

const FIELDS = new Set<string>(Object.keys(readOnchatSettings({})));

/**
 * Problems by form field: `allowed_domains.2` (one domain) shows on the domains input, and the
 * server's `connection_data.color` on the colour.
 */
function byField(errors: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.replace(/^connection_data\./, '').split('.')[0] ?? '';
    const name = FIELDS.has(field) ? field : 'allowed_domains';
    if (!(name in fields)) fields[name] = message;
  }
  return fields;
}

const COLOR_SWATCHES = [
  '#4c6ef5',
  '#228be6',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#7950f2',
  '#1f2430',
];

/** The website widget's settings (SPEC §3) with a live preview and the code to put on a site. */
export function OnchatSettings({ integration, update }: OnchatSettingsProps) {
  const { t, te } = useT();
  const form = useForm<Settings>({
    initialValues: readOnchatSettings(integration.connection_data),
    validate: (values) => byField(schemaErrors(onchatSettingsSchema, values)),
  });
  const values = form.getValues();
  const previewKey = JSON.stringify(publicOnchatSettings(values));
  // Redrawn only when a shown setting changes; a colour being typed shows the default meanwhile.
  const preview = useMemo(() => {
    const shown = JSON.parse(previewKey) as OnchatPublicSettings;
    return { ...shown, color: /^#[0-9a-f]{6}$/i.test(shown.color) ? shown.color : ONCHAT_DEFAULT_COLOR };
  }, [previewKey]);

  const submit = form.onSubmit(async (submitted) => {
    // What the server stores: trimmed texts, normalised domains.
    const normalised = v.parse(onchatSettingsSchema, submitted);
    try {
      await update({ connection_data: { ...normalised } });
      form.setValues(normalised);
      form.resetDirty(normalised);
      notifySuccess(translate('integrations.settings.saved'));
    } catch (error) {
      if (isApiError(error)) form.setErrors(byField(error.fields));
      notifyError(error);
    }
  });

  const languages: { value: OnchatLanguage; label: string }[] = [
    { value: 'ru', label: t('onchat.language.ru') },
    { value: 'en', label: t('onchat.language.en') },
  ];

  return (
    <Stack gap="lg" data-testid="onchat-settings">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <form
          onSubmit={submit}
          noValidate
          aria-label={t('onchat.settings')}
          style={{ flex: '1 1 380px', maxWidth: 520 }}
        >
          <Stack gap="sm">
            <Text fw={500}>{t('onchat.settings')}</Text>
            <ColorInput
              label={t('onchat.color')}
              format="hex"
              swatches={COLOR_SWATCHES}
              {...form.getInputProps('color')}
              error={te(form.errors.color)}
            />
            <AppSelect<OnchatLanguage>
              label={t('onchat.language')}
              data={languages}
              value={values.language}
              onChange={(language) => form.setFieldValue('language', language)}
              error={te(form.errors.language)}
            />
            <TextInput
              label={t('onchat.title')}
              maxLength={ONCHAT_LIMITS.title}
              {...form.getInputProps('title')}
              error={te(form.errors.title)}
            />
            <TextInput
              label={t('onchat.additional_title')}
              maxLength={ONCHAT_LIMITS.additional_title}
              {...form.getInputProps('additional_title')}
              error={te(form.errors.additional_title)}
            />
            <TextInput
              label={t('onchat.subtitle')}
              maxLength={ONCHAT_LIMITS.subtitle}
              {...form.getInputProps('subtitle')}
              error={te(form.errors.subtitle)}
            />
            <Switch
              label={t('onchat.show_online')}
              {...form.getInputProps('show_online', { type: 'checkbox' })}
            />
            <Switch
              label={t('onchat.welcome_enabled')}
              {...form.getInputProps('welcome_enabled', { type: 'checkbox' })}
            />
            {values.welcome_enabled && (
              <Textarea
                label={t('onchat.welcome_text')}
                autosize
                minRows={2}
                maxLength={ONCHAT_LIMITS.welcome_text}
                {...form.getInputProps('welcome_text')}
                error={te(form.errors.welcome_text)}
              />
            )}
            <TagsInput
              label={t('onchat.domains')}
              description={t('onchat.domains_hint')}
              placeholder="shop.example.com"
              splitChars={[',', ' ', ';']}
              acceptValueOnBlur
              maxTags={ONCHAT_LIMITS.domains}
              {...form.getInputProps('allowed_domains')}
              error={te(form.errors.allowed_domains)}
            />
            {values.allowed_domains.length === 0 && (
              <Text size="sm" c="orange.8" data-testid="onchat-any-site">
                {t('onchat.domains_any')}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
                {t('integrations.settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
        <WidgetPreview settings={preview} />
      </Group>
      <Divider />
      <EmbedSnippet integration={integration} />
    </Stack>
  );
}
