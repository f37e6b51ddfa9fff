/**
 * Field messages of the event webhooks form (issue #27 §3), shown by the API and the SPA alike. An
 * address the installation may not call answers `callback_url_invalid`, as the API channel does.
 */
export const eventWebhookMessages = {
  event_webhook_url_required: {
    ru: 'Укажите адрес, на который отправлять события',
    en: 'Enter the address to send the events to',
  },
  event_webhook_events_required: {
    ru: 'Выберите хотя бы одно событие',
    en: 'Choose at least one event',
  },
} as const;
