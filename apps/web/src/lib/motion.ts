/**
 * How to scroll to a place on the page: smoothly, unless the reader asked their system for less
 * motion. `scrollIntoView({ behavior: 'smooth' })` ignores the stylesheet's reduced-motion rule
 * (index.css), so each call asks here.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
