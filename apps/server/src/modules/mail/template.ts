import { layout, paragraphsOf } from './layout.ts';

/** What a template turns its data into: the message without its recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The one-time code the mail carries (the dev mailbox prints it, to finish signup offline). */
  code?: string;
}

/** What every template may know besides its data: where the product is. */
export interface MailSite {
  publicUrl: string;
}

/**
 * One mail: a typed function of its data, with sample data the operators' preview and the tests
 * render it with (decision 240).
 */
export interface MailTemplate<D> {
  /** Who gets it and when, for the preview list. */
  about: string;
  sample: D;
  render(data: D, site: MailSite): RenderedMail;
}

export const template = <D>(t: MailTemplate<D>): MailTemplate<D> => t;

/**
 * A mail whose content is its plain text (the review, refund and receipt mails): the HTML part is
 * the same paragraphs in the layout, under `title`.
 */
export function textMail(title: string, subject: string, text: string): RenderedMail {
  return { subject, text, html: layout({ title, paragraphs: paragraphsOf(text) }) };
}
