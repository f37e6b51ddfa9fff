import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { EmptyState, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import type { Currency } from '../../../../functions/shared/constants';
import { MINOR_PER_MAJOR, numberLocale } from '../../../../functions/shared/money';
import type { Balance } from '../../api/balance';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/use-t';
import { channelLabel } from '../bots/editor/channels';
import { BalanceSection } from './BalanceSection';

type Split = 'bot' | 'channel';

const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'yellow.7',
  'blue.4',
  'red.6',
];

/** "05.07" in Russian, "07/05" in English: a chart day is short; the dates are UTC days. */
function dayLabel(date: string, lang: 'ru' | 'en') {
  const [, month, day] = date.split('-');
  return lang === 'ru' ? `${day}.${month}` : `${month}/${day}`;
}

/**
 * What the answers cost per day over the last 30 days (SPEC §2 usage chart), stacked by bot or by
 * channel; an empty state while nothing was spent.
 */
export function UsageChart({ stats, currency }: { stats: Balance['stats']; currency: Currency }) {
  const { t, lang } = useT();
  const [split, setSplit] = useState<Split>('bot');
  const total = stats.days.reduce((sum, day) => sum + day.total_minor, 0);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  // Axis ticks are whole units when they can be: "45 rub", not "45,00 rub".
  const axisMoney = (major: number) =>
    `${new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: major >= 10 ? 0 : 2 }).format(major)} ${currency}`;

  const botNames = new Map(stats.bots.map((bot) => [bot.id, bot.name.trim() || t('bot.untitled')]));
  const keys = [
    ...new Set(stats.days.flatMap((day) => Object.keys(split === 'bot' ? day.by_bot : day.by_channel))),
  ];
  const label = (key: string) =>
    split === 'bot'
      ? (botNames.get(key) ?? t(key === 'deleted' ? 'balance.usage.deleted_bot' : 'bot.untitled'))
      : channelLabel(key, t);
  // Series are named s0, s1…: bot ids and channel names are not safe recharts data keys.
  const series = keys.map((key, index) => ({
    name: `s${index}`,
    label: label(key),
    color: COLORS[index % COLORS.length] as string,
  }));
  const data = stats.days.map((day) => {
    const parts = split === 'bot' ? day.by_bot : day.by_channel;
    const row: Record<string, string | number> = { day: dayLabel(day.date, lang) };
    keys.forEach((key, index) => {
      row[`s${index}`] = (parts[key] ?? 0) / MINOR_PER_MAJOR;
    });
    return row;
  });

  const controls = total > 0 && (
    <SegmentedControl
      size="xs"
      aria-label={t('balance.usage.split')}
      value={split}
      onChange={(value) => setSplit(value === 'channel' ? 'channel' : 'bot')}
      data={[
        { value: 'bot', label: t('balance.usage.by_bot') },
        { value: 'channel', label: t('balance.usage.by_channel') },
      ]}
    />
  );

  return (
    <BalanceSection title={t('balance.usage.title')} testId="usage-chart" actions={controls}>
      {total === 0 ? (
        <EmptyState size="sm" data-testid="usage-empty">
          <EmptyState.Title order={4}>{t('balance.usage.empty_title')}</EmptyState.Title>
          <EmptyState.Description>{t('balance.usage.empty_text')}</EmptyState.Description>
        </EmptyState>
      ) : (
        <>
          <Group mb="sm">
            <Text size="sm" c="dimmed" data-testid="usage-total">
              {t('balance.usage.total', { amount: money(total) })}
            </Text>
          </Group>
          <BarChart
            h={260}
            data={data}
            dataKey="day"
            type="stacked"
            series={series}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            valueFormatter={(value) => money(Math.round(value * MINOR_PER_MAJOR))}
            yAxisProps={{ width: 64, tickFormatter: (value: number) => axisMoney(value) }}
            tickLine="y"
            maxBarWidth={24}
          />
        </>
      )}
    </BalanceSection>
  );
}
