import { z } from 'zod';
import { MSG } from '../messages.ts';
import { lineText } from './fields.ts';

/*
 * The browser's WebAuthn answers (decision 193), relayed as the JSON that @simplewebauthn/browser
 * makes; every string in them is base64url, checked here so that nothing else reaches the
 * verifier. Apart from passkeys.ts so that auth.ts can take an answer too (the e-mail change,
 * decision 228) without the two importing each other.
 */
const b64url = (max: number) =>
  lineText(MSG.passkeyResponseInvalid)
    .min(1, MSG.passkeyResponseInvalid)
    .max(max, MSG.passkeyResponseInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, MSG.passkeyResponseInvalid);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transports = z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional();
const attachment = z.enum(['platform', 'cross-platform']).optional();
/** Extension results are not used; an object is accepted and dropped. */
const extensionResults = z
  .object({})
  .passthrough()
  .optional()
  .transform(() => ({}));

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
    // Room for a post-quantum signature: with Node 24 the verifier offers ML-DSA (COSE -48/-49/-50),
    // whose signatures are 2,420–4,627 bytes (up to 6,170 characters here); ES256's are ~96.
    signature: b64url(8000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});
export type PasskeyAuthenticationResponse = z.input<typeof passkeyAuthenticationResponse>;
