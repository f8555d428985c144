import helmet from '@fastify/helmet';
import type { AppInstance } from './types.ts';

/**
 * Security headers on every response. The CSP allows only the outside scripts the product
 * needs: Google Sign-In, Razorpay Checkout and the consultation scheduler.
 */
export async function securityHeaders(app: AppInstance) {
  await app.register(helmet, {
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
}
