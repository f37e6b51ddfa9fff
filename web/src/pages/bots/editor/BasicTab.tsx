import { Alert, SegmentedControl, Slider, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Currency } from '../../../../../functions/shared/constants';
import {
  displayPricePerMillion,
  MODELS,
  type ModelInfo,
  resolveModel,
  TEMPERATURE_MODES,
  TEMPERATURE_PERCENT_MAX,
  TEMPERATURE_PERCENT_MIN,
  type TemperatureMode,
} from '../../../../../functions/shared/models';
import { BOT_TEXT_LIMITS } from '../../../../../functions/shared/schemas/bot';
import { useProfile } from '../../../api/profile';
import { AppSelect } from '../../../components/AppSelect';
import { MentionTextarea } from '../../../components/MentionTextarea';
import { formatPrice } from '../../../i18n/format';
import { useT } from '../../../i18n/use-t';
import { problemAt } from './draft';
import { Section, type TabProps } from './Section';
import { StoragePicker } from './StoragePicker';

const isTemperatureMode = (value: string): value is TemperatureMode =>
  (TEMPERATURE_MODES as readonly string[]).includes(value);

/** Name, model with its price, temperature, system prompt and storage. */
export function BasicTab({ draft, set, problems, mentions }: TabProps) {
  const { t, lang } = useT();
  const currency: Currency = useProfile().data?.currency ?? 'rub';
  const price = (entry: ModelInfo) => ({
    input: formatPrice(displayPricePerMillion(entry, 'input', currency), currency, lang),
    output: formatPrice(displayPricePerMillion(entry, 'output', currency), currency, lang),
  });
  const model = MODELS.find((entry) => entry.id === draft.model);
  const reasoning = resolveModel(draft.model).reasoning;
  // The four answer styles do not fit side by side on a phone: they are stacked there.
  const narrow = useMediaQuery('(max-width: 40em)');

  return (
    <Stack gap="lg">
      <Section title={t('bot.basic.title')}>
        <TextInput
          label={t('bot.name')}
          placeholder={t('bot.name_placeholder')}
          value={draft.name}
          maxLength={BOT_TEXT_LIMITS.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={problemAt(problems, 'name', t)}
        />
        <AppSelect
          label={t('bot.model')}
          description={model ? t('bot.model.price', price(model)) : undefined}
          value={draft.model}
          data={MODELS.map((entry) => ({
            value: entry.id,
            label: t('bot.model.option', { label: entry.label, ...price(entry) }),
          }))}
          onChange={(value) => set('model', value)}
        />
      </Section>

      <Section title={t('bot.temperature.title')} hint={t('bot.temperature.hint')}>
        {reasoning && (
          <Alert color="blue" variant="light">
            {t('bot.temperature.reasoning')}
          </Alert>
        )}
        <SegmentedControl
          fullWidth
          orientation={narrow ? 'vertical' : 'horizontal'}
          aria-label={t('bot.temperature.title')}
          value={draft.temperature_mode}
          disabled={reasoning}
          data={TEMPERATURE_MODES.map((mode) => ({ value: mode, label: t(`bot.temperature.${mode}`) }))}
          onChange={(value) => {
            if (isTemperatureMode(value)) set('temperature_mode', value);
          }}
        />
        <Text size="sm" c="dimmed">
          {t(`bot.temperature.${draft.temperature_mode}.hint`)}
        </Text>
        {draft.temperature_mode === 'fine_tuning' && (
          <Stack gap={4} pb="md">
            <Text size="sm" fw={500} id="bot-temperature-label">
              {t('bot.temperature.value', { value: draft.temperature })}
            </Text>
            {/* The scale reads 0–100 % (SPEC §5); the value stops at the 68 % cap (SPEC §9). */}
            <Slider
              aria-labelledby="bot-temperature-label"
              thumbLabel={t('bot.temperature.slider')}
              min={0}
              max={100}
              value={draft.temperature}
              disabled={reasoning}
              label={(value) => `${value}%`}
              marks={[0, 25, 50, 75, 100].map((value) => ({ value, label: `${value}%` }))}
              // The thumb goes no further than the cap, by mouse or keyboard (End, arrows).
              onChange={(value) =>
                set(
                  'temperature',
                  Math.min(TEMPERATURE_PERCENT_MAX, Math.max(TEMPERATURE_PERCENT_MIN, value)),
                )
              }
            />
            <Text size="xs" c="dimmed" mt="lg">
              {t('bot.temperature.cap', { max: TEMPERATURE_PERCENT_MAX })}
            </Text>
          </Stack>
        )}
      </Section>

      <Section title={t('bot.prompt.title')} hint={t('bot.prompt.hint')}>
        <MentionTextarea
          label={t('bot.system_prompt')}
          placeholder={t('bot.system_prompt_placeholder')}
          minRows={8}
          limit={1000}
          maxLength={BOT_TEXT_LIMITS.system_prompt}
          options={mentions}
          value={draft.system_prompt}
          onChange={(value) => set('system_prompt', value)}
          error={problemAt(problems, 'system_prompt', t)}
        />
      </Section>

      <Section title={t('bot.storage.title')} hint={t('bot.storage.hint')}>
        <StoragePicker value={draft.storage_id} onChange={(value) => set('storage_id', value)} />
      </Section>
    </Stack>
  );
}
