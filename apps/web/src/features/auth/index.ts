/** What other features may use of auth (the only door: .dependency-cruiser.cjs, web-feature-through-index). */
export { authApi } from './api/auth-api.ts';
export { createPasskey, passkeyBrowserError, passkeysSupported, signWithPasskey } from './lib/passkeys.ts';
