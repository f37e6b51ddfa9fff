import { Box, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { OnchatPublicSettings } from '../../../../functions/shared/onchat';
import { type PanelMessage, renderPanel } from '../../../widget/src/panel';
import { useT } from '../../i18n/use-t';

const noop = () => {};

/**
 * The widget as a visitor sees it, drawn by the widget's own code (web/widget/src/panel.ts) into a
 * shadow root, so the preview looks exactly like the chat on a site and the SPA's styles stay out.
 */
export function WidgetPreview({ settings }: { settings: OnchatPublicSettings }) {
  const { t } = useT();
  const host = useRef<HTMLDivElement>(null);
  const question = t('onchat.preview_question');
  const answer = t('onchat.preview_answer');

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // A picture of the widget: nothing in it takes focus or clicks.
    element.inert = true;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const messages: PanelMessage[] = [
      { id: 'preview-question', author: 'customer', text: question },
      { id: 'preview-answer', author: 'bot', text: answer },
    ];
    renderPanel(
      root,
      settings,
      { open: true, messages },
      { toggle: noop, send: noop, retry: noop },
      { inline: true },
    );
  }, [settings, question, answer]);

  return (
    <Box w={380} maw="100%">
      <Text size="sm" fw={500} mb="xs">
        {t('onchat.preview')}
      </Text>
      <div ref={host} data-testid="widget-preview" />
    </Box>
  );
}
