import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BotProblem } from '../../../../../functions/shared/bot-problems';
import type { BotSettings } from '../../../../../functions/shared/schemas/bot';
import type { MentionOption } from '../../../components/MentionTextarea';
import type { SetSetting } from './draft';

/** What every editor tab gets: the draft, its setter, the live problems and the `@` variables. */
export interface TabProps {
  draft: BotSettings;
  set: SetSetting;
  problems: readonly BotProblem[];
  mentions: readonly MentionOption[];
}

/** A titled group of settings inside a tab; a region named by its title. */
export function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} size="h5" mb={hint ? 4 : 'md'}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mb="md">
          {hint}
        </Text>
      )}
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
