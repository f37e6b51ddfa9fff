/** The storage management modal (SPEC §2) and the knowledge settings of the bot editor. */
export const storages = {
  'storage.title': 'Хранилища',
  'storage.load_failed': 'Не удалось загрузить хранилища',
  'storage.usage': 'Занято {used} из {total}',
  'storage.empty_title': 'Хранилищ пока нет',
  'storage.empty_text':
    'Создайте хранилище документов — бот будет отвечать по прайсу, FAQ и регламентам — или медиа-хранилище с фото и файлами, которые бот отправляет клиентам.',
  'storage.type.vector': 'Документы',
  'storage.type.media': 'Медиа',
  'storage.type.vector.hint':
    'PDF, DOCX, XLSX, CSV, TXT и MD разбираются на фрагменты; бот находит нужные и отвечает по ним.',
  'storage.type.media.hint':
    'Фото, видео и файлы, которые бот отправляет клиенту действием «Отправить медиа».',
  'storage.summary': '{count, plural, one {# файл} few {# файла} many {# файлов} other {# файла}} · {size}',
  'storage.open': 'Открыть',
  'storage.delete_named': 'Удалить хранилище «{name}»',
  'storage.delete_title': 'Удалить хранилище?',
  'storage.delete_text':
    'Хранилище «{name}» будет удалено со всеми файлами. Боты, которые отвечали по нему, продолжат работу без него.',
  'storage.deleted': 'Хранилище удалено',
  'storage.create_title': 'Новое хранилище',
  'storage.name': 'Название',
  'storage.description': 'Описание для бота',
  'storage.description_hint':
    'Что лежит в хранилище: бот увидит это описание рядом с найденными фрагментами.',
  'storage.create': 'Создать',
  'storage.saved': 'Хранилище сохранено',
  'storage.back': 'Все хранилища',
  'storage.files_load_failed': 'Не удалось загрузить файлы',
  'storage.files_empty_title': 'Файлов пока нет',
  'storage.files_empty_text.vector':
    'Загрузите прайс, FAQ или регламент — после индексации бот будет отвечать по ним.',
  'storage.files_empty_text.media': 'Загрузите фото или файлы, чтобы бот мог отправлять их клиентам.',
  'storage.upload': 'Загрузить файлы',
  'storage.upload_hint': 'Или перетащите сюда. {types} · до {max} на файл · свободно {free}',
  'storage.uploading': 'Загрузка {name}',
  'storage.state.pending': 'В очереди',
  'storage.state.indexing': 'Индексация {progress}%',
  'storage.state.ready': 'Готов',
  'storage.state.failed': 'Ошибка',
  'storage.index_price': 'индексация: {price}',
  'storage.retry': 'Повторить',
  'storage.file_description': 'Описание для бота (необязательно)',
  'storage.file_description_named': 'Описание файла «{name}» для бота',
  'storage.file_delete_named': 'Удалить файл «{name}»',
  'storage.file_delete_title': 'Удалить файл?',
  'storage.file_delete_text':
    'Файл «{name}» будет удалён, бот больше не будет отвечать по нему и отправлять его.',
  'storage.file_deleted': 'Файл удалён',
  'bot.storage.select': 'Хранилище документов',
  'bot.storage.none': 'Без базы знаний',
  'bot.storage.hint':
    'Бот ищет ответ в документах хранилища и не выдумывает то, чего там нет. Медиа-хранилища выбираются в действии «Отправить медиа».',
  'bot.storage.manage': 'Управление хранилищами',
  'bot.action.media.files': 'Файлы для отправки',
  'bot.action.media.none': 'Нет файлов в медиа-хранилищах. Загрузите их в «Управление хранилищами».',
} as const;
