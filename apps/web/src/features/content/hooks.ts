import { useEffect } from 'react';

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
