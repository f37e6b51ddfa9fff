import { Button, EmptyState, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface SectionPlaceholderProps {
  title: string;
  emptyTitle: string;
  description: string;
  action?: { label: string; to: string };
  children?: ReactNode;
}

/** An honest empty state for sections that are not built yet: what it will do and what to do now. */
export function SectionPlaceholder({
  title,
  emptyTitle,
  description,
  action,
  children,
}: SectionPlaceholderProps) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      {children}
      <Paper withBorder radius="md" p="xl">
        <EmptyState data-testid="section-empty-state">
          <EmptyState.Title order={3}>{emptyTitle}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
          {action && (
            <EmptyState.Actions>
              <Button component={Link} to={action.to} variant="light">
                {action.label}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    </Stack>
  );
}
