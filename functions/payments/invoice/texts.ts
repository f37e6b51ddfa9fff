/**
 * Every text printed on the invoice (счёт на оплату) and the act (акт об оказании услуг). These are
 * Russian accounting documents, so there is no English version; change wording here only.
 */

export const documentTexts = {
  currencyShort: 'руб.',
  noVat: 'Без НДС',
  vatIncluded: (ratePercent: number) => `В том числе НДС (${ratePercent}%):`,
  total: 'Итого:',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  ogrnip: 'ОГРНИП',
  signatureBlank: '____________________',
  signatureHint: '(подпись)',
  /** The usual line of an order: a top-up of the user's balance. */
  topUpItem: (serviceName: string) => `Пополнение баланса сервиса «${serviceName}»`,
  units: { service: 'усл.', piece: 'шт.' },
  table: {
    index: '№',
    quantity: 'Кол-во',
    unit: 'Ед.',
    price: 'Цена',
    amount: 'Сумма',
  },
  invoice: {
    title: (number: string, date: string) => `Счёт на оплату № ${number} от ${date}`,
    bankOfRecipient: 'Банк получателя',
    recipient: 'Получатель',
    bik: 'БИК',
    accountNumber: 'Сч. №',
    seller: 'Поставщик\n(Исполнитель):',
    buyer: 'Покупатель\n(Заказчик):',
    basis: 'Основание:',
    goods: 'Товары (работы, услуги)',
    totalToPay: 'Всего к оплате:',
    itemsSummary: (count: number, amount: string) => `Всего наименований ${count}, на сумму ${amount} руб.`,
    purposeLabel: 'Назначение платежа:',
    purpose: (number: string, date: string, vatLine: string) =>
      `Оплата по счёту № ${number} от ${date}. ${vatLine}`,
    director: 'Руководитель',
    accountant: 'Бухгалтер',
  },
  act: {
    title: (number: string, date: string) => `Акт № ${number} от ${date}`,
    subtitle: 'об оказании услуг (выполнении работ)',
    executor: 'Исполнитель:',
    customer: 'Заказчик:',
    basis: 'Основание:',
    invoiceReference: (number: string, date: string) => `Счёт на оплату № ${number} от ${date}`,
    goods: 'Наименование работ, услуг',
    itemsSummary: (count: number, amount: string) => `Всего оказано услуг ${count}, на сумму ${amount} руб.`,
    statement:
      'Вышеперечисленные услуги выполнены полностью и в срок. Заказчик претензий по объёму, качеству ' +
      'и срокам оказания услуг не имеет.',
    executorSignature: 'ИСПОЛНИТЕЛЬ',
    customerSignature: 'ЗАКАЗЧИК',
  },
} as const;

/** "23.11.2026" for the calendar date "2026-11-23". */
export function formatDocumentDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`document date ${JSON.stringify(isoDate)} is not YYYY-MM-DD`);
  const [, year, month, day] = match;
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCDate() !== Number(day)) {
    throw new RangeError(`document date ${JSON.stringify(isoDate)} does not exist`);
  }
  return `${day}.${month}.${year}`;
}

/** The calendar date ("YYYY-MM-DD") of an instant in a time zone; Russian documents are dated in Moscow time. */
export function calendarDate(instant: Date, timeZone = 'Europe/Moscow'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
