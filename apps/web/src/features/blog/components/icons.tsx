/** Small inline icons for the blog screens (decorative: always aria-hidden). */
type IconProps = { className?: string };

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const CalendarIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <rect x="3" y="4.5" width="14" height="12" rx="2" />
    <path d="M3 8.5h14M7 3v3M13 3v3" />
  </svg>
);

export const UserIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <circle cx="10" cy="7" r="3.2" />
    <path d="M3.8 17c.9-3 3.3-4.6 6.2-4.6s5.3 1.6 6.2 4.6" />
  </svg>
);

export const EyeIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <path d="M1.8 10S4.8 4.5 10 4.5 18.2 10 18.2 10 15.2 15.5 10 15.5 1.8 10 1.8 10Z" />
    <circle cx="10" cy="10" r="2.5" />
  </svg>
);

export const ArrowLeftIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <path d="M16 10H4M9 5l-5 5 5 5" />
  </svg>
);

export const ArrowRightIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <path d="M4 10h12M11 5l5 5-5 5" />
  </svg>
);

export const ExternalLinkIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <path d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8" />
  </svg>
);

export const LinkIcon = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 20 20" className={className} {...stroke} aria-hidden="true">
    <path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1" />
    <path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1" />
  </svg>
);

export const DocumentIcon = ({ className = 'size-10' }: IconProps) => (
  <svg viewBox="0 0 24 24" className={className} {...stroke} strokeWidth={1.4} aria-hidden="true">
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5M9 13h6M9 17h6M9 9h2" />
  </svg>
);

export const NewspaperIcon = ({ className = 'size-10' }: IconProps) => (
  <svg viewBox="0 0 24 24" className={className} {...stroke} strokeWidth={1.4} aria-hidden="true">
    <path d="M4 5h13v13a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V5Z" />
    <path d="M17 9h3v9a2 2 0 0 1-2 2M7.5 8.5h6v4h-6zM7.5 15.5h6" />
  </svg>
);

/* Brand marks, filled. */
export const XLogo = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
    <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z" />
  </svg>
);

export const LinkedInLogo = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
    <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z" />
  </svg>
);

export const FacebookLogo = ({ className = 'size-4' }: IconProps) => (
  <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
    <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
  </svg>
);
