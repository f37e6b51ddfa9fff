/**
 * Messages both the API and the SPA show (SPEC §5, §8). Keys are message ids in the SPA's Lingui
 * catalogs and the keys the server translates into the request's language.
 */
export const sharedMessages = {
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
} as const;

export type SharedMessageKey = keyof typeof sharedMessages;
