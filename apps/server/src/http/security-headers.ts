import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppInstance } from './types.ts';

/**
 * Security headers on every response, worked out once at start (helmet's own middleware run
 * against a recording response) and copied onto each reply. The CSP allows only the outside
 * scripts the product needs: Google Sign-In, Razorpay Checkout and the consultation scheduler.
 */
export function securityHeaders(app: AppInstance): Readonly<Record<string, string>> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', 'https://checkout.razorpay.com', 'https://assets.calendly.com'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style', 'https://assets.calendly.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/', 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ["'self'", 'blob:', 'https://accounts.google.com/gsi/', 'https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://calendly.com'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google Sign-In's popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // The public reads' copies carry them in their ready-made headers (public-cache.ts).
  return headers;
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
