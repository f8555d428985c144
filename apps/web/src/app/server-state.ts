/** The id of the `<script type="application/json">` holding a server-rendered page's data. */
export const STATE_ELEMENT_ID = 'assay-state';

/** The data as JSON safe inside a script element: no `</script>` or `<!--` can close or open anything. */
export function stateScript(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${json}</script>`;
}
