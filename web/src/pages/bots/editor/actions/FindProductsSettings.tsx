import { NumberInput } from '@mantine/core';
import { MAX_FOUND_PRODUCTS } from '../../../../../../functions/shared/schemas/bot-actions';
import { useT } from '../../../../i18n/use-t';
import { IntegrationSettings } from './IntegrationSettings';
import type { TypeSettingsProps } from './types';

const SHOP_TYPES = ['shopscript'] as const;

/** Find products (issue #24 §4): the shop searched, and how many of its products the bot gets per search. */
export function FindProductsSettings({ settings, change, error }: TypeSettingsProps<'find_products'>) {
  const { t } = useT();
  return (
    <IntegrationSettings settings={settings} change={change} error={error} types={SHOP_TYPES}>
      <NumberInput
        label={t('bot.action.find_products.max')}
        description={t('bot.action.find_products.max_hint')}
        min={1}
        max={MAX_FOUND_PRODUCTS}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={settings.max_products}
        onChange={(value) => change({ max_products: typeof value === 'number' ? value : 5 })}
        error={error('max_products')}
        maw={360}
        data-testid="find-products-max"
      />
    </IntegrationSettings>
  );
}
