import { MSG } from '@assay/shared';
import type { ReactNode } from 'react';
import { showToast } from '../../../lib/toasts.ts';
import { FacebookLogo, LinkedInLogo, LinkIcon, XLogo } from './icons.tsx';

/** Share addresses of the three networks for a page address (and, for Twitter, its title). */
export function shareUrl(network: 'twitter' | 'linkedin' | 'facebook', url: string, title: string): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
  }
}

/** A 600x400 popup (docs/product.md §2). The popup is cut off from this page once it is open. */
function openPopup(href: string) {
  const w = window.open(href, '_blank', 'width=600,height=400');
  if (w) w.opener = null;
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(window.location.href);
    showToast('success', MSG.linkCopied);
  } catch {
    showToast('error', 'Could not copy the link. Please copy it from the address bar.');
  }
}

const buttonClass =
  'inline-flex size-10 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700';

function ShareButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={buttonClass}>
      {children}
    </button>
  );
}

/** Twitter, LinkedIn and Facebook share popups for the current page, and Copy link. */
export function ShareButtons({ title }: { title: string }) {
  const share = (network: 'twitter' | 'linkedin' | 'facebook') => openPopup(shareUrl(network, window.location.href, title));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-medium text-slate-600">Share</span>
      <ShareButton label="Share on Twitter" onClick={() => share('twitter')}>
        <XLogo />
      </ShareButton>
      <ShareButton label="Share on LinkedIn" onClick={() => share('linkedin')}>
        <LinkedInLogo />
      </ShareButton>
      <ShareButton label="Share on Facebook" onClick={() => share('facebook')}>
        <FacebookLogo />
      </ShareButton>
      <ShareButton label="Copy link" onClick={() => void copyLink()}>
        <LinkIcon />
      </ShareButton>
    </div>
  );
}
