const STATE = /<script type="application\/json" id="assay-state">([\s\S]*?)<\/script>/;

interface Dehydrated {
  queries?: { queryKey?: unknown[]; state?: { data?: { id?: unknown } } }[];
}

/**
 * The id of the post a rendered post page shows, read from the data the page was rendered with
 * (the web's post query, `['posts', type, 'detail', slug]`); undefined for a page sent unrendered
 * (the app then reads the post itself, and that read counts the view).
 */
export function renderedPostId(html: string): string | undefined {
  const json = STATE.exec(html)?.[1];
  if (!json) return undefined;
  try {
    const state = JSON.parse(json) as Dehydrated;
    const id = state.queries?.find((q) => q.queryKey?.[0] === 'posts' && q.queryKey[2] === 'detail')?.state?.data?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
