import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from '../index.ts';
import { MSG } from '../messages.ts';
import { nameField } from './fields.ts';

/** What a client sends: every exported request, query, params, form and input schema. */
const INPUT_SCHEMA = /(Request|Query|Params|Form|Input)$/;

/** The string a field finally checks, under optional/nullable/default/pipe wrappers. */
function innerString(schema: z.ZodType): z.ZodType | undefined {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
  if (def.type === 'string') return schema;
  if (def.innerType) return innerString(def.innerType);
  if (def.in) return innerString(def.in);
  return undefined;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType } } })._zod.def;
  if (def.type === 'object') return def.shape;
  return def.innerType ? objectShape(def.innerType) : undefined;
}

const stringFields = Object.entries(shared).flatMap(([name, value]) => {
  if (!INPUT_SCHEMA.test(name) || !(value instanceof z.ZodType)) return [];
  const shape = objectShape(value) ?? {};
  return Object.entries(shape).flatMap(([key, field]) => (innerString(field) ? [[`${name}.${key}`, field] as const] : []));
});

const MULTI_LINE = [
  'contactRequest.message',
  'contactForm.message',
  'generateReportRequest.idea',
  'generateReportForm.idea',
  'understandIdeaRequest.idea',
  'postInput.content',
  'postInput.description',
  'postInput.meta_description',
  'postPreviewRequest.content',
  'billingDetails.address',
  'regenerateSectionRequest.note',
  'createReviewRequest.questions',
  'submitReviewRequest.reasons',
  'submitReviewRequest.answers',
  'rateReviewRequest.comment',
  'reviewDraftRequest.reasons',
  'reviewDraftRequest.answers',
  'reviewCommentInput.text',
  'expertApplicationRequest.statement',
];

const controlIssue = (field: z.ZodType, value: string) =>
  field.safeParse(value).error?.issues.some((i) => i.message === MSG.textControlCharacters) ?? false;

describe('text fields of every request schema', () => {
  it('finds the string fields clients send', () => {
    expect(stringFields.length).toBeGreaterThan(50);
    expect(stringFields.map(([n]) => n)).toEqual(
      expect.arrayContaining(['signupRequest.name', 'contactRequest.message', 'reportIdParams.id', 'postListQuery.q']),
    );
  });

  it.each(stringFields)('%s refuses NUL, escape and C1 control characters with a clear message', (_name, field) => {
    for (const bad of ['Ada\u0000Lovelace', 'Ada\u001b[2JLovelace', 'Ada\u0085Lovelace', 'Ada\u007fLovelace', 'Ada\u000bLovelace']) {
      expect(controlIssue(field, bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it.each(stringFields.filter(([n]) => !MULTI_LINE.includes(n)))('%s is one line: refuses line breaks and tabs', (_name, field) => {
    for (const bad of ['Ada\nLovelace', 'Ada\tLovelace', 'Ada\rLovelace']) expect(controlIssue(field, bad)).toBe(true);
  });

  it.each(stringFields.filter(([n]) => MULTI_LINE.includes(n)))('%s keeps line breaks and tabs', (_name, field) => {
    expect(controlIssue(field, 'First line\r\nsecond line\n\tindented')).toBe(false);
  });
});

describe('names shown to others', () => {
  it('drop bidi controls so a right-to-left override cannot flip how a name reads', () => {
    expect(nameField.parse('Ada \u202Eecalevol\u202C')).toBe('Ada ecalevol');
    for (const mark of ['\u202A', '\u202B', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(nameField.parse(`Ad${mark}a`)).toBe('Ada');
    }
    expect(shared.contactRequest.shape.name.parse('\u202EGrace')).toBe('Grace');
    expect(shared.postInput.shape.author_name.parse('\u2067Grace\u2069')).toBe('Grace');
  });

  it('still needs real letters once the marks are gone', () => {
    expect(nameField.safeParse('\u202E\u202E\u202E').error?.issues[0]?.message).toBe(MSG.nameRequired);
    expect(nameField.safeParse('A\u202E').error?.issues[0]?.message).toBe(MSG.nameMin);
  });

  it('refuses names of zero-width characters or Hangul fillers only, but keeps joiners inside real names', () => {
    for (const invisible of [
      '\u200b\u200b',
      '\u3164\u3164\u3164',
      '\u115f\u1160',
      '\uffa0\uffa0',
      '\u200c\u200d\u2060',
      '\u00ad\u034f\ufeff',
      ' \u3164\u3164 ',
    ]) {
      expect(nameField.safeParse(invisible).error?.issues[0]?.message, JSON.stringify(invisible)).toBe(MSG.nameRequired);
    }
    expect(nameField.safeParse('A\u200b\u3164').error?.issues[0]?.message).toBe(MSG.nameMin);
    expect(nameField.parse('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(nameField.parse('Jo\u200bhn')).toBe('Jo\u200bhn');
  });

  it('keeps right-to-left letters themselves', () => {
    expect(nameField.parse('مريم')).toBe('مريم');
  });
});
