import { PRODUCT_NAME } from '@assay/shared';
import { useEffect } from 'react';

/** Sets the browser tab's title for a page: "Title · Assay". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

/**
 * Loads an outside script (e.g. the scheduling embed) while the page is shown. A script that
 * cannot be loaded is ignored on purpose (SPEC section 8: the failure is handled silently).
 */
export function useExternalScript(src: string | undefined) {
  useEffect(() => {
    if (!src) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.owner = 'content';
    script.onerror = () => {
      /* silently ignored: the page works without it */
    };
    document.body.appendChild(script);
    return () => {
      script.onerror = null;
      script.remove();
    };
  }, [src]);
}
