/**
 * What other features may use of contact (the only door: .dependency-cruiser.cjs, web-feature-through-index):
 * the contact form, loaded after its page, and the reasons the RTTP page offers in it.
 */
export { LazyContactForm } from './components/LazyContactForm.tsx';
export { RTTP_REASONS } from './data/contact-reasons.ts';
