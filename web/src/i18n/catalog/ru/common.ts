/** Shared words, languages, currencies and the small form controls (select, mentions, lists, durations, weekdays). */
export const common = {
  'app.title': 'Конструктор ботов',

  'common.loading': 'Загрузка…',
  'common.cancel': 'Отмена',
  'common.try_again': 'Повторить попытку',
  'common.close': 'Закрыть',
  'common.save': 'Сохранить',
  'common.edit': 'Изменить',
  'common.delete': 'Удалить',
  'common.back': 'Назад',
  'common.next': 'Далее',

  'error.title': 'Возникла ошибка!',

  'language.label': 'Язык интерфейса',
  'language.ru': 'Русский',
  'language.en': 'English',

  'currency.rub': 'rub — российский рубль',
  'currency.usd': 'usd — доллар США',
  'currency.eur': 'eur — евро',
  'currency.kzt': 'kzt — казахстанский тенге',

  'select.placeholder': 'Выберите значение',
  'select.nothing_found': 'Ничего не найдено',
  'select.option_not_found': 'Вариант не найден',
  'mention.list': 'Переменные',
  'mention.not_found': 'Поле не найдено',
  'list.remove_item': 'Удалить пункт {n}',
  'duration.unit': 'Единица',
  'duration.minutes': 'минут',
  'duration.hours': 'часов',
  'duration.days': 'дней',

  'weekday.mon': 'Понедельник',
  'weekday.tue': 'Вторник',
  'weekday.wed': 'Среда',
  'weekday.thu': 'Четверг',
  'weekday.fri': 'Пятница',
  'weekday.sat': 'Суббота',
  'weekday.sun': 'Воскресенье',
} as const;
