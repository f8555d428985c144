/** What other features may use of auth (the only door: .dependency-cruiser.cjs, web-feature-through-index). */
export { authApi } from './api/auth-api.ts';
export { createPasskey, passkeyBrowserError, passkeysSupported, signWithPasskey } from './lib/passkeys.ts';
/** The code step of a sign-in with two-factor on; the expert portal's sign-in uses it too (decision 235). */
export { SecondFactorStep } from './components/SecondFactorStep.tsx';
