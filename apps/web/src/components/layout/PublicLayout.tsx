import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { markAppCommitted } from '../../lib/early-clicks.ts';
import { useSession } from '../../lib/session.ts';
import { useSiteConfig } from '../../lib/site.ts';
import { buttonClass } from '../ui/Button.tsx';
import { cn } from '../ui/cn.ts';
import { FOOTER_GROUPS, MAIN_NAV } from './links.ts';
import { Logo } from './Logo.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

export function PublicLayout() {
  // The server-drawn page is the app's now: buttons clicked before are clicked again (decision 171).
  useEffect(() => markAppCommitted(), []);
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The visitor's Sign In · Get Started are marked visitor-only: a returning member's browser keeps
 * them hidden until the session is known (decision 171), and then shows Dashboard in their place.
 */
function SiteHeader() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The open phone menu closes on Escape (focus back on its button) and on a tap outside the header.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!headerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium', isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900');
  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {MAIN_NAV.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <Link to="/reports" className={buttonClass('primary', 'sm')}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost', 'sm')} data-visitor-only>
                Sign In
              </Link>
              <Link to="/signup" className={buttonClass('primary', 'sm')} data-visitor-only>
                Get Started
              </Link>
            </>
          )}
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {open && (
        <nav id="mobile-nav" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 py-3 lg:hidden">
          <div className="grid gap-1">
            {MAIN_NAV.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navClass}>
                {l.label}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 grid grid-cols-2 gap-2">
            {user ? (
              <Link to="/reports" className={cn(buttonClass('primary', 'sm'), 'col-span-2')}>
                Dashboard
              </Link>
            ) : (
              <>
                <Link to="/login" className={buttonClass('outline', 'sm')} data-visitor-only>
                  Sign In
                </Link>
                <Link to="/signup" className={buttonClass('primary', 'sm')} data-visitor-only>
                  Get Started
                </Link>
              </>
            )}
          </div>
        </nav>
      )}
    </header>
  );
}

function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 md:grid-cols-6">
        <div className="col-span-2">
          <Logo light />
          <p className="mt-4 max-w-xs text-sm text-slate-400">
            Investor-grade technology assessment reports, and a network of registered technology transfer professionals to take your
            invention to market.
          </p>
          <p className="mt-4 text-sm">
            Support:{' '}
            <a className="text-white underline-offset-2 hover:underline" href={`mailto:${site.support_email}`}>
              {site.support_email}
            </a>
          </p>
          <div className="mt-4 flex gap-3 text-sm">
            <a href={site.social.linkedin} target="_blank" rel="noopener noreferrer" className="hover:text-white">
              LinkedIn
            </a>
            <a href={site.social.twitter} target="_blank" rel="noopener noreferrer" className="hover:text-white">
              Twitter
            </a>
            <a href={site.social.facebook} target="_blank" rel="noopener noreferrer" className="hover:text-white">
              Facebook
            </a>
          </div>
        </div>
        {FOOTER_GROUPS.map((g) => (
          <div key={g.title}>
            <h2 className="text-sm font-semibold text-white">{g.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Assay. All rights reserved.
      </div>
    </footer>
  );
}
