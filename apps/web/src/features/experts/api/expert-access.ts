import { expertSecurityEndpoints as sec } from '@assay/shared';
import { call } from '../../../lib/api.ts';
import { expertKeys } from './expert.ts';

/** Decision 235: the expert's second factor. */
export const securityKey = [...expertKeys.all, 'security'] as const;
export const fetchSecurity = (signal?: AbortSignal) => call(sec.security, { signal });
export const secondFactor = (challenge: string, code: string) => call(sec.secondFactor, { body: { challenge, code } });
export const totpSetup = (password: string) => call(sec.totpSetup, { body: { password } });
export const totpEnable = (code: string) => call(sec.totpEnable, { body: { code } });
export const totpDisable = (password: string) => call(sec.totpDisable, { body: { password } });
export const newRecoveryCodes = (password: string) => call(sec.recoveryCodes, { body: { password } });
