import { describe, expect, it } from 'vitest';
import { MAIL_NAMES, MAIL_TEMPLATES } from './catalogue.ts';
import { composeMail, renderMail } from './compose-mail.ts';
import { layout } from './layout.ts';

const site = { PUBLIC_URL: 'http://localhost:3000' };
const HOSTILE = '<script>alert("x")</script>';

/** The sample data with one top-level text field replaced by markup. */
function withHostile(sample: object, key: string): never {
  return { ...sample, [key]: HOSTILE } as never;
}

describe('every mail template', () => {
  it('is in the catalogue, with what it is for', () => {
    expect(MAIL_NAMES.length).toBeGreaterThanOrEqual(25);
    for (const name of MAIL_NAMES) expect(MAIL_TEMPLATES[name].about, name).toMatch(/\w{3,}/);
  });

  it.each(MAIL_NAMES)('%s renders its sample data: a one-line subject, a text part and the layout\u2019s HTML', (name) => {
    const mail = renderMail(name, MAIL_TEMPLATES[name].sample as never, site);
    expect(mail.subject.trim()).not.toBe('');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toMatch(/^Hi /);
    // The text part is text: no markup and no entity leaks into it.
    expect(mail.text).not.toMatch(/<\/?[a-z]+[\s>]|&(amp|lt|gt|quot|#39);/);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<h1 style=');
    expect(mail.html).toContain('max-width:520px');
    // Every link the text gives is in the HTML too (as an href or its shown address).
    for (const url of mail.text.match(/https?:\/\/\S+/g) ?? [])
      expect(mail.html, url).toContain(url.replace(/[.,:;]+$/, '').replace(/&/g, '&amp;'));
    expect(mail.html).not.toContain('undefined');
    expect(mail.text).not.toContain('undefined');
  });

  it.each(MAIL_NAMES)('%s escapes markup in every text field of its data', (name) => {
    const sample = MAIL_TEMPLATES[name].sample as Record<string, unknown>;
    const textFields = Object.keys(sample).filter((k) => typeof sample[k] === 'string');
    expect(textFields.length).toBeGreaterThan(0);
    let shown = 0;
    for (const key of textFields) {
      let html: string;
      try {
        html = renderMail(name, withHostile(sample, key), site).html;
      } catch {
        continue; // a field the template reads as a value (a currency code), not as text
      }
      expect(html, key).not.toContain('<script');
      if (html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')) shown++;
    }
    // The recipient's name, at least, is shown, escaped.
    expect(shown).toBeGreaterThan(0);
  });
});

describe('the layout', () => {
  it('escapes its title, code, button and footer text', () => {
    const out = layout({
      title: HOSTILE,
      paragraphs: [],
      code: HOSTILE,
      action: { label: HOSTILE, url: `javascript:"${HOSTILE}` },
      footer: HOSTILE,
    });
    expect(out).not.toContain('<script');
    expect(out).not.toContain('"<');
  });

  it('a code mail carries its code for the dev mailbox; the others do not', () => {
    expect(
      composeMail(site, 'a@example.com', 'verifyEmail', { name: 'Ann', code: '123456', link: 'http://localhost:3000/signup' }).code,
    ).toBe('123456');
    expect(composeMail(site, 'a@example.com', 'dataExportFailed', { name: 'Ann' }).code).toBeUndefined();
  });
});
