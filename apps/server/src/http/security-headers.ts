import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FIRST_PAINT_SCRIPT } from '@assay/shared';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppInstance } from './types.ts';

/** The security headers of each kind of answer (see securityHeaders). */
export interface SecurityHeaders {
  /** Pages, files and anything else a browser may show as a document. */
  document: Readonly<Record<string, string>>;
  /** A JSON endpoint's answers: data, never a document. */
  api: Readonly<Record<string, string>>;
}

/** What a browser may still do with a JSON answer opened as a page: nothing (OWASP's REST guidance). */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * The page's one inline script (packages/shared/src/first-paint.ts, decision 171), allowed by its
 * hash: it must run before the first paint, and no other inline script may run.
 */
export const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;
/** The document headers a JSON answer keeps: transport, sniffing, framing, referrer and cross-origin reads. */
const API_KEEPS = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'x-permitted-cross-domain-policies',
];

/**
 * Security headers on every response, worked out once at start (helmet's own middleware run
 * against a recording response) and copied onto each reply. The CSP allows only the page's own
 * first-paint script and the outside scripts the product needs: Google Sign-In, Razorpay Checkout and the consultation scheduler.
 * A JSON endpoint's answers carry a short set instead: the page policy (~800 bytes), the opener
 * and agent-cluster policies and the old browsers' switches mean nothing for data, and were a
 * third of a cached list's bytes.
 */
export function securityHeaders(app: AppInstance): SecurityHeaders {
  const document = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: [
          "'self'",
          FIRST_PAINT_SCRIPT_SOURCE,
          'https://accounts.google.com/gsi/client',
          'https://checkout.razorpay.com',
          'https://assets.calendly.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style', 'https://assets.calendly.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        // Video players load only when a reader clicks a post's video card (decision 200).
        frameSrc: [
          "'self'",
          'blob:',
          'https://accounts.google.com/gsi/',
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
          'https://calendly.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google Sign-In's popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const api = Object.fromEntries([
    ...API_KEEPS.filter((name) => document[name]).map((name) => [name, document[name]!]),
    ['content-security-policy', API_CSP],
  ]);
  app.addHook('onRequest', (req, reply, done) => {
    const endpoint = req.routeOptions.config?.endpoint;
    reply.headers(endpoint && !endpoint.produces ? api : document);
    done();
  });
  // The public reads' copies carry them in their ready-made headers (public-cache.ts).
  return { document, api };
}

/** The headers helmet sets with these options (none of them differs between requests). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
