import { z } from 'zod';
import { MSG } from '../messages.ts';
import { lineText, pathParam } from './fields.ts';
import { passwordConfirmRequest } from './auth.ts';
import { passkeyAuthenticationResponse, passkeyRegistrationResponse } from './webauthn-responses.ts';

/* Passkeys (WebAuthn, decision 193). */
export {
  passkeyAuthenticationResponse,
  passkeyRegistrationResponse,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from './webauthn-responses.ts';

export const passkeyNameField = lineText(MSG.passkeyNameRequired).trim().min(1, MSG.passkeyNameRequired).max(60);

/** Adding a passkey asks for the password again, as every other factor change does. */
export const passkeyRegisterOptionsRequest = passwordConfirmRequest;
export const passkeyRegisterRequest = z.object({ name: passkeyNameField, response: passkeyRegistrationResponse });
export const passkeyRenameRequest = z.object({ name: passkeyNameField });
export const passkeyIdParams = z.object({
  id: pathParam(20)
    .regex(/^\d{1,18}$/, MSG.passkeyNotFound)
    .transform(Number)
    .pipe(z.number().int().positive()),
});

/** The options the browser hands to navigator.credentials; relayed as the library makes them. */
export const passkeyOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsResponse>;

export const passkeySignInRequest = z.object({ response: passkeyAuthenticationResponse, remember: z.boolean().optional() });
export const passkeySecondFactorOptionsRequest = z.object({
  challenge: lineText().regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.secondFactorExpired),
});
export const passkeySecondFactorRequest = passkeySecondFactorOptionsRequest.extend({ response: passkeyAuthenticationResponse });

export const passkeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager …), or bound to one device. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;
export const passkeyListResponse = z.object({ passkeys: z.array(passkeyView) });
