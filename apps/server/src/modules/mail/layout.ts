import { escapeHtml } from '@assay/shared';

/**
 * The one layout every mail is drawn in (decision 240): a title, paragraphs, an optional one-time
 * code, an optional button and a small footer, on a white card. The plain-text part is written by
 * each template (it is what most clients show first and what the tests read); the HTML part is
 * this, so two mails never look like two products again.
 */

/** Markup that is safe to send: written here, or text that went through escapeHtml. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

type Hole = string | number | SafeHtml | readonly SafeHtml[];

const piece = (hole: Hole): string => {
  if (hole instanceof SafeHtml) return hole.value;
  if (typeof hole === 'object') return hole.map((h) => h.value).join('');
  return escapeHtml(String(hole));
};

/**
 * Builds markup from a template literal: every interpolated string (a member's name, a report's
 * title, a reason an operator typed) is escaped with the project's one escaper; only SafeHtml
 * passes through as markup. A template cannot forget to escape, because it never concatenates.
 */
export function html(strings: TemplateStringsArray, ...holes: Hole[]): SafeHtml {
  let out = strings[0] ?? '';
  holes.forEach((hole, i) => {
    out += piece(hole) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** A link inside a paragraph. */
export const link = (href: string, label: string) => html`<a href="${href}" style="color:#4338ca">${label}</a>`;

export interface LayoutContent {
  /** The heading, plain text. */
  title: string;
  paragraphs: readonly SafeHtml[];
  /** A one-time code, shown large (the code mails). */
  code?: string;
  action?: { label: string; url: string };
  /** The small print: why this mail came, or what to do if it was not asked for. */
  footer?: string | SafeHtml;
}

export function layout(c: LayoutContent): string {
  const paragraphs = c.paragraphs.map((p) => html`<p style="color:#374151;line-height:1.5">${p}</p>`);
  const code = c.code === undefined ? '' : html`<p style="font-size:32px;letter-spacing:8px;font-weight:700;color:#4338ca">${c.code}</p> `;
  const action =
    c.action === undefined
      ? ''
      : html`<p>
          <a
            href="${c.action.url}"
            style="display:inline-block;background:#4338ca;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600"
            >${c.action.label}</a
          >
        </p> `;
  const footer = c.footer === undefined ? '' : html`<p style="color:#6b7280;font-size:13px">${c.footer}</p> `;
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${c.title}</title>
      </head>
      <body style="font-family:system-ui,sans-serif;background:#f6f7fb;padding:24px;margin:0">
        <div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
          <h1 style="font-size:20px;color:#111827">${c.title}</h1>
          ${paragraphs.map((p) => html`${p} `)}${code}${action}${footer}
        </div>
      </body>
    </html>`.value;
}

const URL_LINE = /^https?:\/\/\S+$/;

/**
 * The HTML paragraphs of a mail whose content is its plain text (the review, refund and receipt
 * mails were text only): blank lines part paragraphs, a line that is an address becomes a link.
 */
export function paragraphsOf(text: string): SafeHtml[] {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n').map((line) => (URL_LINE.test(line) ? link(line, line) : html`${line}`));
      return new SafeHtml(lines.map((l) => l.value).join('<br>'));
    });
}
