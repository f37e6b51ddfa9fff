/**
 * Texts of the bot engine shared by the API and the SPA: the Check and History screens. Each
 * history event code `x` has the key `engine_event_x`; gate refusals also appear in Check as system
 * messages in the account's language.
 */
export const engineMessages = {
  message_required: { ru: 'Введите сообщение', en: 'Enter a message' },
  date_range_invalid: {
    ru: 'Дата начала не может быть позже даты окончания',
    en: 'The start date cannot be later than the end date',
  },
  engine_event_answered: { ru: 'Ответ отправлен', en: 'Answer sent' },
  engine_event_follow_up: {
    ru: 'Бот написал клиенту, который не ответил',
    en: 'The bot wrote again after the customer went quiet',
  },
  engine_event_summary: { ru: 'Краткое содержание диалога', en: 'Dialogue summary' },
  engine_event_refused_chat_stopped: {
    ru: 'Бот остановлен в этом диалоге',
    en: 'The bot is stopped in this dialogue',
  },
  engine_event_refused_chat_paused: {
    ru: 'Бот на паузе в этом диалоге',
    en: 'The bot is paused in this dialogue',
  },
  engine_event_subscription_expired: {
    ru: 'Подписка закончилась: то, что она покрывала, остановлено до оплаты',
    en: 'A subscription ended: what it covered is stopped until it is paid',
  },
  engine_event_refused_bot_off: { ru: 'Бот выключен', en: 'The bot is switched off' },
  engine_event_refused_no_subscription: {
    ru: 'Бот не входит в активную подписку',
    en: 'The bot is not in an active subscription',
  },
  engine_event_refused_low_balance: {
    ru: 'Недостаточно средств на балансе',
    en: 'Not enough funds on the balance',
  },
  engine_event_refused_spend_limit: {
    ru: 'Бот израсходовал дневной лимит и до завтра не отвечает',
    en: 'The bot has spent its daily limit and does not answer until tomorrow',
  },
  engine_event_refused_channel: {
    ru: 'Этот канал не подключён к боту',
    en: 'This channel is not enabled for the bot',
  },
  engine_event_refused_not_new_dialog: {
    ru: 'Диалог начался до включения бота, а бот отвечает только в новых диалогах',
    en: 'The dialogue started before the bot was switched on, and the bot answers only new dialogues',
  },
  engine_event_refused_work_time: { ru: 'Вне рабочего времени', en: 'Outside working hours' },
  engine_event_refused_no_trigger_phrase: {
    ru: 'Клиент ещё не написал фразу, после которой бот начинает отвечать',
    en: 'The customer has not yet written a phrase the bot starts answering on',
  },
  engine_event_llm_error: {
    ru: 'Не удалось получить ответ от модели',
    en: 'The model did not answer',
  },
  engine_event_failed: {
    ru: 'Ошибка при обработке сообщения',
    en: 'The message could not be processed',
  },
} as const;
