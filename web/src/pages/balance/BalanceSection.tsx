import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface BalanceSectionProps {
  title: string;
  testId: string;
  description?: string;
  actions?: ReactNode;
  id?: string;
  children: ReactNode;
}

/** One card of the Balance screen: a region named by its title, with an optional hint and actions. */
export function BalanceSection({ title, testId, description, actions, id, children }: BalanceSectionProps) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title} data-testid={testId} id={id}>
      <Group justify="space-between" align="flex-start" mb={description ? 4 : 'md'} gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
