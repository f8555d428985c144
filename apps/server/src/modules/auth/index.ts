export { authRoutes, REFRESH_COOKIE } from './auth.routes.ts';
export { accountActivated } from './account-activated.ts';
export { consumeDeletionCode, sendDeletionCode } from './deletion-code.ts';
export { hasTotp, newTotpSecret, totpStep, useTotpCode } from './totp.ts';
export { recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
export {
  addPasskeyFor,
  checkOwnerPasskey,
  deletePasskeyOf,
  listPasskeysOf,
  passkeyAssertionOptionsFor,
  passkeyRegistrationOptionsFor,
  renamePasskeyOf,
} from './passkey-store.ts';
