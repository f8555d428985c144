/** Query keys of the account feature. */
export const accountKeys = {
  notificationPreferences: ['account', 'notification-preferences'] as const,
};
