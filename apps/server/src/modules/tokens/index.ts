/** The token ledger: balances, lots, report holds, the signup bonus, packages. */
export { tokensRoutes } from './tokens.routes.ts';
export { placeHold } from './place-hold.ts';
export { captureHold } from './capture-hold.ts';
export { releaseHold } from './release-hold.ts';
export { grantSignupBonus } from './grant-signup-bonus.ts';
export { creditPurchase } from './credit-purchase.ts';
export { getBalance } from './get-balance.ts';
export { expireLots, expireLotsSweep } from './expire-lots.ts';
export { adjustTokens } from './adjust-tokens.ts';
export { forfeitTokens } from './forfeit-tokens.ts';
export { forfeitHeldLot, purchaseLotOf, refundLot, type RefundLotOutcome } from './refund-lot.ts';
export { lockAccount, lockAnyAccount } from './ledger.ts';
export { exportLedger, type LedgerEntry, type LedgerExport, type LedgerLot } from './export-ledger.ts';
export { listTokenHistory } from './list-token-history.ts';
export { findActivePackage, listPackages, packagePriceMinor, toPackageView, type PackageRow } from './list-packages.ts';
export { ledgerSettingsFrom, readLedgerSettings, saveLedgerSettings, type LedgerSettings } from './settings.ts';
export { tokensPublicReads } from './public-reads.ts';
