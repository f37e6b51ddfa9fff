import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ProfileSectionProps {
  title: string;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** One card of the profile screen; a region named by its title. */
export function ProfileSection({ title, testId, actions, children }: ProfileSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title} data-testid={testId}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
