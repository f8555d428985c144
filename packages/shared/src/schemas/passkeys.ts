import { z } from 'zod';
import { MSG } from '../messages.ts';
import { lineText, pathParam } from './fields.ts';
import { passwordConfirmRequest } from './auth.ts';

/*
 * Passkeys (WebAuthn, decision 193). The browser's answers are relayed as the JSON that
 * @simplewebauthn/browser makes; every string in them is base64url, checked here so that
 * nothing else reaches the verifier.
 */
const b64url = (max: number) => lineText(MSG.passkeyResponseInvalid).min(1, MSG.passkeyResponseInvalid).max(max, MSG.passkeyResponseInvalid)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, MSG.passkeyResponseInvalid);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transports = z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional();
const attachment = z.enum(['platform', 'cross-platform']).optional();
/** Extension results are not used; an object is accepted and dropped. */
const extensionResults = z.object({}).passthrough().optional().transform(() => ({}));

export const passkeyRegistrationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(40_000),
    transports,
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

export type PasskeyRegistrationResponse = z.output<typeof passkeyRegistrationResponse>;

export const passkeyAuthenticationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});
export type PasskeyAuthenticationResponse = z.input<typeof passkeyAuthenticationResponse>;

export const passkeyNameField = lineText(MSG.passkeyNameRequired).trim().min(1, MSG.passkeyNameRequired).max(60);

/** Adding a passkey asks for the password again, as every other factor change does. */
export const passkeyRegisterOptionsRequest = passwordConfirmRequest;
export const passkeyRegisterRequest = z.object({ name: passkeyNameField, response: passkeyRegistrationResponse });
export const passkeyRenameRequest = z.object({ name: passkeyNameField });
export const passkeyIdParams = z.object({ id: pathParam(20).regex(/^\d{1,18}$/, MSG.passkeyNotFound).transform(Number).pipe(z.number().int().positive()) });

/** The options the browser hands to navigator.credentials; relayed as the library makes them. */
export const passkeyOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsResponse>;

export const passkeySignInRequest = z.object({ response: passkeyAuthenticationResponse, remember: z.boolean().optional() });
export const passkeySecondFactorOptionsRequest = z.object({ challenge: lineText().regex(/^[A-Za-z0-9_-]{16,64}$/, MSG.secondFactorExpired) });
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
