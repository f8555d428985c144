import { pageTitle } from '@assay/shared';
import { useEffect } from 'react';

/** Sets the tab title while the page is shown and puts the previous one back afterwards. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** Every page's tab title reads "Name · Assay" (the server writes the public pages' into their HTML). */
export { pageTitle };

export const usePageTitle = (name: string) => useDocumentTitle(pageTitle(name));
