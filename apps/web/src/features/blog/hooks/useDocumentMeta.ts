import { useEffect } from 'react';

/**
 * Sets the existing <meta name="description"> (adding one if the page has none) while the page is
 * shown, and restores it afterwards. Nothing happens without a description.
 */
export function useMetaDescription(description: string | null | undefined) {
  useEffect(() => {
    if (!description) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.getAttribute('content');
    tag.setAttribute('content', description);
    return () => {
      if (created) tag.remove();
      else if (previous !== null) tag.setAttribute('content', previous);
    };
  }, [description]);
}
