/**
 * Operator searches (users, purchases, contact) find a text anywhere in a field through trigram
 * indexes, and a trigram index can only look up a text with three letters or digits in a row:
 * shorter, every row would be read (docs/decisions/180-bounded-lists-and-searches.md). The
 * server refuses such a search; the panel does not send it and says why.
 */
export const OPERATOR_SEARCH_MIN_RUN = 3;

/** True when a search text has OPERATOR_SEARCH_MIN_RUN letters or digits in a row (empty: no search). */
export const isOperatorSearchable = (text: string) => new RegExp(`[\\p{L}\\p{N}]{${OPERATOR_SEARCH_MIN_RUN}}`, 'u').test(text);
