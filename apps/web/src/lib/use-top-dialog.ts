import { useEffect, useState } from 'react';

const lastOpenDialog = () => [...document.querySelectorAll('dialog[open]')].at(-1) ?? null;

/**
 * The open <dialog> nearest the top, or null. A modal dialog sits in the browser's top layer and
 * makes the rest of the page inert, so anything that must stay visible and usable above it (the
 * toasts) has to be rendered inside it.
 */
export function useTopDialog(): Element | null {
  const [top, setTop] = useState<Element | null>(null);
  useEffect(() => {
    const update = () => setTop(lastOpenDialog());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return top;
}
