/**
 * The token ledger: balances, lots, report holds, the signup bonus, packages.
 * The routes (tokens.routes.ts) are registered by app.ts directly: auth's activation seam
 * imports this index, and the routes import auth, so exporting them here would make a cycle.
 */
export { placeHold } from './place-hold.ts';
export { captureHold } from './capture-hold.ts';
export { releaseHold } from './release-hold.ts';
export { grantSignupBonus } from './grant-signup-bonus.ts';
export { creditPurchase } from './credit-purchase.ts';
export { getBalance } from './get-balance.ts';
export { expireLots } from './expire-lots.ts';
export { adjustTokens } from './adjust-tokens.ts';
export { findActivePackage, listPackages, packagePriceMinor, toPackageView, type PackageRow } from './list-packages.ts';
export { ledgerSettingsFrom, readLedgerSettings, saveLedgerSettings, type LedgerSettings } from './settings.ts';
