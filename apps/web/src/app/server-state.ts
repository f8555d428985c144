/** The id of the `<script type="application/json">` holding a server-rendered page's data. */
export const STATE_ELEMENT_ID = 'assay-state';

/** The data as JSON safe inside a script element: no `</script>` or `<!--` can close or open anything. */
export function stateScript(state: unknown): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${json}</script>`;
}

type Dehydrated = { queries: { queryHash: string; dehydratedAt?: number; state: { dataUpdatedAt: number } }[] };

/**
 * The queries without the moment of this render, in a fixed order, so that a page rendered again
 * from the same data is the same bytes, and keeps its validator (a browser's copy is still
 * answered 304).
 */
export function withoutTimes<S extends Dehydrated>(state: S): S {
  const queries = state.queries.map((q) => ({ ...q, dehydratedAt: 0, state: { ...q.state, dataUpdatedAt: 0 } }));
  return { ...state, queries: queries.sort((x, y) => (x.queryHash < y.queryHash ? -1 : x.queryHash > y.queryHash ? 1 : 0)) };
}

/** The page's data as received now: fresh for the app's usual time from when the page arrived. */
export function receivedNow<S extends Dehydrated>(state: S, now = Date.now()): S {
  return { ...state, queries: state.queries.map((q) => ({ ...q, dehydratedAt: now, state: { ...q.state, dataUpdatedAt: now } })) };
}
