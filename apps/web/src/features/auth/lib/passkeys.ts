import type { PasskeyAuthenticationResponse } from '@assay/shared';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (decision 193), through @simplewebauthn/browser: the server's
 * options in, the authenticator's answer out, as JSON the server schemas check.
 */
export const passkeysSupported = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

export const createPasskey = (options: Record<string, unknown>) =>
  startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });

export const signWithPasskey = async (options: Record<string, unknown>) =>
  (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as PasskeyAuthenticationResponse;

/** What to tell the person when the browser itself refused (no server answer to show). */
export function passkeyBrowserError(err: unknown): string | undefined {
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This device already has a passkey for your account.';
  if (err instanceof WebAuthnError || (err instanceof Error && err.name === 'NotAllowedError'))
    return 'The passkey prompt was closed or timed out. Try again.';
  return undefined;
}
