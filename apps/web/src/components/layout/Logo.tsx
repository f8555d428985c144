import { Link } from 'react-router';

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2" aria-label="Assay home">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4338ca" />
        <path d="M9 23l7-15 7 15M12 18h8" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={light ? 'text-lg font-bold text-white' : 'text-lg font-bold text-slate-900'}>Assay</span>
    </Link>
  );
}
