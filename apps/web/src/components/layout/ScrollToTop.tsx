import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollBehavior } from '../../lib/motion.ts';

/** New page → top of the page; an anchor (e.g. /rttp#contact) → that element. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const el = document.getElementById(hash.slice(1));
      if (el) return el.scrollIntoView({ behavior: scrollBehavior() });
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
