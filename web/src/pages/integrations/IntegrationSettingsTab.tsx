import { Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import type { IntegrationType } from '../../../../db/schema/integrations';
import { isSalonType } from '../../../../functions/shared/booking';
import type { IntegrationChanges, IntegrationView } from '../../api/integrations';
import { notifyError, notifySuccess } from '../../components/notify';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { AlfaCrmSettings } from './AlfaCrmSettings';
import { AmoCrmSettings } from './AmoCrmSettings';
import { ApiChannelSettings } from './ApiChannelSettings';
import { AvitoSettings } from './AvitoSettings';
import { BitrixSettings } from './BitrixSettings';
import { CalendlySettings } from './CalendlySettings';
import { ChatgptSettings } from './ChatgptSettings';
import { OnchatSettings } from './OnchatSettings';
import { RetailcrmSettings } from './RetailcrmSettings';
import { SalonSettings } from './SalonSettings';
import { ShopScriptSettings } from './ShopScriptSettings';
import { TbankSettings } from './TbankSettings';
import { TelegramSettings } from './TelegramSettings';
import { WappiSettings } from './WappiSettings';
import { WazzupSettings } from './WazzupSettings';
import { WhatsAppSettings } from './WhatsAppSettings';

interface IntegrationSettingsTabProps {
  integration: IntegrationView;
  update: (changes: IntegrationChanges) => Promise<unknown>;
}

/**
 * Settings of the types whose connectors are built. Their connectors learn the external account
 * themselves (the bot's @username), so these types do not ask for it.
 */
const TYPE_SETTINGS: Partial<Record<IntegrationType, ComponentType<IntegrationSettingsTabProps>>> = {
  chatgpt: ChatgptSettings,
  onchat: OnchatSettings,
  telegram: TelegramSettings,
  wazzup: WazzupSettings,
  wappi: WappiSettings,
  avito: AvitoSettings,
  whatsapp: WhatsAppSettings,
  amocrm: AmoCrmSettings,
  kommo: AmoCrmSettings,
  alfacrm: AlfaCrmSettings,
  bitrix: BitrixSettings,
  retailcrm: RetailcrmSettings,
  yclients: SalonSettings,
  altegio: SalonSettings,
  calendly: CalendlySettings,
  api_channel: ApiChannelSettings,
  shopscript: ShopScriptSettings,
  tbank: TbankSettings,
};

/** The settings every type shares (on/off, the external account), then the type's own. */
export function IntegrationSettingsTab({ integration, update }: IntegrationSettingsTabProps) {
  const { t } = useT();
  const [accountId, setAccountId] = useState(integration.integration_account_id ?? '');
  const [busy, setBusy] = useState(false);
  const TypeSettings = TYPE_SETTINGS[integration.type];
  // The widget's preview and a salon's branches table need the page's width.
  const wide = integration.type === 'onchat' || isSalonType(integration.type);

  const save = async (changes: IntegrationChanges, savedMessage = true) => {
    setBusy(true);
    try {
      await update(changes);
      if (savedMessage) notifySuccess(translate('integrations.settings.saved'));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={wide ? undefined : 480}>
      <Switch
        label={t('integrations.settings.activated')}
        checked={integration.activated}
        disabled={busy}
        onChange={(event) => void save({ activated: event.currentTarget.checked }, false)}
      />
      {!TypeSettings && (
        <Group align="flex-end">
          <TextInput
            flex={1}
            label={t('integrations.settings.account_id')}
            value={accountId}
            maxLength={200}
            onChange={(event) => setAccountId(event.currentTarget.value)}
          />
          <Button
            variant="default"
            loading={busy}
            disabled={accountId === (integration.integration_account_id ?? '')}
            onClick={() => void save({ integration_account_id: accountId.trim() || null })}
          >
            {t('integrations.settings.save')}
          </Button>
        </Group>
      )}
      {TypeSettings && <TypeSettings integration={integration} update={update} />}
    </Stack>
  );
}
