import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';

/** Field rules of docs/product.md §5, shared by forms and the server. */

/*
 * Every string a request carries is built on lineText or multiLineText, so C0/C1 control
 * characters (NUL breaks PostgreSQL text; escapes hide content) are refused with a 4xx before
 * anything reads them. Multi-line text keeps tab, line feed and carriage return.
 */
/* eslint-disable no-control-regex -- refusing control characters is the point */
const NO_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
const NO_CONTROLS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
/* eslint-enable no-control-regex */
/** Bidi marks, embeddings, overrides and isolates: they can make a name read backwards to others. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const hasControlCharacters = (v: string) => !NO_CONTROLS.test(v);
/** True when the text has a bidi mark, embedding, override or isolate (one test, no global state). */
export const hasBidiControls = (v: string) => new RegExp(BIDI_CONTROLS.source).test(v);

/** Removes bidi controls from one line shown to others (a report title, a name). */
export const stripBidiControls = (v: string) => v.replace(BIDI_CONTROLS, '');

/**
 * Characters that draw nothing: whitespace, zero-width spaces and joiners, word joiner and
 * invisible operators, soft hyphen, combining grapheme joiner, the Hangul fillers, the Mongolian
 * vowel separator, the braille blank and the byte-order mark. Kept inside a name (joiners shape
 * Persian and Indic names), but a name must have letters besides them.
 */
// The combining grapheme joiner stands outside the class: a combining mark there reads as combined with its neighbour.
const INVISIBLE = /[\s\u00ad\u115f\u1160\u180e\u200b-\u200d\u2060-\u2064\u2800\u3164\ufeff\uffa0]|\u034f/gu;
const visibleLength = (v: string) => [...v.replace(INVISIBLE, '')].length;

/** One line of text (names, emails, search terms, ids): no control characters. */
export const lineText = (error?: string) => z.string(error ? { error } : undefined).regex(NO_CONTROLS, MSG.textControlCharacters);

/**
 * An Idempotency-Key header: a POST sent again with the same key (a retry after a lost answer)
 * answers what the first one did instead of doing it twice.
 */
export const idempotencyKeyHeaders = z.object({ 'idempotency-key': lineText().min(1).max(200).optional() });

/** Text that may span lines (messages, ideas, post bodies): tab and line breaks allowed. */
export const multiLineText = (error?: string) =>
  z.string(error ? { error } : undefined).regex(NO_CONTROLS_BUT_LINES, MSG.textControlCharacters);

/** A name shown to other people: one line, with bidi controls removed so it reads as typed. */
export const displayNameText = (error?: string) => lineText(error).overwrite((v) => v.replace(BIDI_CONTROLS, ''));

/** A path parameter (an id or slug): one line, bounded. */
export const pathParam = (max = 200) => lineText().min(1).max(max);

/** An opaque list position from a previous page's X-Next-Cursor header (keyset paging). */
export const listCursor = lineText().max(200).optional();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An optional plus, then at least 10 digits, spaces, hyphens or parentheses. */
const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

export const emailField = lineText(MSG.emailRequired)
  .trim()
  .min(1, MSG.emailRequired)
  .max(LIMITS.emailMax, MSG.emailInvalid)
  .regex(EMAIL_PATTERN, MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

export const loginPasswordField = lineText(MSG.passwordRequired)
  .min(1, MSG.passwordRequired)
  .min(LIMITS.loginPasswordMin, MSG.passwordMin6)
  .max(LIMITS.passwordMax, MSG.passwordTooLong);

export const newPasswordField = lineText(MSG.passwordRequired)
  .min(1, MSG.passwordRequired)
  .min(LIMITS.passwordMin, MSG.passwordMin8)
  .max(LIMITS.passwordMax, MSG.passwordTooLong)
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, MSG.passwordComplexity);

export const nameField = displayNameText(MSG.nameRequired)
  .trim()
  .min(1, MSG.nameRequired)
  .min(LIMITS.nameMin, MSG.nameMin)
  .max(LIMITS.nameMax, MSG.nameTooLong)
  // A name of zero-width characters or Hangul fillers only would show as nothing (issue 26).
  .superRefine((v, ctx) => {
    const visible = visibleLength(v);
    if (visible < LIMITS.nameMin && v.length >= LIMITS.nameMin) {
      ctx.addIssue({ code: 'custom', message: visible === 0 ? MSG.nameRequired : MSG.nameMin });
    }
  });

export const phoneField = lineText(MSG.phoneRequired)
  .trim()
  .min(1, MSG.phoneRequired)
  .max(32, MSG.phoneInvalid)
  .regex(PHONE_PATTERN, MSG.phoneInvalid);

export const otpField = lineText(MSG.otpRequired)
  .trim()
  .min(1, MSG.otpRequired)
  .regex(/^\d{6}$/, MSG.otpInvalid);
