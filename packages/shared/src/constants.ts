/** Business constants from docs/product.md §9. Integers only: tokens are counts, money is minor units. */

export const PRODUCT_NAME = 'Assay';

export const COMPLEXITIES = ['basic', 'advanced', 'comprehensive'] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

/** Each tier's name as members read it, on every screen and in every report. */
export const TIER_LABELS: Record<Complexity, string> = {
  basic: 'Basic',
  advanced: 'Advanced',
  comprehensive: 'Comprehensive',
};

export const REPORT_COSTS: Record<Complexity, number> = {
  basic: 2500,
  advanced: 7500,
  comprehensive: 9000,
};

/** The dashboard shows Buy Tokens while the balance is below this. */
export const BUY_TOKENS_THRESHOLD = 2500;

export const REPORT_STATUSES = ['processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const PAGE_SIZES = {
  reports: 10,
  blog: 9,
  press: 12,
  featured: 3,
  related: 3,
} as const;

export const LIMITS = {
  loginPasswordMin: 6,
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 6,
  nameMin: 2,
  nameMax: 100,
  phoneMin: 10,
  ideaMin: 50,
  ideaMax: 10000,
  emailMax: 254,
  /** A contact message's minimum, trimmed (docs/product.md §5). */
  messageMin: 10,
  messageMax: 5000,
} as const;

export const SESSION = {
  /** Access-token lifetime: short, refreshed silently. */
  accessTokenSeconds: 15 * 60,
  /** Refresh-token lifetime with Remember me (docs/product.md §3: 7 days). */
  refreshTokenDaysRemembered: 7,
  /** Without Remember me the cookie dies with the browser; the server still caps it. */
  refreshTokenDaysSession: 1,
} as const;

export const OTP = {
  ttlMinutes: 10,
  maxAttempts: 5,
  resendSeconds: 60,
} as const;

/** Operators guard the whole site: their passwords are longer than members' (decision 030). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

/** Token validity, one number everywhere (docs/decisions/013-token-validity.md). */
export const TOKEN_VALIDITY_DAYS = 365;
export const TOKEN_VALIDITY_TEXT = '12 months';

export const GST_PERCENT = 18;
export const ENTERPRISE_TOKENS = 100000;

export const ESTIMATED_GENERATION_TEXT = 'Report will be available in 12-15 minutes';

export const TOAST_DURATION_MS = 4000;
