import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { evidenceConfigSchema, llmConfigSchema, STRUCTURED_OUTPUT_MODES } from '@assay/report-engine';
import { DEFAULT_CHANGE_PRICES, OPERATOR_PASSWORD_MIN_LENGTH, REPORT_COSTS, TOKEN_VALIDITY_DAYS } from '@assay/shared';
import { z } from 'zod';

/**
 * All configuration, validated once at start. Nothing else reads process.env.
 * Every variable is documented in .env.example.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * Whom to believe about the client's address (X-Forwarded-For): a number of proxy hops in
 * front of the server, or a comma list of proxy addresses/CIDRs. Plain `true` would believe
 * every hop, letting any client name its own address: refused (docs/decisions/056-trusted-proxies.md).
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  const [ip = '', bits, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length) return PROXY_NAMES.includes(entry);
  // A /0 (0.0.0.0/0, ::/0) is every address: the same as `true`, refused with it (issue 26).
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (version === 4 ? 32 : 128));
};
const trustProxy = optionalString.transform((v, ctx): false | number | string[] => {
  if (v === undefined || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (v === 'true' || !entries.length || !entries.every(isProxyAddress)) {
    ctx.addIssue({
      code: 'custom',
      message: `"${v}" is not allowed: set the number of proxies in front of the server (e.g. 1 behind one load balancer), or their addresses (e.g. 10.0.0.0/8,192.0.2.7); "true" (or a /0 such as 0.0.0.0/0 or ::/0) would let any client choose its own address`,
    });
    return z.NEVER;
  }
  return entries;
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** PostgreSQL: longest a statement may run (ms; 0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  /** Default: one core left for everything else, at most 2 of libuv's 4 pool threads. */
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.max(1, Math.min(2, os.availableParallelism() - 1))),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(32),
  /** Invoice and credit-note PDFs drawn at once per process, each on a worker thread (decision 181). */
  PDF_RENDER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(Math.max(1, Math.min(2, os.availableParallelism() - 1))),
  /** How long the mailed link to a member's data export works (hours); the file is deleted after (decision 181). */
  EXPORT_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Hours an expert has to accept an offered review before it lapses and is offered on (decision 227). */
  REVIEW_ACCEPT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48),
  /** Offers a review request gets (by hand or by matching) before it ends and its tokens go back (decision 227). */
  REVIEW_MAX_OFFERS: z.coerce.number().int().min(1).max(10).default(2),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Assay <no-reply@assay.local>'),
  /** First wait before a failed notice mail is tried again (it doubles each time, ten tries). */
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
  /** Wrong typed codes one account takes per window from anyone (decision 160); its mail's link is never held back. */
  OTP_WRONG_CODES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins a trusted browser (device cookie) may make per window, for members and operators. */
  TRUSTED_DEVICE_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_OTP_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  WEB_DIST_DIR: optionalString,
  // tokens and payments (docs/decisions/010-token-ledger.md, 011-payments.md)
  TOKEN_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3650).default(TOKEN_VALIDITY_DAYS),
  SIGNUP_BONUS_TOKENS: z.coerce.number().int().min(0).default(REPORT_COSTS.basic),
  // What changing a report costs (issue 27, docs/decisions/221-correct-and-rewrite-a-section.md): a corrected record rewrites the
  // whole report at this share of its tier's price; a section rewritten from a note costs this.
  REPORT_CORRECTION_PERCENT: z.coerce.number().int().min(1).max(100).default(DEFAULT_CHANGE_PRICES.correctionPercent),
  SECTION_REWRITE_TOKENS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_CHANGE_PRICES.sectionTokens),
  // An open report progress stream learns of changes from the database's notifications; this slow
  // beat re-reads it anyway, in case one was missed, and keeps a quiet stream's connection alive (docs/decisions/241-report-progress-notify.md).
  REPORT_STREAM_FALLBACK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  PAYMENT_CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default('USD'),
  PAYMENT_PROVIDER: z.enum(['razorpay', 'sandbox']).optional(),
  /** The sandbox checkout pays any order for free: in production only when asked for, loudly. */
  PAYMENTS_SANDBOX_IN_PRODUCTION: bool,
  PAYMENT_ORDER_ABANDON_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  RAZORPAY_API_BASE: z.url().default('https://api.razorpay.com'),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // tax invoices (docs/decisions/130-tax-invoices.md): the seller as printed on every invoice
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(200).default('Assay Technologies Private Limited'),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).default('No. 1, Residency Road, Bengaluru, Karnataka 560025, India'),
  /** The first two digits are the seller's GST state code (29: Karnataka). */
  SELLER_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9]{2}[A-Z0-9]{13}$/, 'must be a 15-character GSTIN')
    .default('29AAACA0000A1Z5'),
  /** Services Accounting Code of what is sold (998439: other on-line contents). */
  INVOICE_SAC: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'must be a 4-8 digit SAC')
    .default('998439'),
  /**
   * The SAC of an expert review named on the invoice of a purchase made for it
   * (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md; 998393: scientific and technical consulting services).
   */
  REVIEW_INVOICE_SAC: z
    .string()
    .trim()
    .regex(/^[0-9]{4,8}$/, 'must be a 4-8 digit SAC')
    .default('998393'),
  /**
   * The seller's Letter of Undertaking (its ARN) for exporting services without paying IGST:
   * set, a buyer outside India is invoiced zero-rated under it; unset, such a supply is an export
   * with payment of IGST (docs/decisions/168-billing-country-and-place-of-supply.md).
   */
  GST_LUT_NUMBER: z
    .string()
    .trim()
    .max(50)
    .regex(/^[A-Za-z0-9/ -]*$/, "must be the LUT's ARN (letters, digits, / and -)")
    .optional()
    .transform((v) => v || undefined),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(OPERATOR_PASSWORD_MIN_LENGTH, `must be at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`).max(200).optional(),
  ),
  /** Decision 191: every operator must add an authenticator app and type its codes. */
  ADMIN_REQUIRE_2FA: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Decision 235: every expert must add an authenticator app before the portal opens, and keep it. */
  EXPERT_REQUIRE_2FA: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  OPERATOR_LOCKOUT_FAILURES: z.coerce.number().int().min(1).default(5),
  OPERATOR_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
  OPERATOR_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  // report generation (docs/decisions/020-report-engine.md)
  LLM_PROVIDER: z.enum(['offline', 'openai-compatible', 'anthropic']).default('offline'),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  LLM_STREAM: bool,
  LLM_STRUCTURED_OUTPUT: z.enum(['auto', ...STRUCTURED_OUTPUT_MODES]).default('auto'),
  /**
   * 'offline': the offline analyst writes reports on purpose. Production refuses to start without
   * a model provider unless this is set, as it refuses the payment sandbox (issue 24).
   */
  REPORT_WRITER: z.enum(['offline'], { error: 'must be "offline" (or unset): the writer is otherwise the LLM_PROVIDER' }).optional(),
  // prior-art and literature search before writing (docs/decisions/111-evidence-sources.md)
  EVIDENCE_SOURCES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['openalex', 'patentsview', 'epo-ops']))),
  OPENALEX_URL: optionalUrl,
  /** Required with openalex: sent as `api_key` on every request (docs/decisions/210). */
  OPENALEX_API_KEY: optionalString,
  OPENALEX_MAILTO: optionalString.pipe(z.email().optional()),
  PATENTSVIEW_URL: optionalUrl,
  PATENTSVIEW_API_KEY: optionalString,
  /** The key's allowance, shared by every server and worker with the same key (PatentSearch: 45 a minute). */
  PATENTSVIEW_BUDGET: z.coerce.number().int().min(1).max(10_000).default(45),
  PATENTSVIEW_BUDGET_WINDOW_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  EPO_OPS_URL: optionalUrl,
  EPO_OPS_KEY: optionalString,
  EPO_OPS_SECRET: optionalString,
  EVIDENCE_TIMEOUT_MS: z.coerce.number().int().min(500).default(10_000),
  REPORT_SECTION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(34),
  REPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  REPORT_JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
  REPORT_STUCK_MINUTES: z.coerce.number().int().min(1).default(60),
  /** A worker renews its report's lease every third of this; a lease left to expire is resumed elsewhere. */
  REPORT_LEASE_MS: z.coerce
    .number()
    .int()
    .min(300)
    .max(10 * 60_000)
    .default(30_000),
  IN_PROCESS_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  // report files: DATA_DIR/files by default, any S3-compatible store when S3_BUCKET is set
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z.string().default(''),
  SUPPORT_EMAIL: z.string().default('support@assay.example'),
  CONSULTATION_URL: z.url().default('https://calendly.com/assay-rttp/consultation'),
  SCHEDULER_SCRIPT_URL: z.url().default('https://assets.calendly.com/assets/external/widget.js'),
  CAREERS_FORM_URL: z.url().default('https://forms.gle/assay-careers'),
  SOCIAL_LINKEDIN_URL: z.url().default('https://www.linkedin.com/'),
  SOCIAL_TWITTER_URL: z.url().default('https://x.com/'),
  SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
});

export type Config = Omit<z.infer<typeof schema>, 'JWT_SECRET' | 'PUBLIC_URL'> & {
  JWT_SECRET: string;
  PUBLIC_URL: string;
  /** True when the PUBLIC_URL is https: cookies get the Secure flag. */
  secureCookies: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses an environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.JWT_SECRET) {
    problems.push('JWT_SECRET: required in production with DATABASE_URL (every server must share it)');
  }
  problems.push(...paymentProblems(c));
  problems.push(...reportWriterProblems(c));
  if (c.LLM_PROVIDER !== 'offline') {
    const llm = llmConfigSchema.safeParse({ provider: c.LLM_PROVIDER, baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL });
    if (!llm.success)
      problems.push(
        ...llm.error.issues.map(
          (i) =>
            `LLM_${String(i.path[0])
              .replace(/[A-Z]/g, (m) => `_${m}`)
              .toUpperCase()}: ${i.message}`,
        ),
      );
  }
  const evidence = evidenceConfigSchema.safeParse(evidenceConfig(c));
  if (!evidence.success) {
    problems.push(...evidence.error.issues.map((i) => `${EVIDENCE_VARIABLES[String(i.path[0])] ?? 'EVIDENCE_SOURCES'}: ${i.message}`));
  }
  if (problems.length) throw new ConfigError(problems);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: c.JWT_SECRET ?? embeddedSecret(c.DATA_DIR, c.DATABASE_URL !== undefined),
    secureCookies: publicUrl.startsWith('https://'),
  };
}

/**
 * The embedded default keeps a generated secret in DATA_DIR so sessions survive restarts
 * with nothing to configure. With a database server and no secret (dev/CI), one per process.
 */
function embeddedSecret(dataDir: string, external: boolean): string {
  if (external) return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The report engine's evidence settings, by the variable that sets each. */
const EVIDENCE_VARIABLES: Record<string, string> = {
  openalexApiKey: 'OPENALEX_API_KEY',
  patentsviewApiKey: 'PATENTSVIEW_API_KEY',
  epoOpsKey: 'EPO_OPS_KEY',
  epoOpsSecret: 'EPO_OPS_SECRET',
};

/** The evidence sources' settings, in the report engine's terms. */
export function evidenceConfig(
  c: Pick<
    Config,
    | 'EVIDENCE_SOURCES'
    | 'OPENALEX_URL'
    | 'OPENALEX_API_KEY'
    | 'OPENALEX_MAILTO'
    | 'PATENTSVIEW_URL'
    | 'PATENTSVIEW_API_KEY'
    | 'PATENTSVIEW_BUDGET'
    | 'PATENTSVIEW_BUDGET_WINDOW_MS'
    | 'EPO_OPS_URL'
    | 'EPO_OPS_KEY'
    | 'EPO_OPS_SECRET'
    | 'EVIDENCE_TIMEOUT_MS'
  >,
) {
  return {
    sources: c.EVIDENCE_SOURCES,
    openalexUrl: c.OPENALEX_URL,
    openalexApiKey: c.OPENALEX_API_KEY,
    openalexMailto: c.OPENALEX_MAILTO,
    patentsviewUrl: c.PATENTSVIEW_URL,
    patentsviewApiKey: c.PATENTSVIEW_API_KEY,
    patentsviewRequestsPerWindow: c.PATENTSVIEW_BUDGET,
    patentsviewWindowMs: c.PATENTSVIEW_BUDGET_WINDOW_MS,
    epoOpsUrl: c.EPO_OPS_URL,
    epoOpsKey: c.EPO_OPS_KEY,
    epoOpsSecret: c.EPO_OPS_SECRET,
    timeoutMs: c.EVIDENCE_TIMEOUT_MS,
  };
}

/** Razorpay when keys are configured (or asked for), else the local sandbox checkout. */
export function resolvePaymentProvider(c: Pick<Config, 'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID'>): 'razorpay' | 'sandbox' {
  return c.PAYMENT_PROVIDER ?? (c.RAZORPAY_KEY_ID ? 'razorpay' : 'sandbox');
}

function paymentProblems(c: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  const keys = {
    RAZORPAY_KEY_ID: c.RAZORPAY_KEY_ID,
    RAZORPAY_KEY_SECRET: c.RAZORPAY_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: c.RAZORPAY_WEBHOOK_SECRET,
  };
  const set = Object.entries(keys).filter(([, v]) => v);
  if (set.length > 0 && set.length < 3) {
    for (const [name, v] of Object.entries(keys)) if (!v) problems.push(`${name}: required when any RAZORPAY_* key is set`);
  }
  if (c.PAYMENT_PROVIDER === 'razorpay' && set.length === 0) {
    problems.push('RAZORPAY_KEY_ID: required with PAYMENT_PROVIDER=razorpay');
  }
  // The sandbox approves any order for nothing: in production only on purpose, whatever the database.
  if (c.NODE_ENV === 'production' && resolvePaymentProvider(c) === 'sandbox' && !c.PAYMENTS_SANDBOX_IN_PRODUCTION) {
    problems.push(
      'RAZORPAY_KEY_ID: required in production, the sandbox checkout gives tokens away (set PAYMENTS_SANDBOX_IN_PRODUCTION=true to run it on purpose)',
    );
  }
  return problems;
}

/**
 * The offline analyst is the embedded default, so a newcomer's `npm start` writes reports with no
 * model; in production it writes what members pay for only when the operator says so.
 */
function reportWriterProblems(c: z.infer<typeof schema>): string[] {
  if (c.REPORT_WRITER === 'offline' && c.LLM_PROVIDER !== 'offline') {
    return [`REPORT_WRITER: "offline" contradicts LLM_PROVIDER=${c.LLM_PROVIDER}; unset one of them`];
  }
  if (c.NODE_ENV === 'production' && c.LLM_PROVIDER === 'offline' && c.REPORT_WRITER !== 'offline') {
    return [
      'LLM_PROVIDER: required in production, otherwise the offline analyst writes every paid report (set LLM_PROVIDER, LLM_MODEL and its key, or REPORT_WRITER=offline to run the offline analyst on purpose)',
    ];
  }
  return [];
}

/** What a valid configuration should still shout about, logged at every start. */
export function configWarnings(c: Config): string[] {
  const warnings: string[] = [];
  if (c.NODE_ENV === 'production' && resolvePaymentProvider(c) === 'sandbox') {
    warnings.push(
      'PAYMENTS_SANDBOX_IN_PRODUCTION=true: the sandbox checkout is on in production, anyone signed in can buy tokens for free',
    );
  }
  if (c.NODE_ENV === 'production' && c.LLM_PROVIDER === 'offline') {
    warnings.push('REPORT_WRITER=offline: the offline analyst writes every report in production (members are told so before they pay)');
  }
  return warnings;
}

/** For entry points: a configuration problem prints the list and exits instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
