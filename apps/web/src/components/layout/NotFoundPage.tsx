import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { buttonClass } from '../ui/Button.tsx';

/** Any address the app has no page for (the server answers it with status 404). */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">The page you asked for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary', 'md')}>
        Go to the home page
      </Link>
    </div>
  );
}
