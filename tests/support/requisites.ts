/** Real companies and banks, so every control digit in the requisites is genuine. */

/** Sberbank's own details: a company with a KPP (10-digit INN, 13-digit OGRN). */
export const SBERBANK_REQUISITES = {
  inn: '7707083893',
  kpp: '773601001',
  name: 'ПАО СБЕРБАНК',
  legal_address: '117312, г. Москва, ул. Вавилова, д. 19',
  postal_address: '117312, г. Москва, ул. Вавилова, д. 19',
  ogrn: '1027700132195',
  bik: '044525225',
  bank_name: 'ПАО СБЕРБАНК',
  account: '40702810938000012345',
  correspondent_account: '30101810400000000225',
};

/** A sole proprietor banking with T-Bank: 12-digit INN, 15-digit OGRNIP, no KPP. */
export const PROPRIETOR_REQUISITES = {
  inn: '771234567859',
  name: 'ИП Ёлкин Пётр Сергеевич',
  legal_address: '101000, г. Москва',
  postal_address: '101000, г. Москва, а/я 15',
  ogrn: '319774600123453',
  bik: '044525974',
  bank_name: 'АО «ТБанк»',
  account: '40802810900001234567',
  correspondent_account: '30101810145250000974',
};
