import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { cn } from '../ui/cn.ts';
import { Logo } from './Logo.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

const NAV = [
  { to: '/reports', label: 'Reports', icon: 'M9 12h6m-6 4h6M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z' },
  { to: '/login-pricing', label: 'Buy Tokens', icon: 'M12 6v12m6-6H6m15 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z' },
  {
    to: '/billing',
    label: 'Billing',
    icon: 'M3 10h18M7 15h2m4 0h4M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z',
  },
  { to: '/profile', label: 'Profile', icon: 'M16 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0ZM12 14a7 7 0 0 0-7 7h14a7 7 0 0 0-7-7Z' },
];

/**
 * The signed-in shell: side navigation, the member's name and initial, logout. Signing out is the
 * auth feature's: the app passes it in, so the layout knows no feature.
 */
export function MemberShell({ onLogout }: { onLogout: () => void }) {
  return (
    <RequireAuth>
      <ScrollToTop />
      <ShellFrame logout={onLogout} />
    </RequireAuth>
  );
}

function ShellFrame({ logout }: { logout: () => void }) {
  const { user } = useSession();
  const initial = (user?.name.trim()[0] ?? '?').toUpperCase();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      // A phone shows the four items side by side, icon over label; a desktop, the side list.
      'flex flex-col items-center gap-1 rounded-lg px-1 py-1.5 text-xs font-medium lg:flex-row lg:gap-3 lg:px-3 lg:py-2 lg:text-sm',
      isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    );
  return (
    <div className="min-h-screen lg:flex">
      <aside className="border-b border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col lg:border-b-0 lg:border-r">
        <div className="flex h-16 items-center justify-between px-4 lg:px-6">
          <Logo />
          <div className="flex items-center gap-2 lg:hidden">
            <span
              className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {initial}
            </span>
            <button type="button" onClick={logout} className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100">
              Logout
            </button>
          </div>
        </div>
        <div className="hidden items-center gap-3 border-y border-slate-100 px-6 py-4 lg:flex">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
            aria-hidden="true"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900" data-testid="member-name">
              {user?.name}
            </p>
            <p className="truncate text-xs text-slate-500">{user?.email}</p>
          </div>
        </div>
        <nav aria-label="Member" className="grid grid-cols-4 gap-1 px-2 pb-2 lg:flex lg:flex-1 lg:flex-col lg:px-4 lg:py-4">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={linkClass}>
              <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                <path d={n.icon} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="whitespace-nowrap">{n.label}</span>
            </NavLink>
          ))}
        </nav>
        <div className="hidden border-t border-slate-100 p-4 lg:block">
          <button
            type="button"
            onClick={logout}
            className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M15 12H3m0 0 4-4m-4 4 4 4M21 4v16" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Logout
          </button>
        </div>
      </aside>
      <main id="main" className="flex-1 lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
