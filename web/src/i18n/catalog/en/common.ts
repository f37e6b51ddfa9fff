import type { common as ru } from '../ru/common';

/** Shared words, languages, currencies and the small form controls (select, mentions, lists, durations, weekdays, date pickers). */
export const common: Record<keyof typeof ru, string> = {
  'app.title': 'Bot Builder',

  'common.loading': 'Loading…',
  'common.cancel': 'Cancel',
  'common.try_again': 'Try again',
  'common.close': 'Close',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.save': 'Save',
  'common.edit': 'Edit',
  'common.delete': 'Delete',
  'common.back': 'Back',
  'common.next': 'Next',

  'error.title': 'An error occurred!',

  'language.label': 'Interface language',
  'language.ru': 'Русский',
  'language.en': 'English',

  'currency.rub': 'rub — Russian ruble',
  'currency.usd': 'usd — US dollar',
  'currency.eur': 'eur — euro',
  'currency.kzt': 'kzt — Kazakhstani tenge',

  'select.placeholder': 'Select value',
  'select.nothing_found': 'Nothing found',
  'select.option_not_found': 'Option not found',
  'mention.list': 'Variables',
  'mention.not_found': 'No such field',
  'list.remove_item': 'Remove item {n}',
  'duration.unit': 'Unit',
  'duration.minutes': 'minutes',
  'duration.hours': 'hours',
  'duration.days': 'days',

  'weekday.mon': 'Monday',
  'weekday.tue': 'Tuesday',
  'weekday.wed': 'Wednesday',
  'weekday.thu': 'Thursday',
  'weekday.fri': 'Friday',
  'weekday.sat': 'Saturday',
  'weekday.sun': 'Sunday',

  'date.placeholder': 'MM/DD/YYYY',
  'date.clear': 'Clear “{label}”',
  'date.next_month': 'Next month',
  'date.previous_month': 'Previous month',
  'date.next_year': 'Next year',
  'date.previous_year': 'Previous year',
  'date.next_decade': 'Next decade',
  'date.previous_decade': 'Previous decade',
  'date.choose_month': 'Choose a month',
  'date.choose_year': 'Choose a year',
};
