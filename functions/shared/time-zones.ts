/**
 * The work-time city list of the bot editor (SPEC §9: 22 entries). A bot stores the IANA zone;
 * the city names are what the editor shows.
 */
export const TIME_ZONES = [
  { id: 'Europe/Kaliningrad', ru: 'Калининград', en: 'Kaliningrad' },
  { id: 'Europe/Moscow', ru: 'Москва', en: 'Moscow' },
  { id: 'Europe/Samara', ru: 'Самара', en: 'Samara' },
  { id: 'Asia/Yekaterinburg', ru: 'Екатеринбург', en: 'Yekaterinburg' },
  { id: 'Asia/Omsk', ru: 'Омск', en: 'Omsk' },
  { id: 'Asia/Novosibirsk', ru: 'Новосибирск', en: 'Novosibirsk' },
  { id: 'Asia/Krasnoyarsk', ru: 'Красноярск', en: 'Krasnoyarsk' },
  { id: 'Asia/Irkutsk', ru: 'Иркутск', en: 'Irkutsk' },
  { id: 'Asia/Yakutsk', ru: 'Якутск', en: 'Yakutsk' },
  { id: 'Asia/Vladivostok', ru: 'Владивосток', en: 'Vladivostok' },
  { id: 'Asia/Magadan', ru: 'Магадан', en: 'Magadan' },
  { id: 'Asia/Kamchatka', ru: 'Петропавловск-Камчатский', en: 'Petropavlovsk-Kamchatsky' },
  { id: 'Europe/Minsk', ru: 'Минск', en: 'Minsk' },
  { id: 'Asia/Almaty', ru: 'Алматы, Астана', en: 'Almaty, Astana' },
  { id: 'Asia/Aqtobe', ru: 'Актобе', en: 'Aktobe' },
  { id: 'Asia/Tashkent', ru: 'Ташкент', en: 'Tashkent' },
  { id: 'Asia/Bishkek', ru: 'Бишкек', en: 'Bishkek' },
  { id: 'Asia/Baku', ru: 'Баку', en: 'Baku' },
  { id: 'Asia/Tbilisi', ru: 'Тбилиси', en: 'Tbilisi' },
  { id: 'Asia/Yerevan', ru: 'Ереван', en: 'Yerevan' },
  { id: 'Europe/Chisinau', ru: 'Кишинёв', en: 'Chisinau' },
  { id: 'Asia/Dubai', ru: 'Дубай', en: 'Dubai' },
] as const;

export type TimeZoneId = (typeof TIME_ZONES)[number]['id'];

export const TIME_ZONE_IDS = TIME_ZONES.map((zone) => zone.id) as [TimeZoneId, ...TimeZoneId[]];

export const DEFAULT_TIME_ZONE: TimeZoneId = 'Europe/Moscow';
