/** Storage and file messages the API answers with and the storage modal shows (SPEC §5). */
export const knowledgeMessages = {
  assistant_message_required: { ru: 'Напишите сообщение', en: 'Write a message' },
  storage_name_required: { ru: 'Укажите название хранилища', en: 'Enter the storage name' },
  file_name_required: { ru: 'Укажите название файла', en: 'Enter the file name' },
  file_extension_invalid: { ru: 'Некорректное расширение файла', en: 'Invalid file extension' },
  file_empty: { ru: 'Файл пустой', en: 'The file is empty' },
  file_too_large: {
    ru: 'Файл больше {mb} МБ',
    en: 'The file is larger than {mb} MB',
  },
  storage_quota: {
    ru: 'Не хватает места: на аккаунт даётся {mb} МБ, свободно {free} МБ',
    en: 'Not enough space: an account has {mb} MB, {free} MB are free',
  },
  storages_limit: {
    ru: 'Можно создать не больше {max} хранилищ',
    en: 'You can create at most {max} storages',
  },
  files_limit: {
    ru: 'В хранилище может быть не больше {max} файлов',
    en: 'A storage holds at most {max} files',
  },
  file_unreadable: {
    ru: 'Не удалось прочитать файл: он повреждён или не того формата, что его расширение',
    en: 'The file could not be read: it is damaged or not in the format its extension says',
  },
  file_no_text: {
    ru: 'В файле нет текста (например, скан без текстового слоя)',
    en: 'The file has no text (for example, a scan without a text layer)',
  },
  file_too_many_chunks: {
    ru: 'В файле слишком много текста, разделите его на несколько файлов',
    en: 'The file has too much text; split it into several files',
  },
  file_too_many_pages: {
    ru: 'В файле слишком много страниц, разделите его на несколько файлов',
    en: 'The file has too many pages; split it into several files',
  },
  file_too_large_unpacked: {
    ru: 'Файл слишком большой после распаковки',
    en: 'The file is too large once unpacked',
  },
  file_parse_limit: {
    ru: 'Файл читался слишком долго или занял слишком много памяти',
    en: 'Reading the file took too long or too much memory',
  },
  knowledge_low_balance: {
    ru: 'Недостаточно средств на балансе для индексации. Пополните баланс и повторите',
    en: 'The balance is too low for indexing. Top it up and try again',
  },
  knowledge_model_failed: {
    ru: 'Сервис эмбеддингов отказал. Повторите позже',
    en: 'The embeddings service refused. Try again later',
  },
  knowledge_unavailable: {
    ru: 'Поиск по документам недоступен: в базе данных сервера нет расширения pgvector',
    en: 'Document search is unavailable: the server’s database lacks the pgvector extension',
  },
  knowledge_not_configured: {
    ru: 'Модель не настроена на сервере (LLM_BASE_URL)',
    en: 'The model endpoint is not configured on the server (LLM_BASE_URL)',
  },
} as const;
