import { describe, expect, it } from 'vitest';
import { passkeyAuthenticationResponse } from './webauthn-responses.ts';

const b64url = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64url');
const answer = (signatureBytes: number) => ({
  id: 'AAEC',
  rawId: 'AAEC',
  type: 'public-key',
  response: { clientDataJSON: b64url(120), authenticatorData: b64url(37), signature: b64url(signatureBytes) },
  clientExtensionResults: {},
});

describe('a passkey sign-in answer', () => {
  // The verifier offers ML-DSA-44 first where the runtime has it (Node 24), and Chromium's
  // authenticators take it: a post-quantum signature must get through, the largest (ML-DSA-87) too.
  it.each([
    ['ES256', 72],
    ['ML-DSA-44', 2420],
    ['ML-DSA-65', 3309],
    ['ML-DSA-87', 4627],
  ])('takes a %s signature (%i bytes)', (_alg, bytes) => {
    expect(passkeyAuthenticationResponse.safeParse(answer(bytes)).success).toBe(true);
  });

  it('refuses a signature no algorithm makes, and one that is not base64url', () => {
    expect(passkeyAuthenticationResponse.safeParse(answer(6100)).success).toBe(false);
    expect(
      passkeyAuthenticationResponse.safeParse({ ...answer(72), response: { ...answer(72).response, signature: 'a+b/' } }).success,
    ).toBe(false);
  });
});
