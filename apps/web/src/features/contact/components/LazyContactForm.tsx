import { Suspense } from 'react';
import { lazyNamed } from '../../../lib/lazy-named.ts';
import type { ContactFormProps } from './ContactForm.tsx';

const ContactForm = lazyNamed(() => import('./ContactForm.tsx'), 'ContactForm');

/**
 * The contact form, whose code (react-hook-form, zod and the form's schema) loads after its
 * page's. A server-drawn form stays as drawn, its button off, until that code arrives and React
 * hydrates it; after a navigation in the app, a box of about its height holds its place.
 */
export function LazyContactForm(props: ContactFormProps) {
  return (
    <Suspense fallback={<div className="min-h-[40rem]" aria-busy="true" />}>
      <ContactForm {...props} />
    </Suspense>
  );
}
