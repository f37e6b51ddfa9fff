import { Button, Group, Modal, NativeSelect, Progress, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { INDUSTRIES, type Industry } from '../../../../functions/shared/constants';
import { type TourAnswers, useProfileActions } from '../../api/profile';
import { ServerError } from '../../components/Alerts';
import type { MessageId } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { deferTour } from './tour-deferral';

type Question = 'usage_plan' | 'role' | 'industry' | 'ai_experience' | 'sales_staff';

/** SPEC §3 onboarding questions, in order; each choice's text is `tour.<question>.<value>`. */
const QUESTIONS: { id: Question; options: readonly string[] }[] = [
  { id: 'usage_plan', options: ['sales', 'support', 'booking', 'other'] },
  { id: 'role', options: ['client', 'partner'] },
  { id: 'industry', options: INDUSTRIES },
  { id: 'ai_experience', options: ['none', 'tried', 'uses'] },
  { id: 'sales_staff', options: ['0', '1-3', '4-10', '11-50', '50+'] },
];

type Answers = Record<Question, string>;

const EMPTY: Answers = { usage_plan: '', role: '', industry: '', ai_experience: '', sales_staff: '' };

const isIndustry = (value: string): value is Industry => (INDUSTRIES as readonly string[]).includes(value);

/**
 * After the first sign-in (tour_showed false): five short questions, saved with POST /api/helpers/tour.
 * Closing it or "later" puts it off until the next sign-in (tour-deferral.ts).
 */
export function OnboardingTour() {
  const { t } = useT();
  const { saveTour } = useProfileActions();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Answers>(EMPTY);
  const [roleError, setRoleError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  const question = QUESTIONS[step] ?? QUESTIONS[0];
  if (!question) return null;
  const last = step === QUESTIONS.length - 1;
  const label = (value: string) => t(`tour.${question.id}.${value}` as MessageId);

  const next = async () => {
    if (question.id === 'role' && answers.role !== 'client' && answers.role !== 'partner') {
      setRoleError(true);
      return;
    }
    if (!last) {
      setStep(step + 1);
      return;
    }
    const role = answers.role === 'partner' ? 'partner' : 'client';
    const fields: TourAnswers = {
      usage_plan: answers.usage_plan,
      role,
      ai_experience: answers.ai_experience,
      sales_staff: answers.sales_staff,
      ...(isIndustry(answers.industry) ? { industry: answers.industry } : {}),
    };
    setSaving(true);
    setServerError(null);
    try {
      // The saved profile has tour_showed set, which unmounts the tour.
      await saveTour(fields);
    } catch (error) {
      setServerError(error);
      setSaving(false);
    }
  };

  const choose = (value: string) => {
    setAnswers({ ...answers, [question.id]: value });
    if (question.id === 'role') setRoleError(false);
  };

  return (
    <Modal
      opened
      onClose={deferTour}
      title={t('tour.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="onboarding-tour"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('tour.intro')}
        </Text>
        <Progress
          value={((step + 1) / QUESTIONS.length) * 100}
          aria-label={t('tour.progress', { step: step + 1, total: QUESTIONS.length })}
        />
        <Text size="xs" c="dimmed">
          {t('tour.progress', { step: step + 1, total: QUESTIONS.length })}
        </Text>
        <ServerError error={serverError} />
        {question.id === 'industry' ? (
          <NativeSelect
            label={t('tour.industry.question')}
            value={answers.industry}
            onChange={(event) => choose(event.currentTarget.value)}
            data={[
              { value: '', label: t('tour.industry.placeholder') },
              ...INDUSTRIES.map((value) => ({ value, label: label(value) })),
            ]}
          />
        ) : (
          <Radio.Group
            label={t(`tour.${question.id}.question`)}
            value={answers[question.id]}
            onChange={choose}
            error={roleError && question.id === 'role' ? t('role_required') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {question.options.map((value) => (
                <Radio key={value} value={value} label={label(value)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={deferTour} disabled={saving}>
            {t('tour.later')}
          </Button>
          <Group gap="xs">
            {step > 0 && (
              <Button variant="default" onClick={() => setStep(step - 1)} disabled={saving}>
                {t('common.back')}
              </Button>
            )}
            <Button onClick={next} loading={saving}>
              {last ? t('tour.finish') : t('common.next')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
