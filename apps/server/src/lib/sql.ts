/** Small helpers for hand-written SQL, shared by every module. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid: check before a `$1::uuid` cast, so bad ids are a 404, not a 500. */
export const isUuid = (value: string) => UUID.test(value);

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (and the escape) escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
