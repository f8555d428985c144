/**
 * The numbers the policy pages quote, in one place so the Terms, the Refund Policy and the
 * Privacy Policy can never disagree (docs/decisions/040-legal-text-choices.md).
 * Token validity is not here: it is TOKEN_VALIDITY_TEXT from @assay/shared.
 */
export const POLICY = {
  termsEffective: 'July 18, 2025',
  refundEffective: 'July 16, 2025',
  privacyEffective: 'July 18, 2025',

  refundWindowDays: 7,
  adminFeePercent: 10,
  refundProcessing: '7 to 14 business days',
  deliveryIssueHours: 72,
  consultationNoticeHours: 24,
  liabilityMonths: 6,

  /** Account data is kept until deletion or this many months without a sign-in. */
  inactivityMonths: 24,
  reportRetentionMonths: 12,
  financialRetentionYears: 7,
  contactRetentionMonths: 24,
  breachNoticeHours: 72,
  minimumAge: 18,

  governingLaw: 'India',
  courts: 'New Delhi',
} as const;
