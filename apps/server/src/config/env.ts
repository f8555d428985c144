import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(15),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Assay <no-reply@assay.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_OTP_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_OTP_PER_IP: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  WEB_DIST_DIR: optionalString,
});

export type Config = Omit<z.infer<typeof schema>, 'JWT_SECRET'> & {
  JWT_SECRET: string;
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
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const problems: string[] = [];
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.JWT_SECRET) {
    problems.push('JWT_SECRET: required in production with DATABASE_URL (every server must share it)');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    ...c,
    JWT_SECRET: c.JWT_SECRET ?? embeddedSecret(c.DATA_DIR, c.DATABASE_URL !== undefined),
    secureCookies: c.PUBLIC_URL.startsWith('https://'),
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
