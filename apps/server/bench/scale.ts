/**
 * `npm run bench:scale` — every declared route (bench/scale-routes.ts) at a successful year's data, written
 * to docs/benchmarks.md. Creates its own PostgreSQL database (dropped at the end), seeds it
 * through the real tables and triggers with set-based SQL, first small then to full size,
 * checks the ledger's invariants, and measures each endpoint over HTTP with autocannon at 1
 * and 20 connections. The slowest statement behind each endpoint is EXPLAINed.
 *
 *   npm run bench:scale                      # 200,000 members
 *   npm run bench:scale -- --members=20000   # a tenth of everything
 *   BENCH_DATABASE_URL=postgres://…/postgres npm run bench:scale
 *   npm run bench:scale -- --embedded        # the embedded default (PGlite), 20,000 members
 *   npm run bench:scale -- --database=mine   # its database's name (default assay_bench_scale_<pid>)
 *   npm run bench:scale -- --members=2000 --seconds=1 --invoices=20   # a quick run of every row
 *   npm run bench:scale -- --web=../main/apps/web/dist   # the server-drawn pages need a web build (default: this checkout's)
 *   npm run bench:scale -- --seed-only       # seed and check, measure nothing, keep the database
 *                                            # (to EXPLAIN by hand; drop it yourself)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { openPglite, openPostgres, type Db, type Queryable } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { randomToken, sha256 } from '../src/lib/secrets.ts';
import { buildExportJob } from '../src/modules/account/index.ts';
import { issueInvoice } from '../src/modules/billing/index.ts';
import { ensureFirstOperator } from '../src/modules/operators/index.ts';
import { adjustTokens, expireLots } from '../src/modules/tokens/index.ts';
import { createRuntime } from '../src/runtime.ts';
import { withDatabase } from '../test/global-setup.ts';
import { downloadApart, loadApart } from './load.ts';
import { catalogueGaps, routeCatalogue, type Cell } from './scale-routes.ts';
import { formatCount } from '@assay/shared';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The query plans behind the scale figures, beside docs/benchmarks.md. */
const PLANS_FILE = 'docs/scale-plans.md';
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EMBEDDED = process.argv.includes('--embedded');
const MEMBERS = Number(process.argv.find((a) => a.startsWith('--members='))?.split('=')[1] ?? (EMBEDDED ? 20_000 : 200_000));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const DATABASE = arg('database') ?? `assay_bench_scale_${process.pid}`;
const SEED_ONLY = process.argv.includes('--seed-only');
const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 4);
const PASSWORD = 'bench password, long enough';
/** An expert sets their password with the member rules (upper and lower case and a digit). */
const EXPERT_PASSWORD = 'Bench expert password 1';
const HEAVY_REPORTS = 5_000;
/** Only the "one heavy request while others wait" rows, on the small database (its own section). */
const HEAVY_ONLY = process.argv.includes('--heavy-only');
const HEAVY_INVOICES = Number(arg('invoices') ?? 300);
/** The web build the server-drawn pages need: --web=<apps/web/dist>, else this checkout's if built. */
const webDistDir = arg('web') ?? (existsSync(path.join(ROOT, 'apps/web/dist/index.html')) ? path.join(ROOT, 'apps/web/dist') : undefined);
const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
// The server below runs as in production, and so must the libraries that read the environment
// themselves: React's server renderer picks its build from it when the first page is drawn, and
// its development build took a post page on a cache miss from ~4 to 19 ms (decision 249).
process.env.NODE_ENV = 'production';

/** Everything scales with the members, in the issue's proportions. */
const sizesFor = (members: number) => ({
  members,
  reports: members * 2,
  payments: members / 2,
  posts: Math.max(20, Math.round(members / 40)),
  contact: members / 2,
});
type Sizes = ReturnType<typeof sizesFor>;

/** Varied names and texts (40 × 50 names; titles, ideas, posts and messages from a vocabulary), so searches and statistics see real spread. */
const sqlArray = (words: string) => `(string_to_array('${words}', ' '))`;
const FIRST_NAMES = sqlArray(
  'Ada Grace Alan Rosalind Marie Nikola Emmy Srinivasa Hedy Katherine Tim Barbara Linus Margaret Donald Frances Edsger Radia Claude Shafi John Leslie Ken Dennis Bjarne Guido Anders Yukihiro Sophie Jean Ahmed Priya Chen Olu Mateo Ines Kofi Aiko Lars Zainab',
);
const SURNAMES = sqlArray(
  'Lovelace Hopper Turing Franklin Curie Tesla Noether Ramanujan Lamarr Johnson Berners Liskov Torvalds Hamilton Knuth Allen Dijkstra Perlman Shannon Goldwasser McCarthy Lamport Thompson Ritchie Stroustrup Rossum Hejlsberg Matsumoto Wilson Sammet Hassan Patel Wei Adeyemi Garcia Silva Mensah Tanaka Nilsson Bello Okafor Novak Kowalski Rossi Dubois Schmidt Jensen Murphy Kim Nguyen',
);
export const VOCABULARY = [
  'licensing',
  'readiness',
  'microfluidics',
  'patents',
  'spin-outs',
  'royalties',
  'diligence',
  'valuation',
  'prototypes',
  'membranes',
  'sensors',
  'catalysts',
  'vaccines',
  'batteries',
  'robotics',
  'genomics',
  'photonics',
  'polymers',
  'irrigation',
  'desalination',
  'semiconductors',
  'antibodies',
  'biochar',
];
const WORDS = sqlArray(VOCABULARY.join(' '));
/** The seeded member numbered `n` (an SQL expression), by the email it was given. */
const memberEmail = (n: string) =>
  `(lower(${FIRST_NAMES}[1 + ${n} % 40]) || '.' || ${n} || '@' || (ARRAY['gmail.com','outlook.com','uni.edu','lab.org','yahoo.co.in','proton.me'])[1 + ${n} % 6])`;

/** A seeded report's title and idea for row `i` (SQL), varied by the vocabulary; `tag` keeps two series apart. */
const reportTexts = (tag: string) =>
  `initcap(${WORDS}[1 + i % 23]) || ' for ' || ${WORDS}[1 + (i / 23) % 23] || ': assessment ${tag}' || i,
   'A ' || ${WORDS}[1 + (i / 7) % 23] || ' invention that improves ' || ${WORDS}[1 + (i / 3) % 23] || ' in ' || ${WORDS}[1 + (i / 11) % 23] || ', disclosure ${tag}' || i`;

/**
 * A provider id as Razorpay makes them: a prefix and 14 characters that share no start with the
 * next order's (a sequential 'order_bench_334' began 111 other ids, and the id search read them all).
 */
const providerId = (prefix: 'order' | 'pay', seed: string) => `('${prefix}_' || substr(md5('${prefix}' || ${seed}), 1, 14))`;

const say = (() => {
  const lines: string[] = [];
  const f = (s = '') => {
    console.log(s);
    lines.push(s);
  };
  f.lines = lines;
  return f;
})();

// --- seeding ------------------------------------------------------------------------------

/** Rows numbered from..to (inclusive) of each table; `heavy` is the member with thousands of reports. */
async function seed(db: Queryable, from: Sizes, to: Sizes, heavy: string) {
  const range = (k: keyof Sizes) => [from[k] + 1, to[k]] as const;
  const t0 = Date.now();
  const step = async (label: string, sql: string, params: unknown[]) => {
    const t = Date.now();
    const r = await db.query(sql, params);
    console.log(`  ${label}: ${r.rowCount} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  // Members joined over the last 18 months, newest with the highest number.
  await step(
    'members',
    `INSERT INTO users (name, email, password_hash, is_verified, created_at, last_login)
    SELECT ${FIRST_NAMES}[1 + i % 40] || ' ' || ${SURNAMES}[1 + (i / 40) % 50],
           lower(${FIRST_NAMES}[1 + i % 40]) || '.' || i || '@' || (ARRAY['gmail.com','outlook.com','uni.edu','lab.org','yahoo.co.in','proton.me'])[1 + i % 6],
           'scrypt$bench', true,
           now() - ($3::int - i) * (interval '548 days' / $3::int), now() - (i % 30) * interval '1 day'
      FROM generate_series($1::int, $2::int) i`,
    [...range('members'), to.members],
  );
  await step(
    'signup bonus lots',
    `INSERT INTO token_lots (user_id, kind, source, tokens, expires_at, created_at)
    SELECT id, 'promo', 'signup_bonus', 2500, created_at + interval '365 days', created_at FROM users
     WHERE password_hash = 'scrypt$bench' AND NOT EXISTS (SELECT 1 FROM token_lots l WHERE l.user_id = users.id)`,
    [],
  );
  await step(
    'grant entries',
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, created_at)
    SELECT l.user_id, l.id, 'grant', l.tokens, l.created_at FROM token_lots l
     WHERE l.source = 'signup_bonus' AND NOT EXISTS (SELECT 1 FROM token_ledger e WHERE e.lot_id = l.id)`,
    [],
  );
  // Orders: most paid, some abandoned, some failed; the heavy member bought the largest pack.
  await step(
    'payments',
    `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount,
      currency, provider, receipt, status, razorpay_order_id, razorpay_payment_id, created_at, paid_at, failed_at)
    SELECT '96', 'US', 'LUT-TEST', gen_random_uuid(), CASE WHEN i = 1 THEN $3::uuid ELSE u.id END, k.id, k.name, k.tokens, k.price_usd_cents, 0, k.price_usd_cents,
           CASE WHEN i % 10 = 0 THEN 'INR' ELSE 'USD' END, 'razorpay', 'rcpt_' || i,
           s.status, ${providerId('order', `'bench' || i`)}, CASE WHEN s.status = 'paid' THEN ${providerId('pay', `'bench' || i`)} END,
           t.at, CASE WHEN s.status = 'paid' THEN t.at + interval '1 hour' END,
           CASE WHEN s.status = 'failed' THEN t.at + interval '1 hour' END
      FROM generate_series($1::int, $2::int) i
      JOIN users u ON u.email = ${memberEmail(`(1 + (i::int8 * 7919) % $4::int)`)}
      JOIN token_packages k ON k.id = CASE WHEN i = 1 THEN 'max' ELSE (ARRAY['starter','pro','max'])[1 + i % 3] END
      CROSS JOIN LATERAL (SELECT CASE WHEN i = 1 OR i % 100 < 84 THEN 'paid' WHEN i % 100 < 94 THEN 'created' ELSE 'failed' END AS status) s
      -- The heavy member's pack was bought yesterday: it pays for all of their reports.
      CROSS JOIN LATERAL (SELECT CASE WHEN i = 1 THEN now() - interval '1 day' ELSE u.created_at + interval '1 hour' END AS at) t`,
    [...range('payments'), heavy, to.members],
  );
  await step(
    'purchase lots',
    `INSERT INTO token_lots (user_id, kind, source, tokens, expires_at, payment_id, created_at)
    SELECT p.user_id, 'paid', 'purchase', p.tokens, p.paid_at + interval '365 days', p.id, p.paid_at FROM payments p
     WHERE p.status = 'paid' AND NOT EXISTS (SELECT 1 FROM token_lots l WHERE l.payment_id = p.id)`,
    [],
  );
  await step(
    'purchase entries',
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, payment_id, created_at)
    SELECT l.user_id, l.id, 'purchase', l.tokens, l.payment_id, l.created_at FROM token_lots l
     WHERE l.source = 'purchase' AND NOT EXISTS (SELECT 1 FROM token_ledger e WHERE e.lot_id = l.id)`,
    [],
  );
  // Reports: two per member (of those added in this step), and the heavy member's thousands,
  // each charged 10 tokens from the member's fullest lot through a captured hold.
  await step(
    'reports',
    `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, tokens_used, hold_id,
      sections_total, pdf_key, version, created_at, updated_at, completed_at)
    SELECT gen_random_uuid(), u.id,
           ${reportTexts('')},
           'basic', 'completed', 'done', 10, gen_random_uuid(), 15, 'reports/' || i || '.pdf', 1,
           u.created_at + interval '3 hours', u.created_at + interval '3 hours', u.created_at + interval '3 hours'
      FROM generate_series($1::int, $2::int) i
      JOIN users u ON u.email = ${memberEmail(`($4::int + 1 + (i::int8 * 104729) % ($3::int - $4::int))`)}`,
    [...range('reports'), to.members, from.members],
  );
  if (from.reports === 0) {
    // The heavy member is the same member in the small database and the full one: a read of
    // hers is compared with itself, and only everyone else grows (her pack, bought yesterday,
    // pays for them all).
    await step(
      "the heavy member's reports",
      `INSERT INTO reports (id, user_id, title, idea, complexity, status, stage, tokens_used, hold_id,
        sections_total, pdf_key, version, created_at, updated_at, completed_at)
      SELECT gen_random_uuid(), $1::uuid,
             ${reportTexts('h')},
             'basic', 'completed', 'done', 10, gen_random_uuid(), 15, 'reports/heavy-' || i || '.pdf', 1, t.at, t.at, t.at
        FROM generate_series(1, $2::int) i
        CROSS JOIN LATERAL (SELECT now() - interval '1 day' + i * interval '1 second' AS at) t`,
      [heavy, HEAVY_REPORTS],
    );
  }
  // Every completed report has its first version (as migration 220 gave the reports before it).
  await step(
    'report versions',
    `INSERT INTO report_versions (report_id, n, kind, change, complexity, title, pdf_key, tokens, created_at)
    SELECT r.id, 1, 'generate', 'First version', r.complexity, r.title, r.pdf_key, r.tokens_used, r.completed_at FROM reports r
     WHERE NOT EXISTS (SELECT 1 FROM report_versions v WHERE v.report_id = r.id)`,
    [],
  );
  await step(
    'holds',
    `INSERT INTO token_holds (id, user_id, report_id, amount, state, created_at, resolved_at)
    SELECT r.hold_id, r.user_id, r.id::text, r.tokens_used, 'captured', r.created_at, r.completed_at FROM reports r
     WHERE NOT EXISTS (SELECT 1 FROM token_holds h WHERE h.id = r.hold_id)`,
    [],
  );
  await step(
    'hold entries',
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, hold_id, created_at)
    SELECT h.user_id, l.id, 'hold', -h.amount, h.id, h.created_at FROM token_holds h
      JOIN (SELECT DISTINCT ON (user_id) user_id, id FROM token_lots WHERE remaining >= 100 ORDER BY user_id, remaining DESC, id) l USING (user_id)
     WHERE NOT EXISTS (SELECT 1 FROM token_ledger e WHERE e.hold_id = h.id)`,
    [],
  );
  await step(
    'expiry entries',
    `INSERT INTO token_ledger (user_id, lot_id, kind, amount, created_at)
    SELECT user_id, id, 'expiry', -remaining, expires_at FROM token_lots WHERE expires_at <= now() AND remaining > 0`,
    [],
  );
  await step(
    'members\u2019 report counts',
    `UPDATE users u SET reports_generated = r.n
      FROM (SELECT user_id, count(*) AS n FROM reports GROUP BY user_id) r WHERE r.user_id = u.id AND u.reports_generated <> r.n`,
    [],
  );
  // One post in ten was saved twice before it was published: three revisions, version 3.
  await step(
    'posts',
    `INSERT INTO posts (post_type, slug, title, description, content, author_name, status, version, published_at, created_at, updated_at)
    SELECT CASE WHEN i % 5 = 0 THEN 'press_release' ELSE 'blog' END, 'bench-post-' || i,
           initcap(${WORDS}[1 + i % 23]) || ' and ' || ${WORDS}[1 + (i / 23) % 23] || ', note ' || i,
           'What we learned about ' || ${WORDS}[1 + (i / 7) % 23] || ' from the ' || ${WORDS}[1 + (i / 11) % 23] || ' desk in case ' || i || '.',
           repeat('<p>' || ${WORDS}[1 + (i / 3) % 23] || ' and ' || ${WORDS}[1 + (i / 5) % 23] || ' move from the lab to the market when ' || ${WORDS}[1 + (i / 13) % 23] || ' are licensed. </p>', 8 + i % 17),
           'Bench Author', 'published', CASE WHEN i % 10 = 0 THEN 3 ELSE 1 END, now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '1 hour'
      FROM generate_series($1::int, $2::int) i`,
    [...range('posts')],
  );
  await step(
    'post revisions',
    `INSERT INTO post_revisions (post_id, version, kind, title, description, content, author_name, operator_name, created_at)
    SELECT p.id, v, CASE WHEN v = 3 THEN 'published' ELSE 'save' END, p.title || CASE WHEN v < 3 THEN ' (draft ' || v || ')' ELSE '' END,
           p.description, p.content, p.author_name, 'ops', p.created_at - (3 - v) * interval '10 minutes'
      FROM generate_series($1::int, $2::int) i JOIN posts p ON p.slug = 'bench-post-' || i CROSS JOIN generate_series(1, 3) v
     WHERE i % 10 = 0`,
    [...range('posts')],
  );
  // A tag for each word of the vocabulary; each post carries the tags of two words its description uses.
  await step('tags', `INSERT INTO tags (name, slug) SELECT initcap(w), w FROM unnest(${WORDS}) w ON CONFLICT DO NOTHING`, []);
  await step(
    'post tags',
    `INSERT INTO post_tags (post_id, tag_id)
    SELECT p.id, t.id FROM generate_series($1::int, $2::int) i JOIN posts p ON p.slug = 'bench-post-' || i
      JOIN tags t ON t.slug IN (${WORDS}[1 + (i / 7) % 23], ${WORDS}[1 + (i / 11) % 23]) ON CONFLICT DO NOTHING`,
    [...range('posts')],
  );
  await step(
    'post slugs',
    `INSERT INTO post_slugs (post_type, slug, post_id)
    SELECT post_type, slug, id FROM posts p WHERE NOT EXISTS (SELECT 1 FROM post_slugs s WHERE s.post_id = p.id)`,
    [],
  );
  await step(
    'contact messages',
    `INSERT INTO contact_submissions (reason, name, phone, email, message, submitted_at)
    SELECT 'other', ${FIRST_NAMES}[1 + (i / 3) % 40] || ' ' || ${SURNAMES}[1 + (i / 7) % 50], '+1 555 0100',
           lower(${SURNAMES}[1 + (i / 7) % 50]) || i || '@visitor.example',
           (ARRAY['Could we license your ', 'Is the ', 'We run a fund and would like to talk about ', 'A question about your report on ',
                  'Please send pricing for '])[1 + i % 5] || ${WORDS}[1 + (i / 5) % 23] || '? '
             || CASE WHEN i % 1000 = 3 THEN 'We hold a related patent in Kenya. ' ELSE '' END || repeat('Please call me back. ', 1 + i % 20),
           now() - ($3::int - i) * interval '5 minutes'
      FROM generate_series($1::int, $2::int) i`,
    [...range('contact'), to.contact],
  );
  // What autovacuum (or, on the embedded database, the tend-tables sweep) does after bulk inserts:
  // statistics, and the visibility map index-only scans need.
  await db.query('VACUUM ANALYZE');
  console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

type Inject = (r: {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}) => Promise<{ statusCode: number; body: string; json: <T>() => T }>;

/**
 * What the heavy member's account pages, sharing and the review queue read, before each run: the
 * newest report with three versions and five share links (one kept live), 30 sessions on other
 * devices, 6 passkeys, and three review requests asked through the API (the ledger holds their
 * tokens), two offered to the seeded expert and one accepted. Also which reports the write cells
 * use: the oldest (deleted) and the newest without a review request (asked for reviews).
 */
async function seedAccountRecords(o: {
  raw: Queryable;
  inject: Inject;
  heavy: string;
  member: Record<string, string>;
  operator: Record<string, string>;
  expert: Record<string, string>;
  expertId: string;
}) {
  const { raw, inject, heavy } = o;
  const ids = async (sql: string, params: unknown[] = []) => (await raw.query<{ v: string }>(sql, params)).rows.map((r) => r.v);
  const ok = async (r: ReturnType<Inject>, what: string) => {
    const res = await r;
    if (res.statusCode >= 300) throw new Error(`seeding ${what}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const heavyReport = (await ids('SELECT id AS v FROM reports WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1', [heavy]))[0]!;
  await raw.query(
    `INSERT INTO report_versions (report_id, n, kind, change, complexity, title, pdf_key, tokens, created_at)
    SELECT r.id, v.n, v.kind, v.change, r.complexity, r.title, r.pdf_key || '.' || v.n, v.tokens, r.completed_at + v.n * interval '1 day'
      FROM reports r CROSS JOIN (VALUES (2, 'correct', 'Corrected what we understood: the membrane is ceramic', 2), (3, 'section', 'Rewrote the market section', 150)) v(n, kind, change, tokens)
     WHERE r.id = $1 AND r.version = 1`,
    [heavyReport],
  );
  await raw.query('UPDATE reports SET version = 3 WHERE id = $1 AND version = 1', [heavyReport]);
  const tokens = Array.from({ length: 5 }, () => randomToken(32));
  const links = await ids(
    `INSERT INTO report_share_links (report_id, version, token_sha256, label, pdf_key)
    SELECT $1, 3, t.h, 'Licensing partner ' || t.n, 'shares/bench-' || t.h || '.pdf' FROM unnest($2::text[]) WITH ORDINALITY t(h, n) ORDER BY t.n RETURNING id::text AS v`,
    [heavyReport, tokens.map(sha256)],
  );
  const sessionIds = await ids(
    `INSERT INTO sessions (user_id, remember, created_at, expires_at, user_agent, ip)
    SELECT $1, true, now() - i * interval '1 day', now() + interval '30 days', 'Bench browser ' || i, '10.0.0.' || i FROM generate_series(1, 30) i RETURNING id::text AS v`,
    [heavy],
  );
  const passkeyIds = await ids(
    `INSERT INTO passkeys (user_id, credential_id, public_key, transports, name, created_at)
    SELECT $1, 'bench-' || gen_random_uuid(), 'bench-public-key', '{internal}', 'Laptop ' || i, now() - i * interval '1 day' FROM generate_series(1, 6) i
    RETURNING id::text AS v`,
    [heavy],
  );
  const fresh = await ids(
    `SELECT id AS v FROM reports r WHERE user_id = $1 AND status = 'completed' AND id <> $2
      AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.report_id = r.id) ORDER BY created_at DESC LIMIT 27`,
    [heavy, heavyReport],
  );
  const json = { 'content-type': 'application/json' };
  await raw.query('UPDATE experts SET paused = false WHERE id = $1', [o.expertId]);
  const asked: string[] = [];
  for (const id of fresh.slice(0, 3)) {
    const r = await ok(
      inject({
        method: 'POST',
        url: `/api/reports/${id}/review-requests`,
        headers: { ...o.member, ...json },
        payload: { questions: 'Who would license this first?' },
      }),
      'a review request',
    );
    asked.push(r.json<{ id: string }>().id);
  }
  for (const id of asked.slice(0, 2)) {
    await ok(
      inject({
        method: 'POST',
        url: `/api/admin/review-requests/${id}/assign`,
        headers: { ...o.operator, ...json },
        payload: { expert_id: o.expertId },
      }),
      'an offer',
    );
  }
  await ok(inject({ method: 'POST', url: `/api/expert/assignments/${asked[0]}/accept`, headers: o.expert }), 'an acceptance');
  return {
    heavyReport,
    shareToken: tokens[0]!,
    shareLinkIds: links.slice(1),
    sessionIds,
    passkeyIds,
    acceptedReview: asked[0]!,
    reviewableReports: fresh.slice(3),
    oldHeavyReports: await ids(
      `SELECT id AS v FROM reports r WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.report_id = r.id)
      ORDER BY created_at LIMIT 20`,
      [heavy],
    ),
  };
}

/**
 * The records a year of business leaves besides the lists seeded above, for rows numbered
 * from..to: invoices (1 purchase in 20, and all the heavy member's, issued by the real use-case),
 * declined refund requests (1 paid purchase in 30), operator token adjustments (1 member in 100,
 * through the ledger's own function, with their audit rows) and other audit entries (1 per 5 members).
 */
async function seedRecords(runtime: Runtime, from: Sizes, to: Sizes, heavy: string) {
  const { db } = runtime.deps;
  const t0 = Date.now();
  const payments = await db.query<{ id: string }>(
    `SELECT id FROM payments WHERE status = 'paid'
      AND (user_id = $1 OR abs(hashtext(id::text)) % 20 = 0) AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.payment_id = payments.id)`,
    [heavy],
  );
  for (const { id } of payments.rows) await db.transaction((tx) => issueInvoice(tx, runtime.deps, id));
  console.log(`  invoices: ${payments.rows.length}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Asked, then declined, as the guard trigger allows (a request starts as requested).
  const refunds = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO refund_requests (payment_id, user_id, reason, tokens, currency, amount_minor, fee_minor, refund_minor, requested_at)
      SELECT p.id, p.user_id, 'Bought the wrong package for our lab (bench)', p.tokens, p.currency, p.amount,
             (p.amount::bigint * 10 / 100)::int, p.amount - (p.amount::bigint * 10 / 100)::int, p.paid_at + interval '1 day'
        FROM payments p WHERE p.status = 'paid' AND p.user_id IS NOT NULL AND p.user_id <> $1 AND abs(hashtext(p.id::text)) % 30 = 0
         AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.payment_id = p.id)`,
      [heavy],
    );
    return tx.query(`UPDATE refund_requests SET status = 'declined', decided_at = requested_at + interval '1 day', decided_by = 'ops',
        decision_reason = 'Tokens from this package were already used'
      WHERE status = 'requested' AND reason = 'Bought the wrong package for our lab (bench)'`);
  });
  console.log(`  declined refund requests: ${refunds.rowCount}`);
  const members = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE password_hash = 'scrypt$bench'
      ORDER BY created_at OFFSET $1 LIMIT $2`,
    [Math.floor(from.members / 100) * 100, Math.floor((to.members - from.members) / 100)],
  );
  for (const [i, { id }] of members.rows.entries()) {
    await db.transaction(async (tx) => {
      await adjustTokens(tx, { userId: id, amount: 500, note: 'Goodwill for a failed report' });
      await tx.query(
        `INSERT INTO operator_audit_log (operator_username, action, target, details, at)
        VALUES ('ops', 'member.tokens_granted', $1, jsonb_build_object('amount', 500, 'reason', 'Goodwill for a failed report', 'n', $2::int), now())`,
        [id, i],
      );
    });
  }
  console.log(`  token adjustments: ${members.rows.length}`);
  const audit = await db.query(
    `INSERT INTO operator_audit_log (operator_username, action, target, details, at)
    SELECT (ARRAY['ops','editor','finance'])[1 + i % 3],
           (ARRAY['post.update','post.publish','report.download','invoice.download','users.export','transactions.export','contact.handled','refund.decline'])[1 + i % 8],
           'target-' || i, jsonb_build_object('n', i), now() - (i % 500) * interval '1 day' - (i % 1440) * interval '1 minute'
      FROM generate_series($1::int, $2::int) i`,
    [Math.floor(from.members / 5) + 1, Math.floor(to.members / 5)],
  );
  console.log(`  audit entries: ${audit.rowCount}; records in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await db.query('ANALYZE');
}

/** The ledger's invariants (as the ledger tests check them) and the counters against a recount. */
async function checkInvariants(db: Queryable, sweptAt: Date) {
  const checks: [string, string][] = [
    [
      'every lot holds what its entries add up to',
      `SELECT count(*) AS n FROM token_lots l
       LEFT JOIN (SELECT lot_id, sum(amount) AS s FROM token_ledger GROUP BY lot_id) e ON e.lot_id = l.id
      WHERE l.remaining <> coalesce(e.s, 0)`,
    ],
    [
      'every balance is the sum of its lots',
      `SELECT count(*) AS n FROM
       (SELECT user_id, sum(remaining) AS s FROM token_lots GROUP BY user_id) l
       JOIN (SELECT user_id, sum(amount) AS s FROM token_ledger GROUP BY user_id) e USING (user_id) WHERE l.s <> e.s`,
    ],
    ['no lot below zero or above its size', 'SELECT count(*) AS n FROM token_lots WHERE remaining < 0 OR remaining > tokens'],
    // A seeded member's bonus reaches its date every few minutes: what the sweep has not yet
    // seen is for its next run (balances already leave it out), as in production.
    [
      'no lot expired before the expiry sweep keeps tokens',
      'SELECT count(*) AS n FROM token_lots WHERE expires_at <= $1 AND remaining > 0',
    ],
    [
      'every hold took exactly its amount',
      `SELECT count(*) AS n FROM token_holds h
       LEFT JOIN (SELECT hold_id, sum(amount) AS s FROM token_ledger WHERE kind = 'hold' GROUP BY hold_id) e ON e.hold_id = h.id
      WHERE coalesce(-e.s, 0) <> h.amount`,
    ],
    [
      'every paid order credited once',
      `SELECT count(*) AS n FROM payments p WHERE p.status = 'paid'
       AND (SELECT count(*) FROM token_ledger e WHERE e.payment_id = p.id AND e.kind = 'purchase') <> 1`,
    ],
    [
      'the counters agree with a recount',
      `SELECT count(*) AS n FROM (
       SELECT 'users' AS name, count(*) AS v FROM users UNION ALL SELECT 'reports', count(*) FROM reports
       UNION ALL SELECT 'payments', count(*) FROM payments UNION ALL SELECT 'contact_submissions', count(*) FROM contact_submissions
       UNION ALL SELECT 'payments_paid', count(*) FROM payments WHERE status = 'paid'
       UNION ALL SELECT 'revenue:' || currency, sum(amount) FROM payments WHERE status = 'paid' GROUP BY currency) c
       LEFT JOIN (SELECT name, sum(value) AS v FROM stat_counters GROUP BY name) s USING (name) WHERE s.v IS DISTINCT FROM c.v`,
    ],
  ];
  for (const [label, sql] of checks) {
    const n = (await db.query<{ n: number }>(sql, sql.includes('$1') ? [sweptAt] : [])).rows[0]!.n;
    say(`- ${n === 0 ? 'ok' : `**FAILED (${n})**`}: ${label}`);
    if (n !== 0) process.exitCode = 1;
  }
}

async function tableSizes(db: Queryable) {
  const r = await db.query<{ t: string; n: number }>(`SELECT t, n FROM (
    SELECT 'members' AS t, count(*) AS n FROM users UNION ALL SELECT 'reports', count(*) FROM reports
    UNION ALL SELECT 'ledger entries', count(*) FROM token_ledger UNION ALL SELECT 'lots', count(*) FROM token_lots
    UNION ALL SELECT 'payments', count(*) FROM payments UNION ALL SELECT 'published posts', count(*) FROM posts WHERE status = 'published'
    UNION ALL SELECT 'contact messages', count(*) FROM contact_submissions UNION ALL SELECT 'invoices', count(*) FROM invoices
    UNION ALL SELECT 'refund requests', count(*) FROM refund_requests UNION ALL SELECT 'audit entries', count(*) FROM operator_audit_log) s`);
  return r.rows.map((x) => `${formatCount(x.n)} ${x.t}`).join(', ');
}

// --- measuring ----------------------------------------------------------------------------

interface Result {
  p50: number;
  p99: number;
  rps: number;
  bytes: number;
  errors: number;
  /** What the errors were: non-2xx statuses by code, time-outs, other connection errors. */
  failures: string[];
}

async function measure(url: string, headers: Record<string, string>, connections: number): Promise<Result> {
  const r = await loadApart({ url, headers, connections, duration: SECONDS, pipelining: 1 });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    bytes: 0,
    errors: r.errors + r.non2xx,
    failures: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count}× ${code}`),
      ...(r.timeouts ? [`${r.timeouts} time-outs`] : []),
      ...(r.errors > r.timeouts ? [`${r.errors - r.timeouts} connection errors`] : []),
    ],
  };
}

interface Statement {
  text: string;
  params: unknown[] | undefined;
}

/** Records the reads a request runs (not the operator's sign-in), to EXPLAIN them afterwards. */
function recording(db: Db) {
  const seen = new Map<string, Statement[]>();
  let label: string | undefined;
  const wrapped: Db = {
    ...db,
    async query<R>(text: string, params?: unknown[]) {
      if (label && /^\s*(SELECT|WITH)/i.test(text) && !/operator/.test(text)) seen.get(label)?.push({ text, params });
      return db.query<R>(text, params);
    },
  };
  return {
    db: wrapped,
    seen,
    async record<T>(l: string, fn: () => Promise<T>): Promise<T> {
      seen.set(l, []);
      label = l;
      try {
        return await fn();
      } finally {
        label = undefined;
      }
    },
  };
}

/** Each statement's plan as run (EXPLAIN ANALYZE): the database's own time, whatever the machine's load does to HTTP latency. */
async function explain(db: Queryable, statements: Statement[]) {
  const plans = [];
  for (const s of statements) {
    const rows = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${s.text}`, s.params)).rows.map(
      (r) => r['QUERY PLAN'],
    );
    const ms = Number(/Execution Time: ([\d.]+)/.exec(rows.at(-1) ?? '')?.[1] ?? 0);
    plans.push({ ...s, rows, ms });
  }
  return { total: plans.reduce((a, p) => a + p.ms, 0), slowest: plans.sort((a, b) => b.ms - a.ms)[0] };
}

const WRITES_MAX = 200;

interface Measured {
  one: Result;
  twenty?: Result | undefined;
  db: Awaited<ReturnType<typeof explain>>;
}

/** Latency percentiles of requests sent one after another, as a Result. */
function sequential(times: number[], statuses: number[], bytes: number): Result {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const bad = statuses.filter((x) => x < 200 || x >= 300);
  const counts = new Map<number, number>();
  for (const x of bad) counts.set(x, (counts.get(x) ?? 0) + 1);
  return {
    p50: at(0.5),
    p99: at(0.99),
    rps: 0,
    bytes,
    errors: bad.length,
    failures: [...counts].map(([code, n]) => `${n}× ${code}`),
  };
}

/**
 * One cell of the table: its statements recorded on a probe and EXPLAINed, then loaded (reads)
 * or sent one after another (writes, rebuilt-after-a-change reads).
 */
async function measureCell(o: {
  address: string;
  app: { inject: (r: { method: 'GET'; url: string; headers: Record<string, string> }) => Promise<{ rawPayload: Buffer }> };
  raw: Queryable;
  rec: ReturnType<typeof recording>;
  key: string;
  cell: Cell;
  headers: Record<string, string>;
  twentyToo: boolean;
}): Promise<Measured> {
  const { address, app, raw, rec, key, cell, headers } = o;
  if (cell.kind === 'read' || cell.kind === 'reads') {
    const first = cell.kind === 'read' ? cell.path : cell.paths[0]!;
    // Many addresses stand for cache misses: the probe is one too (a change to the posts drops their copies).
    if (cell.kind === 'reads') await forgetPostCopies(raw);
    const probe = await rec.record(key, () => app.inject({ method: 'GET', url: first, headers }));
    const db = await explain(raw, rec.seen.get(key)!);
    const load = (connections: number) =>
      cell.kind === 'read'
        ? measure(`${address}${cell.path}`, headers, connections)
        : measureMany(address, cell.paths, headers, connections);
    const one = await load(1);
    one.bytes = probe.rawPayload.length;
    // At 20 connections every connection walks the same list at once: most would be answered from copies.
    const twenty = o.twentyToo && cell.kind === 'read' ? await load(20) : undefined;
    return { one, twenty, db };
  }
  const times: number[] = [];
  let firstTime: number | undefined;
  const statuses: number[] = [];
  let bytes = 0;
  let db: Measured['db'] = { total: 0, slowest: undefined };
  const started = performance.now();
  const max = Math.min(WRITES_MAX, cell.kind === 'write' && cell.max ? cell.max() : WRITES_MAX);
  for (let i = 0; i < max && performance.now() - started < SECONDS * 1000; i++) {
    if (cell.kind === 'after-change') await forgetPostCopies(raw);
    const req =
      cell.kind === 'after-change'
        ? { method: 'GET' as const, path: cell.paths ? cell.paths[i % cell.paths.length]! : cell.path }
        : cell.send(i);
    const send = async (recorded: boolean) => {
      const t0 = performance.now();
      const res = await fetch(`${address}${req.path}`, {
        method: req.method,
        headers: { ...headers, ...req.headers, ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (recorded) firstTime = performance.now() - t0;
      else times.push(performance.now() - t0);
      statuses.push(res.status);
      bytes = body.length;
      if (res.ok && cell.kind === 'write' && cell.after) cell.after(JSON.parse(body.toString('utf8')), i);
    };
    // The first request runs under the statement recorder, which slows it: it is not timed (of
    // some forty requests it was the p99) unless it is the only one (an export longer than the cell).
    if (i === 0) {
      await rec.record(key, () => send(true));
      db = await explain(raw, rec.seen.get(key)!);
    } else await send(false);
  }
  return { one: sequential(times.length ? times : firstTime === undefined ? [] : [firstTime], statuses, bytes), db };
}

/** A change the public cache hears (NOTIFY), which drops the copies of the posts' reads; then a moment for it to arrive. */
async function forgetPostCopies(raw: Queryable) {
  await raw.query(`UPDATE posts SET updated_at = updated_at + interval '1 microsecond'
    WHERE id = (SELECT id FROM posts WHERE status = 'published' ORDER BY published_at DESC LIMIT 1)`);
  await new Promise((r) => setTimeout(r, 100));
}

/** autocannon over many addresses, each connection cycling through them in order. */
async function measureMany(address: string, paths: string[], headers: Record<string, string>, connections: number): Promise<Result> {
  const r = await loadApart({
    url: address,
    headers,
    connections,
    duration: SECONDS,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    bytes: 0,
    errors: r.errors + r.non2xx,
    failures: [
      ...Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${count}× ${code}`),
      ...(r.timeouts ? [`${r.timeouts} time-outs`] : []),
    ],
  };
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${(n / 1024).toFixed(1)} KB`);

/** A fresh database: its own PostgreSQL database, or a PGlite directory (one connection shared by all). */
async function openBenchDb() {
  if (EMBEDDED) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-scale-'));
    const db = await openPglite(dir);
    return { app: db, raw: db, url: undefined, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = DATABASE;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database=${name}: lower-case letters, digits and _ only`);
  const admin = openPostgres(SERVER, 1);
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = withDatabase(SERVER, name);
  // The app's pool has the production statement timeout; seeding and checks run on their own connection.
  const raw = openPostgres(url, 1);
  return {
    app: openPostgres(url, 25, 10_000),
    raw,
    url,
    async drop() {
      await raw.close();
      if (SEED_ONLY) {
        console.log(`kept: ${url}`);
        return admin.close();
      }
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/**
 * Public readers while operators work: the blog list's throughput on its own, then while other
 * clients load operator pages as fast as they can. On one PGlite connection a slow operator
 * statement would hold every public request behind it.
 */
async function publicUnderOperatorLoad(address: string, operator: Record<string, string>) {
  const blog = `${address}/api/blog/posts?page=1`;
  const alone = await measure(blog, {}, 10);
  const [shared] = await Promise.all([
    measure(blog, {}, 10),
    loadApart({
      url: address,
      headers: operator,
      connections: 4,
      duration: SECONDS,
      requests: [
        '/api/admin/users?page=1',
        '/api/admin/users?page=1&q=lovelace',
        '/api/admin/transactions?page=1&limit=25',
        '/api/admin/stats',
        '/api/contact/submissions?page=1',
      ].map((p) => ({ method: 'GET' as const, path: p })),
    }),
  ]);
  return { alone, shared };
}

type Runtime = Awaited<ReturnType<typeof createRuntime>>;

/**
 * One heavy request while others wait (issue 32): another member's balance at 1 connection,
 * alone and while, in a loop, (a) the heavy member's data export is built (HEAVY_INVOICES invoices
 * never rendered before, and their reports' PDFs), (b) an operator downloads the contact CSV,
 * (c) four invoices are downloaded at once, each forced to render (its stored PDF forgotten first).
 */
async function heavyWhileOthersWait(ctx: {
  address: string;
  raw: Queryable;
  runtime: Runtime;
  heavy: string;
  operator: Record<string, string>;
  other: Record<string, string>;
}) {
  const { address, raw, runtime, heavy, operator, other } = ctx;
  const { deps } = runtime;
  await raw.query(
    `INSERT INTO payments (place_of_supply, buyer_country, lut_number, id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency, provider, receipt,
      status, razorpay_order_id, razorpay_payment_id, created_at, paid_at)
    SELECT '29', 'IN', NULL, gen_random_uuid(), $1, 'starter', 'Starter', 10000, 1000, 180, 1180, 'USD', 'razorpay', 'rcpt_heavy_' || i, 'paid',
           ${providerId('order', `'heavy' || i`)}, ${providerId('pay', `'heavy' || i`)}, now() - interval '2 days', now() - interval '2 days'
      FROM generate_series(1, $2::int) i ON CONFLICT DO NOTHING`,
    [heavy, HEAVY_INVOICES],
  );
  const unissued = await raw.query<{ id: string }>(
    `SELECT p.id FROM payments p WHERE p.user_id = $1 AND p.status = 'paid' AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.payment_id = p.id)`,
    [heavy],
  );
  for (const { id } of unissued.rows) await deps.db.transaction((tx) => issueInvoice(tx, deps, id));
  const numbers = (
    await raw.query<{ n: string }>('SELECT invoice_number AS n FROM invoices WHERE user_id = $1 ORDER BY seq', [heavy])
  ).rows.map((r) => r.n);
  const forget = (docs: string[]) => raw.query('DELETE FROM tax_document_pdfs WHERE document_number = ANY($1::text[])', [docs]);
  const build = buildExportJob.start(deps);
  const scenarios: Array<{ label: string; once: (lane: number, i: number) => Promise<void>; lanes: number; mixed?: true }> = [
    {
      label: `member data export (${numbers.length} invoices to render, report PDFs)`,
      lanes: 1,
      once: async () => {
        await forget(numbers);
        const id = (
          await raw.query<{ id: string }>(
            `INSERT INTO account_exports (user_id, expires_at) VALUES ($1, now() + interval '1 hour') RETURNING id`,
            [heavy],
          )
        ).rows[0]!.id;
        await build.handle({ id, data: { export_id: id }, retryCount: 0, retryLimit: 0 });
      },
    },
    {
      label: 'operator contact CSV export',
      lanes: 1,
      once: () => downloadApart(`${address}/api/contact/export`, operator),
    },
    {
      label: 'four invoice PDFs rendered at once',
      lanes: 4,
      once: async (lane, i) => {
        const n = numbers[(lane * 997 + i) % numbers.length]!;
        await forget([n]);
        // A PDF of a few kilobytes: read here (a process per download would cost more CPU than it).
        const res = await fetch(`${address}/api/billing/invoices/${encodeURIComponent(n)}`, { headers: operator });
        if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
        await res.arrayBuffer();
      },
    },
  ];
  // Issue 32's case: one member exports, one operator downloads the CSV and four invoices render, all at once.
  const [exportRun, csvRun, invoiceRun] = scenarios as [(typeof scenarios)[0], (typeof scenarios)[0], (typeof scenarios)[0]];
  scenarios.push({
    label: 'all three at once: the export, the CSV and four invoice PDFs',
    lanes: 6,
    mixed: true,
    once: (lane, i) => (lane === 0 ? exportRun.once(0, i) : lane === 1 ? csvRun.once(0, i) : invoiceRun.once(lane - 2, i)),
  });
  const balance = `${address}/api/tokens/balance`;
  const alone = await measure(balance, other, 1);
  const rows = [`| nothing else running | ${fmt(alone.p50)} / ${fmt(alone.p99)} | — | — |`];
  for (const sc of scenarios) {
    let stop = false;
    const times: number[] = [];
    const lanes = Array.from({ length: sc.lanes }, async (_, lane) => {
      for (let i = 0; !stop; i++) {
        const t0 = performance.now();
        await sc.once(lane, i);
        times.push(performance.now() - t0);
      }
    });
    // Give the heavy work a head start, so the measurement overlaps it from its first request.
    await new Promise((r) => setTimeout(r, 300));
    const during = await measure(balance, other, 1);
    stop = true;
    await Promise.all(lanes);
    const each = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
    rows.push(
      `| ${sc.label} | **${fmt(during.p50)} / ${fmt(during.p99)}**${during.errors ? ` (${during.errors} errors)` : ''} | ${times.length} | ${sc.mixed ? '—' : `${fmt(each)} ms`} |`,
    );
    console.log(
      `  heavy: ${sc.label}: others' balance ${fmt(during.p50)}/${fmt(during.p99)} ms; ${times.length} runs, ${fmt(each)} ms each`,
    );
  }
  return rows;
}

async function main() {
  // Every declared route has its place in the catalogue (measured here, or where and why elsewhere).
  const placed = catalogueGaps();
  if (placed.missing.length || placed.unknown.length) {
    const problem = `bench/scale-routes.ts: routes without an entry: ${placed.missing.join(', ') || 'none'}; entries for no route: ${placed.unknown.join(', ') || 'none'}`;
    // Seeding alone measures no route, so an incomplete catalogue need not stop it.
    if (!SEED_ONLY) throw new Error(problem);
    console.warn(problem);
  }
  const dbs = await openBenchDb();
  const rec = recording(dbs.app);
  const raw = dbs.raw;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: dbs.url,
    DATA_DIR: os.tmpdir(),
    PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    REPORT_WRITER: 'offline',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    ADMIN_USERNAME: 'ops',
    ADMIN_PASSWORD: PASSWORD,
    PAYMENT_PROVIDER: 'sandbox',
    LOG_LEVEL: 'warn',
    IN_PROCESS_WORKER: 'false',
    // The contact form's row sends each message from its own address (X-Forwarded-For over loopback).
    TRUST_PROXY: '1',
  });
  let runtime: Awaited<ReturnType<typeof createRuntime>> | undefined;
  try {
    runtime = await createRuntime(config, log, { supervise: false, db: rec.db });
    await ensureFirstOperator(runtime.deps);
    const app = await buildApp(runtime.deps, { logger: log, ...(webDistDir ? { webDistDir } : {}) });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // The bench's own clients leave keep-alive connections open (4 at the end of a run), and
    // close() waited for them for ever: the process never ended and its database was never dropped.
    const closeApp = async () => {
      app.server.closeAllConnections();
      await app.close();
    };

    // The heavy member signs in for real: its balance is the member call measured.
    const hash = await hashPassword(PASSWORD, config.PASSWORD_HASH_COST);
    const heavy = (
      await raw.query<{ id: string }>(
        `INSERT INTO users (name, email, password_hash, is_verified, created_at) VALUES ('Heavy Member', 'heavy@bench.example', $1, true, now() - interval '600 days') RETURNING id`,
        [hash],
      )
    ).rows[0]!.id;
    // Signed in again before each round: seeding on a busy machine can outlast an access token.
    const member: Record<string, string> = {};
    const signIn = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'heavy@bench.example', password: PASSWORD }).toString(),
      });
      member.authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    };
    const operator = { authorization: `Basic ${Buffer.from(`ops:${PASSWORD}`).toString('base64')}` };
    // Another member, whose balance is what everyone else waits for in the heavy rows.
    await raw.query(
      `INSERT INTO users (name, email, password_hash, is_verified) VALUES ('Other Member', 'other@bench.example', $1, true)`,
      [hash],
    );
    const other: Record<string, string> = {};
    const signInOther = async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'other@bench.example', password: PASSWORD }).toString(),
      });
      other.authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
    };
    // The expert reviews are offered to: invited by the operator, invitation taken up and undertaking accepted (once);
    // the heavy member has tokens enough for every review the runs ask for (held, then released or captured).
    const expertEmail = 'expert@bench.example';
    const invitation = await app.inject({
      method: 'POST',
      url: '/api/admin/experts',
      headers: { ...operator, 'content-type': 'application/json' },
      payload: {
        email: expertEmail,
        name: 'Bench Expert',
        fields: ['membranes', 'licensing'],
        languages: ['en'],
        country: 'IN',
        rttp_number: 'RTTP-BENCH-1',
        rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
        capacity: 50,
      },
    });
    if (invitation.statusCode !== 201) throw new Error(`inviting the bench expert: ${invitation.statusCode} ${invitation.body}`);
    const {
      expert: { id: expertId },
      invitation_url,
    } = invitation.json<{ expert: { id: string }; invitation_url: string }>();
    const expert: Record<string, string> = {};
    const expertCookie = (res: { statusCode: number; body: string; cookies: Array<{ name: string; value: string }> }) => {
      const c = res.cookies.find((x) => x.name === 'assay_expert');
      if (res.statusCode !== 200 || !c) throw new Error(`the bench expert's session: ${res.statusCode} ${res.body}`);
      expert.cookie = `assay_expert=${c.value}`;
    };
    expertCookie(
      await app.inject({
        method: 'POST',
        url: '/api/expert/invitation',
        payload: { token: new URL(invitation_url).searchParams.get('token'), password: EXPERT_PASSWORD },
      }),
    );
    await app.inject({ method: 'POST', url: '/api/expert/undertaking', headers: expert });
    const signInExpert = async () =>
      expertCookie(
        await app.inject({ method: 'POST', url: '/api/expert/login', payload: { email: expertEmail, password: EXPERT_PASSWORD } }),
      );
    await runtime.deps.db.transaction((tx) =>
      adjustTokens(tx, { userId: heavy, amount: 1_000_000, note: 'Bench: tokens for the review requests' }),
    );
    const heavyRows = async () => {
      await signInOther();
      say('');
      say(`### One heavy request while others wait (${EMBEDDED ? 'embedded' : 'PostgreSQL'}, ${HEAVY_ONLY ? 'small' : 'full'} database)`);
      say('');
      say(
        `Another member's balance at 1 connection (p50 / p99 ms, ${SECONDS} s) while the heavy request runs in a loop; PDF_RENDER_CONCURRENCY=${config.PDF_RENDER_CONCURRENCY}.`,
      );
      say('');
      say('| running meanwhile | others\u2019 balance p50 / p99 | heavy runs | each |');
      say('|---|---|---|---|');
      for (const row of await heavyWhileOthersWait({ address, raw, runtime: runtime!, heavy, operator, other })) say(row);
    };

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const version = (await raw.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v.split(' ')[0];
    say(
      HEAVY_ONLY
        ? `## One heavy request while others wait (\`npm run bench:scale -- --heavy-only${EMBEDDED ? ' --embedded' : ''} --members=${MEMBERS} --invoices=${HEAVY_INVOICES}\`)`
        : EMBEDDED
          ? '## Scale on the embedded default (`npm run bench:scale -- --embedded`)'
          : '## Scale: every page at a year\u2019s data (`npm run bench:scale`)',
    );
    say('');
    say(
      `Measured on ${os.cpus().length} × ${cpu}, Node ${process.version}, ${EMBEDDED ? `PGlite (PostgreSQL ${version})` : `${version} PostgreSQL`}, ${new Date().toISOString().slice(0, 10)}; load average at start ${os.loadavg()[0]!.toFixed(1)}. autocannon in its own process, ${SECONDS} s per cell, over HTTP on loopback; latencies in ms (p50 / p99).`,
    );

    const run = async (label: string, twentyToo: boolean) => {
      await signIn();
      await signInExpert();
      const account = await seedAccountRecords({
        raw,
        inject: (r) => app.inject(r as never) as never,
        heavy,
        member,
        operator,
        expert,
        expertId,
      });
      const revisedPost = (
        await raw.query<{ v: string }>(`SELECT p.id AS v FROM posts p WHERE p.status = 'published'
        AND EXISTS (SELECT 1 FROM post_revisions r WHERE r.post_id = p.id) ORDER BY p.published_at DESC LIMIT 1`)
      ).rows[0]!.v;
      // A cursor that leads to the last page of purchases.
      const c = (
        await raw.query<{ at: string; id: string }>(
          `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM payments
          ORDER BY created_at DESC, id DESC OFFSET greatest(0, (SELECT count(*) FROM payments) - 26) LIMIT 1`,
        )
      ).rows[0];
      const ids = async (sql: string, params: unknown[] = []) => (await raw.query<{ v: string }>(sql, params)).rows.map((r) => r.v);
      const catalogue = routeCatalogue({
        heavy,
        ...account,
        expertId,
        revisedPost,
        // The published revision: saves prune the others beyond the newest few, never a published one.
        revisionId: (
          await ids(`SELECT id::text AS v FROM post_revisions WHERE post_id = $1 AND kind = 'published' ORDER BY version DESC LIMIT 1`, [
            revisedPost,
          ])
        )[0]!,
        tagSlugs: await ids(`SELECT t.slug AS v FROM tags t WHERE EXISTS (SELECT 1 FROM post_tags pt JOIN posts p ON p.id = pt.post_id
          WHERE pt.tag_id = t.id AND p.status = 'published') ORDER BY t.slug`),
        heavyInvoice: (await ids('SELECT invoice_number AS v FROM invoices WHERE user_id = $1 ORDER BY seq LIMIT 1', [heavy]))[0],
        refundId: (await ids('SELECT id::text AS v FROM refund_requests ORDER BY requested_at DESC, id DESC LIMIT 1'))[0],
        members: await ids(`SELECT id AS v FROM users WHERE password_hash = 'scrypt$bench' ORDER BY created_at DESC LIMIT 500`),
        blogSlugs: await ids(`SELECT slug AS v FROM posts WHERE status = 'published' AND post_type = 'blog' ORDER BY published_at DESC`),
        pressSlugs: await ids(
          `SELECT slug AS v FROM posts WHERE status = 'published' AND post_type = 'press_release' ORDER BY published_at DESC`,
        ),
        contactIds: await ids('SELECT id AS v FROM contact_submissions ORDER BY submitted_at DESC LIMIT 2000'),
        words: VOCABULARY,
        lastPageCursor: c ? Buffer.from(`${c.at}|${c.id}`).toString('base64url') : '',
        lastUserPage: Math.ceil(Number((await ids('SELECT count(*)::text AS v FROM users'))[0]) / 100),
        lastContactPage: Math.ceil(Number((await ids('SELECT count(*)::text AS v FROM contact_submissions'))[0]) / 50),
        midPaymentPage: Math.ceil(Number((await ids('SELECT count(*)::text AS v FROM payments'))[0]) / 50),
        lastHeavyReportPage: Math.ceil(Number((await ids('SELECT count(*)::text AS v FROM reports WHERE user_id = $1', [heavy]))[0]) / 50),
        orderId: (
          await ids('SELECT razorpay_order_id AS v FROM payments ORDER BY created_at OFFSET (SELECT count(*) / 3 FROM payments) LIMIT 1')
        )[0]!,
        emailFragment: `.${Math.floor(Number((await ids('SELECT count(*)::text AS v FROM users'))[0]) / 3)}@`,
        pages: Boolean(webDistDir),
      });
      const results = new Map<string, Measured>();
      for (const [name, entry] of catalogue) {
        if (!Array.isArray(entry)) continue;
        for (const cell of entry) {
          const key = `\`${name}\`${cell.label ? ` ${cell.label}` : ''}`;
          const headers = cell.auth === 'operator' ? operator : cell.auth === 'member' ? member : cell.auth === 'expert' ? expert : {};
          // Let the previous cell's last requests finish first: only the probe's statements are recorded.
          await new Promise((r) => setTimeout(r, 300));
          const m = await measureCell({ address, app, raw, rec, key: `${label}|${key}`, cell, headers, twentyToo });
          results.set(key, m);
          console.log(
            `  ${label} ${key}: ${fmt(m.one.p50)}/${fmt(m.one.p99)} ms${m.twenty ? `, 20 conns ${fmt(m.twenty.p50)}/${fmt(m.twenty.p99)} ms` : ''}, ${kb(m.one.bytes)}, database ${m.db.total.toFixed(2)} ms${m.one.errors ? `, ${m.one.failures.join(', ')}` : ''}`,
          );
        }
      }
      return { results, catalogue };
    };

    const small = sizesFor(Math.max(1_000, MEMBERS / 100));
    const full = sizesFor(MEMBERS);
    const none: Sizes = { members: 0, reports: 0, payments: 0, posts: 0, contact: 0 };
    console.log('seeding the small database');
    await seed(raw, none, small, heavy);
    await seedRecords(runtime, none, small, heavy);
    const smallSizes = await tableSizes(raw);
    if (HEAVY_ONLY) {
      say('');
      say(`Small database: ${smallSizes}.`);
      await heavyRows();
      writeSection(say.lines, 'bench:scale-heavy');
      await closeApp();
      return;
    }
    const before = SEED_ONLY ? undefined : (await run('small', false)).results;
    const blogBefore = SEED_ONLY ? undefined : await publicUnderOperatorLoad(address, operator);
    console.log('growing to full size');
    const loadBefore = os.loadavg();
    const t = Date.now();
    await seed(raw, small, full, heavy);
    await seedRecords(runtime, small, full, heavy);
    const seedSeconds = (Date.now() - t) / 1000;
    const loadAfter = os.loadavg();
    const fullSizes = await tableSizes(raw);
    say('');
    say(`Small database: ${smallSizes}.`);
    const heavyCount = (await raw.query<{ n: number }>('SELECT count(*) AS n FROM reports WHERE user_id = $1', [heavy])).rows[0]!.n;
    say(
      `Full database: ${fullSizes} (one member has ${formatCount(heavyCount)} reports); grown in ${seedSeconds.toFixed(0)} s (load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after).`,
    );
    // Lots that expired while seeding ran (it can take many minutes on a busy machine) are
    // expired the way production does it, by the sweep, before the invariants are checked.
    const sweptAt = (await raw.query<{ t: Date }>('SELECT now() AS t')).rows[0]!.t;
    let expired = 0;
    for (let r = await expireLots(raw); r.lots > 0; r = await expireLots(raw)) expired += r.lots;
    say('');
    say(
      `Invariants after seeding (the expiry sweep ran first and expired ${formatCount(expired)} lots that reached their date during the seeding):`,
    );
    await checkInvariants(raw, sweptAt);
    if (SEED_ONLY || !blogBefore || !before) {
      await closeApp();
      return;
    }
    const { results: after, catalogue } = await run('full', true);
    const blogAfter = await publicUnderOperatorLoad(address, operator);

    say('');
    say(
      `Every declared route (${catalogue.length}) is listed: ${after.size} measurements over ${catalogue.filter(([, e]) => Array.isArray(e)).length} routes here, the rest measured elsewhere (below the table). Reads: autocannon for ${SECONDS} s at 1 and 20 connections; "distinct" rows cycle through more addresses than the public cache keeps, so each request is a miss. Writes and rebuilt-after-a-change rows: one request after another for ${SECONDS} s (at most ${WRITES_MAX}), p50 / p99 of those.`,
    );
    say('');
    say('| route | small, 1 conn | full, 1 conn | full, 20 conns | req/s at 20 | response | p50 vs small | database time, small → full |');
    say('|---|---|---|---|---|---|---|---|');
    for (const [label, a] of after) {
      const b = before.get(label);
      const ratio = b ? a.one.p50 / Math.max(b.one.p50, 1) : NaN;
      const failures = [...a.one.failures, ...(a.twenty?.failures ?? [])];
      const errors = a.one.errors + (a.twenty?.errors ?? 0);
      const size = a.one.bytes > 1024 * 1024 ? `**${kb(a.one.bytes)} (over 1 MB)**` : kb(a.one.bytes);
      say(
        `| ${label} | ${b ? `${fmt(b.one.p50)} / ${fmt(b.one.p99)}` : '—'} | **${fmt(a.one.p50)} / ${fmt(a.one.p99)}** | ${a.twenty ? `${fmt(a.twenty.p50)} / ${fmt(a.twenty.p99)}` : '—'} | ${a.twenty ? fmt(a.twenty.rps) : '—'} | ${size}${errors ? ` (${errors} errors: ${failures.join(', ')})` : ''} | ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : '—'} | ${b ? b.db.total.toFixed(2) : '—'} → ${a.db.total.toFixed(2)} ms |`,
      );
    }
    say('');
    say('Measured elsewhere:');
    say('');
    for (const [name, entry] of catalogue) if (!Array.isArray(entry)) say(`- \`${name}\`: ${entry.elsewhere}`);
    say('');
    const rps = (r: Result) => `${fmt(r.rps)} req/s (p99 ${fmt(r.p99)} ms)`;
    say(
      `Public blog list at 10 connections — small database: ${rps(blogBefore.alone)} alone, ${rps(blogBefore.shared)} while 4 clients load operator pages; full database: ${rps(blogAfter.alone)} alone, **${rps(blogAfter.shared)}** while operators work = **${((100 * blogAfter.shared.rps) / blogBefore.alone.rps).toFixed(0)} %** of the small database's throughput.`,
    );

    await heavyRows();

    say('');
    say(
      `Load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min).`,
    );
    say('');
    say(`The plan of the slowest statement behind each endpoint (full size) is in [${PLANS_FILE}](${path.basename(PLANS_FILE)}).`);
    // The plans are the evidence behind the figures, thousands of lines: their own file, so the
    // figures stay readable (issue 31 §4).
    const plans = [
      `## ${EMBEDDED ? 'Embedded default' : 'PostgreSQL'}: the slowest statement behind each endpoint (full size, \`npm run bench:scale${EMBEDDED ? ' -- --embedded' : ''}\`)`,
    ];
    for (const [label, { db }] of after) {
      if (!db.slowest) continue;
      plans.push(
        '',
        `**${label}** — ${db.slowest.ms.toFixed(2)} ms`,
        '',
        '```',
        db.slowest.text.replace(/\s+/g, ' ').trim(),
        ...db.slowest.rows,
        '```',
      );
    }
    // Written before closing: the figures are kept even if closing fails.
    writeSection(say.lines);
    writeSection(plans, 'bench:scale', PLANS_FILE);
    await closeApp();
  } finally {
    await runtime?.close();
    await dbs.drop();
  }
}

/** Replaces this benchmark's section of a docs file (docs/benchmarks.md unless named), leaving the others as they are. */
function writeSection(lines: string[], name = 'bench:scale', doc = 'docs/benchmarks.md') {
  const file = path.join(ROOT, doc);
  const tag = EMBEDDED ? `${name}-embedded` : name;
  const [start, end] = [`<!-- ${tag} -->`, `<!-- /${tag} -->`];
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = `${start}\n${lines.join('\n')}\n${end}`;
  const next = text.includes(start)
    ? text.slice(0, text.indexOf(start)) + section + text.slice(text.indexOf(end) + end.length)
    : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`\nwritten to ${path.relative(ROOT, file)}`);
}

await main();
// Closing leaves the content-change listener retrying its dropped database: the figures are written, so end here.
process.exit(process.exitCode ?? 0);
