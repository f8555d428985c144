/**
 * The link in a code mail (decision 160) opens the page with `#email=…&code=…&key=…`. The key
 * proves the mailbox, so the server accepts it even while strangers' wrong guesses hold typed
 * codes back. Read once, then removed from the address bar so it is not left in history. Call
 * it from an effect, not while rendering: the page is server-drawn without the fragment, and a
 * first client render that differed would be thrown away (and the fragment with it).
 */
export interface CodeLink {
  email: string;
  code: string;
  key: string;
}

export function takeCodeLink(): CodeLink | undefined {
  if (typeof window === 'undefined' || !window.location.hash) return undefined;
  const p = new URLSearchParams(window.location.hash.slice(1));
  const email = p.get('email')?.trim().toLowerCase();
  const code = p.get('code') ?? '';
  const key = p.get('key') ?? '';
  if (!email || !/^\d{6}$/.test(code) || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) return undefined;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { email, code, key };
}
