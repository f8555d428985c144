/** Query keys of the billing feature. Other features refresh the balance with `tokenKeys.balance`. */
export const tokenKeys = {
  all: ['tokens'] as const,
  packages: ['tokens', 'packages'] as const,
  balance: ['tokens', 'balance'] as const,
  billingDetails: ['billing', 'details'] as const,
  purchases: ['billing', 'purchases'] as const,
  ledger: ['billing', 'ledger'] as const,
};
