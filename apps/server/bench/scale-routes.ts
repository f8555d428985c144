/**
 * What `npm run bench:scale` sends to each declared route (packages/shared/src/api), keyed by the
 * route's name. Every declared route has an entry: a read or write measured here, or the reason
 * it is measured elsewhere (scale.ts refuses to start when a route is missing, so a new route has
 * to be placed). Reads whose copies the public cache keeps are sent as many distinct valid
 * addresses, more than the cache holds, so each request reaches the database (a cache miss);
 * sitemaps and feeds, which have one address each, are requested right after a change to the
 * posts, which drops their copies.
 */
import { allEndpoints } from '@assay/shared';

export type Auth = 'operator' | 'member' | 'expert' | 'none';

export interface Sent {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Cell =
  /** A GET at one address, under load at 1 and 20 connections. */
  | { kind: 'read'; label: string; auth: Auth; path: string }
  /** A GET cycled over many addresses (cache misses), at 1 connection (more would ask for the same address at once). */
  | { kind: 'reads'; label: string; auth: Auth; paths: string[] }
  /** Requests that change something, one after another (each built fresh). */
  | { kind: 'write'; label: string; auth: Auth; send: (i: number) => Sent; after?: (body: unknown, i: number) => void; max?: () => number }
  /** A GET of a cached read right after a change that drops its copy, one after another (cycling through `paths` when given). */
  | { kind: 'after-change'; label: string; auth: Auth; path: string; paths?: string[] };

export type Entry = Cell[] | { elsewhere: string };

export interface RouteContext {
  heavy: string;
  heavyReport: string;
  heavyInvoice: string | undefined;
  members: string[];
  blogSlugs: string[];
  pressSlugs: string[];
  contactIds: string[];
  /** Words the seeded posts use, for searches that find something. */
  words: string[];
  lastPageCursor: string;
  /** Page numbers: the last of Users (100 a page) and Contact (50 a page), the middle of purchases (25 a page). */
  lastUserPage: number;
  lastContactPage: number;
  midPaymentPage: number;
  lastHeavyReportPage: number;
  /** The newest refund request, if one was seeded. */
  refundId?: string | undefined;
  /** A seeded order id and a member's email fragment that exist. */
  orderId: string;
  emailFragment: string;
  /** Whether the web build is there (the server-drawn pages need it). */
  pages: boolean;
  /** The heavy member's oldest reports (deleted one by one) and newest with no open review request (asked for reviews). */
  oldHeavyReports: string[];
  reviewableReports: string[];
  /** A live share link's token (of the heavy report, which has three versions and a few links). */
  shareToken: string;
  /** Share links of the heavy report (revoked one by one), the heavy member's other sessions (revoked) and passkeys. */
  shareLinkIds: string[];
  sessionIds: string[];
  passkeyIds: string[];
  /** A review request offered to and accepted by the seeded expert (the expert's reads), and that expert. */
  acceptedReview: string;
  expertId: string;
  /** A published post with revisions, one of them, and the seeded tags' slugs. */
  revisedPost: string;
  revisionId: string;
  tagSlugs: string[];
}

const AUTH_ELSEWHERE = {
  elsewhere:
    'one password hash or one mailed code per call, rate-limited per address: `npm run bench:auth-flood` measures sign-in under a flood',
};
const PROVIDER_ELSEWHERE = {
  elsewhere: 'needs a payment the provider signed: the payments tests drive it against the sandbox and a fake provider',
};
const SECOND_FACTOR_ELSEWHERE = {
  elsewhere:
    'a second-factor or passkey ceremony, once per account or sign-in (a password hash or a signed challenge each): the auth tests, sign-in under a flood in `npm run bench:auth-flood`',
};
const MODEL_RUN_ELSEWHERE = {
  elsewhere: 'queues a report run (model calls, evidence, a PDF): `npm run bench:reports` measures a run end to end',
};
const STORED_PDF_ELSEWHERE = {
  elsewhere: 'a stored report PDF streamed from the blob store (none seeded): `npm run bench:reports` measures rendering',
};
const REFUND_ELSEWHERE = {
  elsewhere: 'needs a fresh purchase still within its refund window per call: the refunds tests, concurrency included',
};

/** The routes in the order they are measured: reads first, then writes (which change what later reads see the least). */
export function routeCatalogue(c: RouteContext): [string, Entry][] {
  const created: string[] = [];
  const orders: string[] = [];
  const preview: { token?: string } = {};
  const tags: string[] = [];
  const operators: string[] = [];
  const reviews: string[] = [];
  const invited: string[] = [];
  // Names that must be unique across the small and the full run of one process.
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const review = (k: number) => reviews[k]!;
  const after = (offset: number, n: number) => () => Math.max(0, Math.min(n, reviews.length - offset));
  const member = (i: number) => c.members[i % c.members.length]!;
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  // 2,500 distinct searches, more than the 2,000 copies the public cache keeps.
  const blogSearches = many(
    2_500,
    (i) =>
      `/api/blog/posts?post_type=${i % 2 ? 'press_release' : 'blog'}&limit=${1 + (i % 50)}&q=${c.words[i % c.words.length]!.slice(0, 4 + (i % 5))}`,
  );
  const slugs = [...c.blogSlugs.map((s) => ['blog', s] as const), ...c.pressSlugs.map((s) => ['press', s] as const)];
  const pages = (f: () => Cell[]): Entry =>
    c.pages ? f() : { elsewhere: 'a server-drawn page: needs the web build (`npm run build`, or `--web=<dist>`)' };
  // Pages kept as copies: every one in turn (copies while they fit in the cache, misses past it),
  // and every one right after a change, a miss on any database, to compare small and full like for like.
  const afterChangeToo = (label: string, paths: string[]): Cell[] => [
    { kind: 'reads', label, auth: 'none', paths },
    { kind: 'after-change', label: `${label.replace(/^every/, 'each')} after a change (a miss)`, auth: 'none', path: paths[0]!, paths },
  ];

  return [
    // --- operator reads
    [
      'admin.users',
      [
        { kind: 'read', label: 'page 1', auth: 'operator', path: '/api/admin/users?page=1' },
        { kind: 'read', label: 'search, a name', auth: 'operator', path: '/api/admin/users?page=1&q=lovelace' },
        {
          kind: 'read',
          label: 'search, an email fragment',
          auth: 'operator',
          path: `/api/admin/users?page=1&q=${encodeURIComponent(c.emailFragment)}`,
        },
        { kind: 'read', label: 'last page by number', auth: 'operator', path: `/api/admin/users?page=${c.lastUserPage}&limit=100` },
      ],
    ],
    ['admin.userReports', [{ kind: 'read', label: 'heavy member', auth: 'operator', path: `/api/admin/users/${c.heavy}/reports` }]],
    [
      'admin.userTransactions',
      [{ kind: 'read', label: 'heavy member', auth: 'operator', path: `/api/admin/users/${c.heavy}/transactions` }],
    ],
    [
      'admin.transactions',
      [
        { kind: 'read', label: 'page 1', auth: 'operator', path: '/api/admin/transactions?page=1&limit=25' },
        {
          kind: 'read',
          label: 'last page by cursor',
          auth: 'operator',
          path: `/api/admin/transactions?limit=25&cursor=${c.lastPageCursor}`,
        },
        {
          kind: 'read',
          label: 'mid-list page by number',
          auth: 'operator',
          path: `/api/admin/transactions?page=${c.midPaymentPage}&limit=25`,
        },
        { kind: 'read', label: 'search, a package', auth: 'operator', path: '/api/admin/transactions?page=1&limit=25&q=pro' },
        { kind: 'read', label: 'search, an order id', auth: 'operator', path: `/api/admin/transactions?page=1&limit=25&q=${c.orderId}` },
        { kind: 'read', label: 'search, a buyer', auth: 'operator', path: '/api/admin/transactions?page=1&limit=25&q=ramanujan' },
        { kind: 'read', label: 'one state (failed)', auth: 'operator', path: '/api/admin/transactions?page=1&limit=25&status=failed' },
      ],
    ],
    ['admin.stats', [{ kind: 'read', label: '', auth: 'operator', path: '/api/admin/stats' }]],
    ['admin.evidenceSources', [{ kind: 'read', label: '', auth: 'operator', path: '/api/admin/evidence-sources' }]],
    ['admin.refunds', [{ kind: 'read', label: '', auth: 'operator', path: '/api/admin/refunds' }]],
    [
      'admin.mailPreviews',
      {
        elsewhere:
          'the operators\u2019 development preview of every mail: not registered in production, where the bench runs (decision 240); the mail preview tests',
      },
    ],
    [
      'admin.refund',
      c.refundId
        ? [{ kind: 'read', label: 'one request whole', auth: 'operator', path: `/api/admin/refunds/${c.refundId}` }]
        : { elsewhere: 'no refund request seeded' },
    ],
    [
      'operators.auditLog',
      [
        { kind: 'read', label: 'page 1', auth: 'operator', path: '/api/admin/audit-log' },
        { kind: 'read', label: 'one action', auth: 'operator', path: '/api/admin/audit-log?action=refund.decline' },
      ],
    ],
    [
      'contact.submissions',
      [
        { kind: 'read', label: 'page 1', auth: 'operator', path: '/api/contact/submissions?page=1' },
        { kind: 'read', label: 'search', auth: 'operator', path: '/api/contact/submissions?page=1&q=patent' },
        {
          kind: 'read',
          label: 'last page by number',
          auth: 'operator',
          path: `/api/contact/submissions?page=${c.lastContactPage}&limit=50`,
        },
      ],
    ],
    // Whole-list downloads change nothing but are timed one after another, as writes are (each walks the table).
    [
      'admin.usersExport',
      [
        {
          kind: 'write',
          label: 'every member, streamed (one after another)',
          auth: 'operator',
          max: () => 3,
          send: () => ({ method: 'GET', path: '/api/admin/users/export' }),
        },
      ],
    ],
    [
      'admin.transactionsExport',
      [
        {
          kind: 'write',
          label: 'every purchase, streamed (one after another)',
          auth: 'operator',
          max: () => 3,
          send: () => ({ method: 'GET', path: '/api/admin/transactions/export' }),
        },
      ],
    ],
    ['adminExperts.experts', [{ kind: 'read', label: '', auth: 'operator', path: '/api/admin/experts' }]],
    // Decision 235: Join-as-Expert applications, and the expert's second-factor status.
    [
      'expertApplications.list',
      [
        { kind: 'read', label: 'waiting first, then decided', auth: 'operator', path: '/api/admin/expert-applications' },
        { kind: 'read', label: 'waiting only', auth: 'operator', path: '/api/admin/expert-applications?state=pending' },
      ],
    ],
    ['expertSecurity.security', [{ kind: 'read', label: '', auth: 'expert', path: '/api/expert/security' }]],
    [
      'expertEarnings.summary',
      [{ kind: 'read', label: 'owed and paid, per expert', auth: 'operator', path: '/api/admin/experts/earnings' }],
    ],
    [
      'expertEarnings.export',
      [
        {
          kind: 'write',
          label: 'the payout CSV since 2000, streamed (one after another)',
          auth: 'operator',
          max: () => 3,
          send: () => ({
            method: 'GET',
            path: `/api/admin/experts/earnings/export?from=2000-01-01&to=${new Date().toISOString().slice(0, 10)}`,
          }),
        },
      ],
    ],
    [
      'adminExperts.queue',
      [
        { kind: 'read', label: 'open first, then resolved', auth: 'operator', path: '/api/admin/review-requests' },
        { kind: 'read', label: 'one state (requested)', auth: 'operator', path: '/api/admin/review-requests?state=requested' },
      ],
    ],
    ['operators.operators', [{ kind: 'read', label: '', auth: 'operator', path: '/api/admin/operators' }]],
    ['contact.export', { elsewhere: 'a heavy request: its own row below (another member\u2019s balance while it streams)' }],
    [
      'blog.adminList',
      [
        { kind: 'read', label: 'all', auth: 'operator', path: '/api/blog/admin/posts?limit=20' },
        { kind: 'read', label: 'search', auth: 'operator', path: '/api/blog/admin/posts?limit=20&q=membranes' },
      ],
    ],
    [
      'blog.adminRead',
      [{ kind: 'read', label: 'a post with revisions', auth: 'operator', path: `/api/blog/admin/posts/${c.revisedPost}` }],
    ],
    [
      'blog.revisions',
      [{ kind: 'read', label: 'a post with revisions', auth: 'operator', path: `/api/blog/admin/posts/${c.revisedPost}/revisions` }],
    ],
    [
      'blog.revision',
      [
        {
          kind: 'read',
          label: 'one revision whole',
          auth: 'operator',
          path: `/api/blog/admin/posts/${c.revisedPost}/revisions/${c.revisionId}`,
        },
      ],
    ],
    [
      'blog.adminTags',
      [
        { kind: 'read', label: 'all, with post counts', auth: 'operator', path: '/api/blog/admin/tags' },
        { kind: 'read', label: 'search', auth: 'operator', path: '/api/blog/admin/tags?q=memb' },
      ],
    ],
    // --- member reads
    ['tokens.balance', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/tokens/balance' }]],
    ['users.me', [{ kind: 'read', label: '', auth: 'member', path: '/api/users/me' }]],
    ['users.notificationPreferences', [{ kind: 'read', label: '', auth: 'member', path: '/api/users/me/notification-preferences' }]],
    [
      'reports.list',
      [
        { kind: 'read', label: 'heavy member, first page', auth: 'member', path: '/api/reports' },
        {
          kind: 'read',
          label: 'heavy member, last page by number',
          auth: 'member',
          path: `/api/reports?limit=50&page=${c.lastHeavyReportPage}`,
        },
        { kind: 'read', label: 'heavy member, search', auth: 'member', path: '/api/reports?q=membranes' },
      ],
    ],
    ['reports.get', [{ kind: 'read', label: 'heavy member', auth: 'member', path: `/api/reports/${c.heavyReport}` }]],
    [
      'reports.download',
      { elsewhere: 'the report\u2019s stored PDF streamed from the blob store: `npm run bench:reports` measures rendering' },
    ],
    [
      'reports.versions',
      [{ kind: 'read', label: 'heavy report (versions)', auth: 'member', path: `/api/reports/${c.heavyReport}/versions` }],
    ],
    // The seeded versions carry no section text: this measures finding the two versions, not the word diff
    // (at most 34 sections of a few thousand words, in memory; the report tests compare real ones).
    [
      'reports.compareVersions',
      [
        {
          kind: 'read',
          label: 'heavy report, version 1 with the current',
          auth: 'member',
          path: `/api/reports/${c.heavyReport}/versions/1/compare`,
        },
      ],
    ],
    ['reports.versionDownload', STORED_PDF_ELSEWHERE],
    [
      'reports.listShareLinks',
      [{ kind: 'read', label: 'heavy report', auth: 'member', path: `/api/reports/${c.heavyReport}/share-links` }],
    ],
    [
      'reviews.quote',
      [{ kind: 'read', label: 'heavy member', auth: 'member', path: `/api/reports/${c.reviewableReports[0]}/review-quote` }],
    ],
    ['reviews.list', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/review-requests' }]],
    ['auth.security', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/auth/security' }]],
    ['auth.passkeys', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/auth/passkeys' }]],
    ['auth.sessions', [{ kind: 'read', label: 'heavy member (many sessions)', auth: 'member', path: '/api/auth/sessions' }]],
    ['reports.events', { elsewhere: 'an event stream held open while a report runs: `npm run bench:reports`' }],
    ['billing.billingDetails', [{ kind: 'read', label: '', auth: 'member', path: '/api/billing/details' }]],
    ['billing.purchases', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/billing/purchases' }]],
    ['billing.ledger', [{ kind: 'read', label: 'heavy member', auth: 'member', path: '/api/billing/ledger' }]],
    [
      'billing.invoice',
      c.heavyInvoice
        ? [{ kind: 'read', label: 'stored PDF', auth: 'member', path: `/api/billing/invoices/${encodeURIComponent(c.heavyInvoice)}` }]
        : { elsewhere: 'no invoice seeded' },
    ],
    ['billing.creditNote', { elsewhere: 'served from the store as invoices are (row above); rendering: the heavy rows below' }],
    ['users.exportData', { elsewhere: 'a heavy request (10 an hour per member): the data export row below' }],
    ['users.exportFile', { elsewhere: 'the export\u2019s zip, streamed from the store: the data export row below' }],
    ['users.exportLink', { elsewhere: 'the export\u2019s zip, streamed from the store: the data export row below' }],
    // --- the expert portal's reads
    ['expert.me', [{ kind: 'read', label: '', auth: 'expert', path: '/api/expert/me' }]],
    ['expert.assignments', [{ kind: 'read', label: 'offered and accepted', auth: 'expert', path: '/api/expert/assignments' }]],
    [
      'expert.assignment',
      [
        {
          kind: 'read',
          label: 'an accepted review (each view logged)',
          auth: 'expert',
          path: `/api/expert/assignments/${c.acceptedReview}`,
        },
      ],
    ],
    ['expert.pdf', STORED_PDF_ELSEWHERE],
    [
      'expert.draft',
      [
        {
          kind: 'read',
          label: 'an accepted review (its draft)',
          auth: 'expert',
          path: `/api/expert/assignments/${c.acceptedReview}/draft`,
        },
      ],
    ],
    ['expertEarnings.mine', [{ kind: 'read', label: 'own earnings and payouts', auth: 'expert', path: '/api/expert/earnings' }]],
    // --- public reads
    ['system.health', [{ kind: 'read', label: '', auth: 'none', path: '/api/health' }]],
    ['system.ready', [{ kind: 'read', label: '', auth: 'none', path: '/api/ready' }]],
    ['system.siteConfig', [{ kind: 'read', label: '', auth: 'none', path: '/api/site-config' }]],
    ['auth.config', [{ kind: 'read', label: '', auth: 'none', path: '/api/auth/config' }]],
    ['tokens.packages', [{ kind: 'read', label: '', auth: 'none', path: '/api/tokens/packages' }]],
    [
      'blog.list',
      [
        { kind: 'read', label: 'page 1 (cached copy)', auth: 'none', path: '/api/blog/posts?post_type=blog&limit=9' },
        { kind: 'reads', label: 'search, 2,500 distinct (cache misses)', auth: 'none', paths: blogSearches },
        {
          kind: 'reads',
          label: 'deep pages, 2,500 distinct (cache misses)',
          auth: 'none',
          paths: many(2_500, (i) => `/api/blog/posts?post_type=blog&limit=${1 + (i % 50)}&page=${1 + (i % 40)}`),
        },
      ],
    ],
    [
      'blog.read',
      [
        {
          kind: 'reads',
          label: `every post by slug (${slugs.length}; misses when more than the 2,000 copies kept)`,
          auth: 'none',
          paths: slugs.map(([t, s]) => `/api/blog/posts/${s}${t === 'press' ? '?post_type=press_release' : ''}`),
        },
      ],
    ],
    [
      'blog.tagPage',
      [
        {
          kind: 'reads',
          label: 'every tag, 2,500 distinct (cache misses)',
          auth: 'none',
          paths: many(
            2_500,
            (i) =>
              `/api/blog/tags/${c.tagSlugs[i % c.tagSlugs.length]}?limit=${1 + (Math.floor(i / c.tagSlugs.length) % 50)}&page=${1 + Math.floor(i / (50 * c.tagSlugs.length))}`,
          ),
        },
      ],
    ],
    ['share.view', [{ kind: 'read', label: 'a live link', auth: 'none', path: `/api/share/${c.shareToken}` }]],
    [
      'share.pdf',
      {
        elsewhere:
          'the copy rendered and watermarked when the link was made, streamed from the blob store (none seeded), counting a view: the share-link tests',
      },
    ],
    ['site.tagFeed', [{ kind: 'after-change', label: 'rebuilt after a change', auth: 'none', path: `/blog/tag/${c.tagSlugs[0]}/rss.xml` }]],
    [
      'site.tagPage',
      pages(() => [{ kind: 'reads', label: 'every tag page', auth: 'none', paths: c.tagSlugs.map((s) => `/blog/tag/${s}`) }]),
    ],
    ['site.sharePage', pages(() => [{ kind: 'read', label: 'a live link', auth: 'none', path: `/r/${c.shareToken}` }])],
    ['site.sitemap', [{ kind: 'after-change', label: 'rebuilt after a change', auth: 'none', path: '/sitemap.xml' }]],
    [
      'site.sitemapFile',
      [{ kind: 'after-change', label: 'posts-1.xml rebuilt after a change', auth: 'none', path: '/sitemaps/posts-1.xml' }],
    ],
    ['site.blogFeed', [{ kind: 'after-change', label: 'rebuilt after a change', auth: 'none', path: '/rss/blog.xml' }]],
    ['site.pressFeed', [{ kind: 'after-change', label: 'rebuilt after a change', auth: 'none', path: '/rss/press.xml' }]],
    ['site.rssGuess', [{ kind: 'read', label: '', auth: 'none', path: '/rss.xml' }]],
    ['site.feedGuess', [{ kind: 'read', label: '', auth: 'none', path: '/feed' }]],
    ['site.robots', [{ kind: 'read', label: '', auth: 'none', path: '/robots.txt' }]],
    [
      'site.blogPost',
      pages(() =>
        afterChangeToo(
          'every blog post page',
          c.blogSlugs.map((s) => `/blog/${s}`),
        ),
      ),
    ],
    [
      'site.pressRelease',
      pages(() =>
        afterChangeToo(
          'every press release page',
          c.pressSlugs.map((s) => `/press-releases/${s}`),
        ),
      ),
    ],
    ...(
      [
        'blogList:/blog',
        'pressList:/press-releases',
        'homePage:/',
        'pricingPage:/pricing',
        'aboutPage:/about',
        'rttpPage:/rttp',
        'careersPage:/careers',
        'contactPage:/contact',
        'privacyPage:/privacy',
        'termsPage:/terms',
        'pricingPolicyPage:/pricing-policy',
        'refundPolicyPage:/refund-policy',
      ] as const
    ).map((x): [string, Entry] => {
      const [name, path] = x.split(':') as [string, string];
      return [`site.${name}`, pages(() => [{ kind: 'read', label: '', auth: 'none', path }])];
    }),
    [
      'purchase.sandboxCheckout',
      [{ kind: 'read', label: 'unknown order (its 404 page)', auth: 'none', path: '/api/payments/sandbox/checkout?order_id=order_none' }],
    ],
    ['purchase.sandboxCheckoutScript', [{ kind: 'read', label: '', auth: 'none', path: '/api/payments/sandbox/checkout.js' }]],
    ['media.file', { elsewhere: 'a stored image streamed from the blob store (none seeded)' }],
    ['media.upload', { elsewhere: 'an image upload, decoded and re-encoded: the media tests' }],
    // --- operator writes
    [
      'admin.adjustTokens',
      [
        {
          kind: 'write',
          label: 'grant to a member',
          auth: 'operator',
          send: (i) => ({
            method: 'POST',
            path: `/api/admin/users/${member(i)}/token-adjustments`,
            body: { amount: 10, reason: 'Bench goodwill' },
            headers: { 'idempotency-key': `bench-${process.pid}-${i}` },
          }),
        },
      ],
    ],
    ['admin.approveRefund', REFUND_ELSEWHERE],
    ['admin.declineRefund', REFUND_ELSEWHERE],
    [
      'operators.createOperator',
      [
        {
          kind: 'write',
          label: 'an editor account (a password hash)',
          auth: 'operator',
          max: () => 10,
          send: (i) => ({
            method: 'POST',
            path: '/api/admin/operators',
            body: { username: `bench-${run}-${i}`, password: 'bench operator password', display_name: `Bench Editor ${i}` },
          }),
          after: (b) => operators.push((b as { id: string }).id),
        },
      ],
    ],
    [
      'operators.updateOperator',
      [
        {
          kind: 'write',
          label: 'public name',
          auth: 'operator',
          max: () => operators.length * 3,
          send: (i) => ({
            method: 'PATCH',
            path: `/api/admin/operators/${operators[i % operators.length]}`,
            body: { display_name: `Bench Editor ${i} renamed` },
          }),
        },
      ],
    ],
    [
      'operators.removeOperator',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          max: () => operators.length,
          send: (i) => ({ method: 'DELETE', path: `/api/admin/operators/${operators[operators.length - 1 - i]}` }),
        },
      ],
    ],
    ['operators.secondFactor', SECOND_FACTOR_ELSEWHERE],
    ['operators.totpSetup', SECOND_FACTOR_ELSEWHERE],
    ['operators.totpEnable', SECOND_FACTOR_ELSEWHERE],
    // Decision 228: the operator's own passkeys (the bench operator has none; the list is still read).
    ['operators.passkeys', [{ kind: 'read', label: 'own passkeys', auth: 'operator', path: '/api/admin/passkeys' }]],
    ...(
      [
        'passkeyRegisterOptions',
        'passkeyRegister',
        'passkeyRename',
        'passkeyRemove',
        'passkeySecondFactorOptions',
        'passkeySecondFactor',
      ] as const
    ).map((n): [string, Entry] => [`operators.${n}`, SECOND_FACTOR_ELSEWHERE]),
    [
      'adminExperts.invite',
      [
        {
          kind: 'write',
          label: 'an expert (record and mailed link)',
          auth: 'operator',
          max: () => 10,
          send: (i) => ({
            method: 'POST',
            path: '/api/admin/experts',
            body: {
              email: `expert-${run}-${i}@bench.example`,
              name: `Bench Expert ${i}`,
              fields: ['membranes'],
              languages: ['en'],
              country: 'IN',
              rttp_number: `RTTP-${run}-${i}`,
              rates: { basic: 3000, advanced: 4500, comprehensive: 6000 },
              capacity: 5,
            },
          }),
          after: (b) => invited.push((b as { expert: { id: string } }).expert.id),
        },
      ],
    ],
    [
      'contact.setHandled',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({
            method: 'POST',
            path: `/api/contact/submissions/${c.contactIds[i % c.contactIds.length]}/handled`,
            body: { handled: i % 2 === 0 },
          }),
        },
      ],
    ],
    [
      'contact.erase',
      [
        {
          kind: 'write',
          label: 'a different message each time',
          auth: 'operator',
          send: (i) => ({ method: 'DELETE', path: `/api/contact/submissions/${c.contactIds[c.contactIds.length - 1 - i]}` }),
        },
      ],
    ],
    [
      'blog.create',
      [
        {
          kind: 'write',
          label: 'a draft',
          auth: 'operator',
          max: () => 100,
          send: (i) => ({
            method: 'POST',
            path: '/api/blog/admin/posts',
            body: {
              title: `Bench draft ${process.pid} ${i}`,
              description: 'A draft the benchmark writes.',
              content: '<p>Licensing notes from the bench.</p>',
            },
          }),
          after: (b) => created.push((b as { id: string }).id),
        },
      ],
    ],
    [
      'blog.editing',
      [
        {
          kind: 'write',
          label: 'heartbeat of an open form',
          auth: 'operator',
          send: (i) => ({ method: 'PUT', path: `/api/blog/admin/posts/${created[i % created.length]}/editing` }),
        },
      ],
    ],
    [
      'blog.stopEditing',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({ method: 'DELETE', path: `/api/blog/admin/posts/${created[i % created.length]}/editing` }),
        },
      ],
    ],
    [
      'blog.update',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({
            method: 'PUT',
            path: `/api/blog/admin/posts/${created[i % created.length]}`,
            body: { title: `Bench draft ${i} edited`, description: 'Edited.', content: '<p>Edited by the bench.</p>' },
          }),
        },
      ],
    ],
    [
      'blog.previewLink',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({ method: 'POST', path: `/api/blog/admin/posts/${created[i % created.length]}/preview-link` }),
          after: (b) => (preview.token = (b as { token: string }).token),
        },
      ],
    ],
    [
      'blog.readPreview',
      [
        {
          kind: 'write',
          label: 'a draft by its link',
          auth: 'none',
          send: () => ({ method: 'GET', path: `/api/blog/preview/${preview.token}` }),
        },
      ],
    ],
    [
      'site.previewPage',
      pages(() => [
        { kind: 'write', label: 'a draft by its link', auth: 'none', send: () => ({ method: 'GET', path: `/preview/${preview.token}` }) },
      ]),
    ],
    [
      'blog.preview',
      [
        {
          kind: 'write',
          label: 'sanitise a body',
          auth: 'operator',
          send: () => ({
            method: 'POST',
            path: '/api/blog/admin/preview',
            body: { content: '<p>Readiness <script>x</script> levels</p>'.repeat(50) },
          }),
        },
      ],
    ],
    [
      'blog.publish',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({ method: 'POST', path: `/api/blog/admin/posts/${created[i % created.length]}/publish` }),
        },
      ],
    ],
    [
      'blog.unpublish',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          send: (i) => ({ method: 'POST', path: `/api/blog/admin/posts/${created[i % created.length]}/unpublish` }),
        },
      ],
    ],
    [
      'blog.restoreRevision',
      [
        {
          kind: 'write',
          label: 'a published post (the history grows)',
          auth: 'operator',
          max: () => 20,
          send: () => ({ method: 'POST', path: `/api/blog/admin/posts/${c.revisedPost}/revisions/${c.revisionId}/restore`, body: {} }),
        },
      ],
    ],
    [
      'blog.createTag',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          max: () => 50,
          send: (i) => ({ method: 'POST', path: '/api/blog/admin/tags', body: { name: `Bench tag ${run} ${i}` } }),
          after: (b) => tags.push((b as { id: string }).id),
        },
      ],
    ],
    [
      'blog.updateTag',
      [
        {
          kind: 'write',
          label: 'rename',
          auth: 'operator',
          max: () => tags.length,
          send: (i) => ({ method: 'PUT', path: `/api/blog/admin/tags/${tags[i]}`, body: { name: `Bench tag ${run} ${i} renamed` } }),
        },
      ],
    ],
    [
      'blog.removeTag',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          max: () => tags.length,
          send: (i) => ({ method: 'DELETE', path: `/api/blog/admin/tags/${tags[tags.length - 1 - i]}` }),
        },
      ],
    ],
    [
      'blog.remove',
      [
        {
          kind: 'write',
          label: '',
          auth: 'operator',
          max: () => created.length,
          send: (i) => ({ method: 'DELETE', path: `/api/blog/admin/posts/${created[created.length - 1 - i]}` }),
        },
      ],
    ],
    // --- member and public writes
    [
      'contact.submit',
      [
        {
          kind: 'write',
          label: 'from a different address each time',
          auth: 'none',
          send: (i) => ({
            method: 'POST',
            path: '/api/contact',
            headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: {
              reason: 'other',
              name: `Bench Visitor ${i}`,
              phone: '+1 555 0100',
              email: `bench${i}@visitor.example`,
              message: 'We would like to license the membrane filter.',
            },
          }),
        },
      ],
    ],
    [
      'users.updateMe',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          send: (i) => ({
            method: 'PATCH',
            path: '/api/users/me',
            body: { name: `Heavy Member ${i % 2 ? 'A' : 'B'}`, phone: '+91 98450 12345' },
          }),
        },
      ],
    ],
    [
      'users.saveNotificationPreferences',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          send: (i) => ({
            method: 'PUT',
            path: '/api/users/me/notification-preferences',
            body: { report_ready: i % 2 === 0, tokens_expiring: true },
          }),
        },
      ],
    ],
    [
      'billing.saveBillingDetails',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          send: (i) => ({
            method: 'PUT',
            path: '/api/billing/details',
            body: { address: `${i} Bench Road, Bengaluru`, state_code: '29', gstin: '' },
          }),
        },
      ],
    ],
    [
      'reports.rename',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          send: (i) => ({ method: 'PATCH', path: `/api/reports/${c.heavyReport}`, body: { title: `Membrane filter assessment ${i}` } }),
        },
      ],
    ],
    [
      'reports.restoreVersion',
      [
        {
          kind: 'write',
          label: 'heavy report, version 1 (the history grows)',
          auth: 'member',
          max: () => 20,
          send: () => ({ method: 'POST', path: `/api/reports/${c.heavyReport}/versions/1/restore` }),
        },
      ],
    ],
    [
      'reports.remove',
      [
        {
          kind: 'write',
          label: 'the heavy member\u2019s oldest, one each time',
          auth: 'member',
          max: () => c.oldHeavyReports.length,
          send: (i) => ({ method: 'DELETE', path: `/api/reports/${c.oldHeavyReports[i]}` }),
        },
      ],
    ],
    [
      'reports.revokeShareLink',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          max: () => c.shareLinkIds.length,
          send: (i) => ({ method: 'DELETE', path: `/api/reports/${c.heavyReport}/share-links/${c.shareLinkIds[i]}` }),
        },
      ],
    ],
    [
      'reports.createShareLink',
      {
        elsewhere:
          'renders and watermarks a copy of the report\u2019s PDF (a worker thread): the share-link tests, and share-copy-does-not-block.test.ts for others waiting meanwhile',
      },
    ],
    ['reports.retry', MODEL_RUN_ELSEWHERE],
    ['reports.upgrade', MODEL_RUN_ELSEWHERE],
    ['reports.correct', MODEL_RUN_ELSEWHERE],
    ['reports.regenerateSection', MODEL_RUN_ELSEWHERE],
    ['reports.cancel', { elsewhere: 'needs a report being written: `npm run bench:reports` and the report lifecycle tests' }],
    // A review request's life: asked (tokens held), then cancelled by the member or an operator, or
    // offered to the expert, who declines or accepts and delivers (tokens captured).
    [
      'reviews.create',
      [
        {
          kind: 'write',
          label: 'a different report each time (tokens held)',
          auth: 'member',
          max: () => Math.min(24, c.reviewableReports.length),
          send: (i) => ({
            method: 'POST',
            path: `/api/reports/${c.reviewableReports[i]}/review-requests`,
            body: { questions: 'Is an exclusive licence to a membrane maker realistic?' },
          }),
          after: (b) => reviews.push((b as { id: string }).id),
        },
      ],
    ],
    [
      'reviews.cancel',
      [
        {
          kind: 'write',
          label: 'by the member (tokens back)',
          auth: 'member',
          max: after(0, 6),
          send: (i) => ({ method: 'POST', path: `/api/review-requests/${review(i)}/cancel` }),
        },
      ],
    ],
    [
      'adminExperts.cancel',
      [
        {
          kind: 'write',
          label: 'by an operator (tokens back)',
          auth: 'operator',
          max: after(6, 6),
          send: (i) => ({ method: 'POST', path: `/api/admin/review-requests/${review(6 + i)}/cancel` }),
        },
      ],
    ],
    [
      'adminExperts.assign',
      [
        {
          kind: 'write',
          label: 'offered to the expert',
          auth: 'operator',
          max: after(12, 12),
          send: (i) => ({ method: 'POST', path: `/api/admin/review-requests/${review(12 + i)}/assign`, body: { expert_id: c.expertId } }),
        },
      ],
    ],
    [
      'expert.decline',
      [
        {
          kind: 'write',
          label: 'an offer (tokens back)',
          auth: 'expert',
          max: after(12, 4),
          send: (i) => ({ method: 'POST', path: `/api/expert/assignments/${review(12 + i)}/decline` }),
        },
      ],
    ],
    [
      'expert.saveDraft',
      [
        {
          kind: 'write',
          label: 'the accepted review’s draft, saved whole (last save wins)',
          auth: 'expert',
          send: (i) => ({
            method: 'PUT',
            path: `/api/expert/assignments/${c.acceptedReview}/draft`,
            body: {
              verdicts: {
                novelty: { verdict: 'strong', note: '' },
                market: { verdict: 'adequate', note: '' },
                maturity: { verdict: 'weak', note: `Save ${i}.` },
                ip_route: { verdict: 'adequate', note: '' },
              },
              recommendation: 'hold_for_data',
              reasons: `The filter works at bench scale (save ${i}). `.repeat(20),
              answers: '',
              comments: [{ section: 'technology', text: 'Say how the membrane is cleaned.' }],
            },
          }),
        },
      ],
    ],
    [
      'reviews.pdf',
      {
        elsewhere:
          'the reviewed PDF, drawn once at delivery on a render worker and streamed from the blob store (none seeded): the review content tests',
      },
    ],
    [
      'expert.accept',
      [
        {
          kind: 'write',
          label: 'an offer',
          auth: 'expert',
          max: after(16, 8),
          send: (i) => ({ method: 'POST', path: `/api/expert/assignments/${review(16 + i)}/accept` }),
        },
      ],
    ],
    [
      'expert.submit',
      [
        {
          kind: 'write',
          label: 'a review delivered (tokens captured)',
          auth: 'expert',
          max: after(16, 8),
          send: (i) => ({
            method: 'POST',
            path: `/api/expert/assignments/${review(16 + i)}/review`,
            body: {
              verdicts: {
                novelty: { verdict: 'strong' },
                market: { verdict: 'adequate' },
                maturity: { verdict: 'weak', note: 'A bench prototype only.' },
                ip_route: { verdict: 'adequate' },
              },
              recommendation: 'hold_for_data',
              reasons: 'The filter works at bench scale; licensees will ask for pilot data first.',
              answers: 'Realistic once pilot data exist.',
            },
          }),
        },
      ],
    ],
    [
      'reviews.rate',
      [
        {
          kind: 'write',
          label: 'a delivered review, once each',
          auth: 'member',
          max: after(16, 8),
          send: (i) => ({
            method: 'POST',
            path: `/api/review-requests/${review(16 + i)}/rating`,
            body: { stars: 1 + (i % 5), comment: 'Clear on what licensees will ask for.' },
          }),
        },
      ],
    ],
    // Decision 234: the follow-up round on each delivered review, and the expert's payout (the first
    // records it, the repeats answer the same payout).
    [
      'followUps.ask',
      [
        {
          kind: 'write',
          label: 'a delivered review, once each (free)',
          auth: 'member',
          max: after(16, 8),
          send: (i) => ({
            method: 'POST',
            path: `/api/review-requests/${review(16 + i)}/follow-up`,
            body: { questions: ['Would a membrane maker take an exclusive licence?', 'What pilot data first?'] },
          }),
        },
      ],
    ],
    [
      'followUps.answer',
      [
        {
          kind: 'write',
          label: 'once each',
          auth: 'expert',
          max: after(16, 8),
          send: (i) => ({
            method: 'POST',
            path: `/api/expert/assignments/${review(16 + i)}/follow-up`,
            body: { answers: ['Likely, after a pilot.', 'Flux and fouling over 90 days.'] },
          }),
        },
      ],
    ],
    [
      'expertEarnings.recordPayout',
      [
        {
          kind: 'write',
          label: 'everything owed to the expert up to today (then the same payout again)',
          auth: 'operator',
          max: () => 3,
          send: () => ({
            method: 'POST',
            path: `/api/admin/experts/${c.expertId}/payouts`,
            body: { through: new Date().toISOString().slice(0, 10), reference: `bench ${run}` },
          }),
        },
      ],
    ],
    // Last of the expert's cells: a pause left on would refuse the next run's offers (the seeding lifts it).
    [
      'expert.pause',
      [
        {
          kind: 'write',
          label: 'pause and resume',
          auth: 'expert',
          send: (i) => ({ method: 'PATCH', path: '/api/expert/me', body: { paused: i % 2 === 0 } }),
        },
      ],
    ],
    [
      'expert.acceptInvitation',
      { elsewhere: 'once per expert, a password hash: the seeding takes up the expert\u2019s invitation; the expert tests' },
    ],
    ['expert.acceptUndertaking', { elsewhere: 'once per expert: the seeding accepts it; the expert tests' }],
    [
      'expert.login',
      {
        elsewhere:
          'one password hash per call, rate-limited per address: the expert tests; `npm run bench:auth-flood` measures member sign-in under a flood',
      },
    ],
    ['expert.logout', { elsewhere: 'ends the session the expert\u2019s cells use, once per sign-in: the expert tests' }],
    ...(['secondFactor', 'totpSetup', 'totpEnable', 'totpDisable', 'recoveryCodes'] as const).map((n): [string, Entry] => [
      `expertSecurity.${n}`,
      SECOND_FACTOR_ELSEWHERE,
    ]),
    [
      'expertApplications.submit',
      [
        {
          kind: 'write',
          label: 'from a different address each time',
          auth: 'none',
          send: (i) => ({
            method: 'POST',
            path: '/api/expert-applications',
            headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: {
              name: `Bench Applicant ${i}`,
              email: `applicant-${run}-${i}@bench.example`,
              fields: ['water'],
              languages: ['English'],
              country: 'IN',
              rttp_number: `RTTP-A-${i}`,
              statement: 'Ten years licensing membrane filtration patents to utilities.',
            },
          }),
        },
      ],
    ],
    [
      'expertApplications.decline',
      { elsewhere: 'one decision per application, mailed once: the expert application tests (and their PostgreSQL races)' },
    ],
    [
      'auth.revokeSession',
      [
        {
          kind: 'write',
          label: 'another device\u2019s session',
          auth: 'member',
          max: () => c.sessionIds.length,
          send: (i) => ({ method: 'DELETE', path: `/api/auth/sessions/${c.sessionIds[i]}` }),
        },
      ],
    ],
    [
      'auth.revokeOtherSessions',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          max: () => 3,
          send: () => ({ method: 'POST', path: '/api/auth/sessions/revoke-others' }),
        },
      ],
    ],
    [
      'auth.passkeyRename',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          max: () => c.passkeyIds.length * 4,
          send: (i) => ({
            method: 'PATCH',
            path: `/api/auth/passkeys/${c.passkeyIds[i % c.passkeyIds.length]}`,
            body: { name: `Bench key ${i}` },
          }),
        },
      ],
    ],
    [
      'auth.passkeyRemove',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          max: () => c.passkeyIds.length,
          send: (i) => ({ method: 'DELETE', path: `/api/auth/passkeys/${c.passkeyIds[i]}` }),
        },
      ],
    ],
    // 30 orders per member per window (create-order.ts), for the small and the full database together.
    [
      'purchase.createOrder',
      [
        {
          kind: 'write',
          label: 'sandbox provider',
          auth: 'member',
          max: () => 12,
          send: () => ({ method: 'POST', path: '/api/tokens/purchase/create-order', body: { package_id: 'starter' } }),
          after: (b) => orders.push((b as { order_id: string }).order_id),
        },
      ],
    ],
    [
      'purchase.abandonOrder',
      [
        {
          kind: 'write',
          label: '',
          auth: 'member',
          max: () => orders.length,
          send: (i) => ({ method: 'POST', path: '/api/tokens/purchase/abandon-order', body: { order_id: orders[i % orders.length] } }),
        },
      ],
    ],
    ['purchase.verifyPayment', PROVIDER_ELSEWHERE],
    ['purchase.webhook', PROVIDER_ELSEWHERE],
    ['purchase.sandboxApprove', PROVIDER_ELSEWHERE],
    ['purchase.sandboxDecline', PROVIDER_ELSEWHERE],
    ['billing.requestRefund', REFUND_ELSEWHERE],
    ['billing.withdrawRefund', REFUND_ELSEWHERE],
    ['reports.understand', { elsewhere: 'a model call: `npm run bench:reports`' }],
    ['reports.generate', { elsewhere: 'a report run end to end: `npm run bench:reports`' }],
    ['users.deletionCode', { elsewhere: 'mails a code (rate-limited): the account deletion tests' }],
    ['users.deleteMe', { elsewhere: 'ends the account (a password hash, then the deletion): the account deletion tests' }],
    ...(
      [
        'signup',
        'verifyEmail',
        'resendCode',
        'login',
        'google',
        'completeProfile',
        'refresh',
        'logout',
        'changePassword',
        'forgotPassword',
        'resetPassword',
      ] as const
    ).map((n): [string, Entry] => [`auth.${n}`, AUTH_ELSEWHERE]),
    ...(
      [
        'loginSecondFactor',
        'totpSetup',
        'totpEnable',
        'totpDisable',
        'recoveryCodes',
        'passkeyRegisterOptions',
        'passkeyRegister',
        'passkeySignInOptions',
        'passkeySignIn',
        'passkeySecondFactorOptions',
        'passkeySecondFactor',
        'emailChangePasskeyOptions',
      ] as const
    ).map((n): [string, Entry] => [`auth.${n}`, SECOND_FACTOR_ELSEWHERE]),
    ...(['emailChange', 'emailChangeConfirm', 'emailChangeRevert'] as const).map((n): [string, Entry] => [
      `auth.${n}`,
      { elsewhere: 'a password hash and a mailed code, once per change of address (rate-limited): the e-mail change tests' },
    ]),
    ['operators.login', AUTH_ELSEWHERE],
  ];
}

/** Declared routes with no entry, and entries naming no declared route. */
export function uncovered(entries: [string, Entry][]) {
  const declared = new Set(allEndpoints().map(([name]) => name));
  const placed = new Set(entries.map(([name]) => name));
  return { missing: [...declared].filter((n) => !placed.has(n)), unknown: [...placed].filter((n) => !declared.has(n)) };
}

/** The catalogue's places, checked before anything is seeded (and by a unit test, so a new route cannot leave the bench unable to start). */
export function catalogueGaps() {
  return uncovered(
    routeCatalogue({
      heavy: '',
      heavyReport: '',
      heavyInvoice: undefined,
      members: [''],
      blogSlugs: [],
      pressSlugs: [],
      contactIds: [],
      words: [''],
      lastPageCursor: '',
      pages: true,
      lastUserPage: 1,
      lastContactPage: 1,
      midPaymentPage: 1,
      lastHeavyReportPage: 1,
      orderId: '',
      emailFragment: '',
      oldHeavyReports: [],
      reviewableReports: [''],
      shareToken: '',
      shareLinkIds: [],
      sessionIds: [],
      passkeyIds: [],
      acceptedReview: '',
      expertId: '',
      revisedPost: '',
      revisionId: '',
      tagSlugs: [''],
    }),
  );
}
