import { Badge, Group, Input, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Term, TermId } from '../../api/subscriptions';
import { useT } from '../../i18n/use-t';
import { termLabel } from './kinds';

const isTermId = (terms: Term[], value: string): value is TermId => terms.some((term) => term.id === value);

/** The term, a week to a year; longer terms carry their discount. Stacked on a phone. */
export function TermControl({
  terms,
  value,
  onChange,
}: {
  terms: Term[];
  value: TermId;
  onChange: (term: TermId) => void;
}) {
  const { t } = useT();
  const narrow = useMediaQuery('(max-width: 40em)');
  return (
    <Input.Wrapper label={t('balance.builder.term')} labelElement="div">
      <SegmentedControl
        aria-label={t('balance.builder.term')}
        value={value}
        onChange={(next) => {
          if (isTermId(terms, next)) onChange(next);
        }}
        orientation={narrow ? 'vertical' : 'horizontal'}
        fullWidth
        mt={4}
        data={terms.map((term) => ({
          value: term.id,
          label: (
            <Group gap={6} justify="center" wrap="nowrap">
              <span>{termLabel(term, t)}</span>
              {term.discount_percent > 0 && (
                <Badge size="xs" color="green" variant="light" style={{ flexShrink: 0 }}>
                  {t('balance.builder.discount', { percent: term.discount_percent })}
                </Badge>
              )}
            </Group>
          ),
        }))}
      />
    </Input.Wrapper>
  );
}
