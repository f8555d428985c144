import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Config } from '../../config/env.ts';
import { MAIL_TEMPLATES, type MailData, type MailName } from './catalogue.ts';
import type { MailTemplate, RenderedMail } from './template.ts';

declare const composed: unique symbol;

/**
 * A mail drawn by this module's templates. Only composeMail makes one, and queueMail takes
 * nothing else: no other module builds a subject or mail HTML of its own (decision 240).
 */
export type ComposedMail = MailMessage & { readonly [composed]: true };

/** Renders the named template with its typed data. */
export function renderMail<N extends MailName>(name: N, data: MailData<N>, config: Pick<Config, 'PUBLIC_URL'>): RenderedMail {
  const t = MAIL_TEMPLATES[name] as unknown as MailTemplate<MailData<N>>;
  return t.render(data, { publicUrl: config.PUBLIC_URL });
}

/** The named mail to `to`, ready for queueMail (or, for a code the member waits for, the mailer). */
export function composeMail<N extends MailName>(config: Pick<Config, 'PUBLIC_URL'>, to: string, name: N, data: MailData<N>): ComposedMail {
  return { to, ...renderMail(name, data, config) } as ComposedMail;
}
