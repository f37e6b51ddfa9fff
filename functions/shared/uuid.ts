const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs: anything else is not found before a query is made (and Postgres would reject it). */
export const isUuid = (value: string): boolean => UUID.test(value);
