import { Text } from '@mantine/core';
import { useT } from '../../../../i18n/use-t';
import type { TypeSettingsProps } from './types';

/** Send media: the files are chosen later; a problem with them shows the note in red. */
export function SendMediaSettings({ error }: TypeSettingsProps<'send_media'>) {
  const { t } = useT();
  return (
    <Text size="sm" c={error('files') ? 'red' : 'dimmed'}>
      {t('bot.action.media_later')}
    </Text>
  );
}
