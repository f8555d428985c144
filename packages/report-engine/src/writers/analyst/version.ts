/** The offline analyst's version, stamped on what it writes (its "model" id). */
export const OFFLINE_ANALYST_VERSION = '2.0.0';
