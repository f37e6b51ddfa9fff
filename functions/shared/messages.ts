import { engineMessages } from './engine-messages';
import { eventWebhookMessages } from './event-webhook-messages';
import { knowledgeMessages } from './knowledge-messages';

/**
 * Messages both the API and the SPA show (SPEC §5, §8). Keys are message ids in the SPA's Lingui
 * catalogs and the keys the server translates into the request's language.
 */
export const sharedMessages = {
  ...engineMessages,
  ...knowledgeMessages,
  ...eventWebhookMessages,
  name_required: { ru: 'Необходимо заполнить имя', en: 'Please enter your name' },
  email_required: { ru: 'Необходимо заполнить Email', en: 'Please enter your email' },
  phone_required: { ru: 'Необходимо заполнить номер телефона', en: 'Please enter your phone number' },
  password_and_confirmation_required: {
    ru: 'Необходимо заполнить пароль и его подтверждение',
    en: 'Please enter the password and its confirmation',
  },
  password_required: { ru: 'Необходимо заполнить пароль', en: 'Please enter your password' },
  email_format: { ru: 'Неправильный формат Email', en: 'Invalid email format' },
  password_min: {
    ru: 'Пароль должен состоять минимум из 8 символов',
    en: 'The password must be at least 8 characters long',
  },
  password_mismatch: { ru: 'Пароли не совпадают', en: 'Passwords do not match' },
  phone_format: { ru: 'Неправильный формат номера телефона', en: 'Invalid phone number format' },
  code_required: { ru: 'Код не заполнен', en: 'Code is empty' },
  code_incomplete: { ru: 'Код заполнен не полностью', en: 'Code is incomplete' },
  code_invalid: { ru: 'Некорректный код', en: 'Invalid code' },
  invalid_value: { ru: 'Некорректное значение', en: 'Invalid value' },
  too_long: { ru: 'Слишком длинное значение', en: 'The value is too long' },
  link_name_required: { ru: 'Укажите название ссылки', en: 'Enter the link name' },
  utm_format: {
    ru: 'Только латинские буквы, цифры, точка, дефис и подчёркивание',
    en: 'Only Latin letters, digits, dot, hyphen and underscore',
  },
  digits_only: { ru: 'Только цифры', en: 'Digits only' },
  tbank_value_not_accepted: {
    ru: 'Т-Банк больше не принимает это значение в чеке, выберите другое',
    en: 'T-Bank no longer accepts this value in a receipt; choose another',
  },
  amount_minor_range: {
    ru: 'Сумма — от 1 до 1 000 000 ₽',
    en: 'The amount must be from 1 to 1,000,000 ₽',
  },
  recipient_duplicate: {
    ru: 'Такой получатель уже есть в списке',
    en: 'This recipient is already in the list',
  },
  recipient_format: {
    ru: 'Укажите @username или числовой chat id Telegram',
    en: 'Enter a Telegram @username or numeric chat id',
  },
  recipients_limit: { ru: 'Слишком много получателей', en: 'Too many recipients' },
  role_required: {
    ru: 'Выберите, клиент вы или партнёр',
    en: 'Choose whether you are a client or a partner',
  },
  unknown_error: { ru: 'Произошла неизвестная ошибка', en: 'An unknown error occurred' },
  // Bot settings problems (SPEC §5), shown in the editor's warnings list and returned with a bot.
  bot_name_required: { ru: 'Укажите название бота', en: 'Enter the bot name' },
  bot_system_prompt_required: { ru: 'Заполните системный промпт', en: 'Fill in the system prompt' },
  bot_variable_name_required: {
    ru: 'Переменная {n}: укажите название',
    en: 'Variable {n}: enter a name',
  },
  bot_variable_name_english: {
    ru: 'Переменная «{name}»: название должно быть на английском (латинские буквы, цифры и _)',
    en: 'Variable «{name}»: the name must be in English (Latin letters, digits and _)',
  },
  bot_variable_name_duplicate: {
    ru: 'Переменная «{name}» объявлена несколько раз',
    en: 'Variable «{name}» is declared more than once',
  },
  bot_variable_description_required: {
    ru: 'Переменная {n}: добавьте описание для бота',
    en: 'Variable {n}: add a description for the bot',
  },
  bot_placeholder_unknown: {
    ru: 'Переменная «{name}» используется, но не объявлена',
    en: 'Variable «{name}» is used but not declared',
  },
  bot_action_name_required: { ru: 'Действие {n}: укажите название', en: 'Action {n}: enter a name' },
  bot_action_goal_required: {
    ru: 'Действие {n}: опишите цель — когда бот должен его выполнить',
    en: 'Action {n}: describe the goal, when the bot should perform it',
  },
  bot_action_type_required: {
    ru: 'Действие {n}: выберите, что должен сделать бот',
    en: 'Action {n}: choose what the bot should do',
  },
  bot_webhook_url_required: {
    ru: 'Действие {n}: укажите URL вебхука',
    en: 'Action {n}: enter the webhook URL',
  },
  callback_url_invalid: {
    ru: 'Укажите адрес вида https://example.com/path, доступный из интернета',
    en: 'Enter an address like https://example.com/path that can be reached from the internet',
  },
  bot_webhook_url_invalid: {
    ru: 'Действие {n}: некорректный URL вебхука',
    en: 'Action {n}: the webhook URL is not valid',
  },
  bot_stop_time_required: {
    ru: 'Действие {n}: укажите, на сколько остановить бота',
    en: 'Action {n}: enter for how long to stop the bot',
  },
  bot_fill_variables_required: {
    ru: 'Действие {n}: выберите переменные для заполнения',
    en: 'Action {n}: choose the variables to fill',
  },
  bot_action_integration_required: {
    ru: 'Действие {n}: выберите интеграцию',
    en: 'Action {n}: choose an integration',
  },
  bot_deal_status_required: {
    ru: 'Действие {n}: выберите статус сделки',
    en: 'Action {n}: choose the deal status',
  },
  bot_field_required: { ru: 'Действие {n}: выберите поле', en: 'Action {n}: choose a field' },
  bot_field_value_required: {
    ru: 'Действие {n}: укажите значение поля',
    en: 'Action {n}: enter the field value',
  },
  bot_task_type_required: { ru: 'Действие {n}: выберите тип задачи', en: 'Action {n}: choose the task type' },
  bot_media_files_required: { ru: 'Действие {n}: выберите файлы', en: 'Action {n}: choose the files' },
  bot_branches_required: {
    ru: 'Действие {n}: добавьте действие «Получить филиалы» и выберите в нём филиалы',
    en: 'Action {n}: add a «Get branches» action and choose branches in it',
  },
  bot_stop_period_time_required: {
    ru: 'Укажите, на сколько останавливать бота',
    en: 'Enter for how long the bot stops',
  },
  bot_work_time_days_required: {
    ru: 'Выберите хотя бы один рабочий день или отключите рабочее время',
    en: 'Choose at least one working day or turn work time off',
  },
  bot_process_messages_required: {
    ru: 'Добавьте фразы, на которые бот начинает отвечать, или отключите эту настройку',
    en: 'Add the phrases the bot starts answering on, or turn this setting off',
  },
  bot_integration_type_duplicate: {
    ru: 'Бот может работать только с одним аккаунтом {name}: выберите один',
    en: 'A bot can work with only one {name} account: choose one',
  },
  integration_connected: { ru: 'Интеграция успешно подключена', en: 'Integration connected successfully' },
  integration_connect_failed: {
    ru: 'Подключение не удалось, повторите попытку',
    en: 'Connection failed, please try again',
  },
  bot_restoring_prompt_required: {
    ru: 'Напишите, что бот отправит для возобновления диалога',
    en: 'Write what the bot sends to restore the dialogue',
  },
  // Website chat widget settings (SPEC §3 Online chat widget settings).
  onchat_color_invalid: { ru: 'Укажите цвет в формате #RRGGBB', en: 'Enter the colour as #RRGGBB' },
  onchat_domain_invalid: {
    ru: 'Укажите домен сайта без http:// и пути, например shop.example.com',
    en: 'Enter the site domain without http:// or a path, e.g. shop.example.com',
  },
  onchat_domains_limit: { ru: 'Можно указать не больше 50 доменов', en: 'You can list at most 50 domains' },
  onchat_welcome_required: {
    ru: 'Напишите приветствие или выключите его',
    en: 'Write the welcome message or turn it off',
  },
  onchat_title_required: { ru: 'Укажите заголовок чата', en: 'Enter the chat title' },
  quantity_range: { ru: 'Укажите количество от 1 до 100', en: 'Enter a quantity from 1 to 100' },
  subscription_kind_unavailable: {
    ru: 'Эту интеграцию пока нельзя подключить, поэтому место для неё не продаётся',
    en: 'This integration cannot be connected yet, so a place for it is not sold',
  },
  subscription_items_required: {
    ru: 'Выберите, что войдёт в подписку',
    en: 'Choose what the subscription covers',
  },
  payment_agree_required: {
    ru: 'Необходимо согласиться с условиями оплаты',
    en: 'Please accept the payment terms',
  },
  amount_range: {
    ru: 'Сумма должна быть от {min} до {max}',
    en: 'The amount must be from {min} to {max}',
  },
} as const;

export type SharedMessageKey = keyof typeof sharedMessages;
