import type { Config } from '../../config/env.ts';
import { MAIL_NAMES, MAIL_TEMPLATES } from './catalogue.ts';
import { renderMail } from './compose-mail.ts';

/** Every template drawn with its sample data, by name: the operators' development preview. */
export function previewMails(config: Pick<Config, 'PUBLIC_URL'>) {
  return MAIL_NAMES.map((name) => {
    const { subject, text, html } = renderMail(name, MAIL_TEMPLATES[name].sample as never, config);
    return { name, about: MAIL_TEMPLATES[name].about, subject, text, html };
  });
}
