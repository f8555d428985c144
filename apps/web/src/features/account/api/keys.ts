/** Query keys of the account feature. */
export const accountKeys = {
  notificationPreferences: ['account', 'notification-preferences'] as const,
};

/** Profile → Security (decision 190). */
export const securityKeys = {
  status: ['account', 'security'] as const,
  sessions: ['account', 'sessions'] as const,
  passkeys: ['account', 'passkeys'] as const,
};
