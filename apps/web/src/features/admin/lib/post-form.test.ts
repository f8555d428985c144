import { describe, expect, it } from 'vitest';
import { emptyPostForm, formToInput, postToForm, readingStats, toLocalInput } from './post-form.ts';
import { POST } from '../test-support.tsx';

describe('readingStats', () => {
  it('counts the words of the text, not the markup, at 230 a minute', () => {
    expect(readingStats('')).toEqual({ words: 0, minutes: 1 });
    expect(readingStats('<h2>Two words</h2><p>and <a href="https://x.example/a-b">three more</a>&nbsp;here, don’t-stop 2026.</p>')).toEqual(
      { words: 8, minutes: 1 },
    );
    expect(readingStats(`<p>${'word '.repeat(1150)}</p>`)).toEqual({ words: 1150, minutes: 5 });
  });
});

describe('the schedule in the form', () => {
  it('is a local date and time in the form and an ISO time in the payload', () => {
    const local = '2031-05-04T09:30';
    const input = formToInput({ ...emptyPostForm(), title: 't', description: 'd', content: '<p>c</p>', publish_at: local }, 'blog');
    expect(input.publish_at).toBe(new Date(local).toISOString());
    expect(toLocalInput(input.publish_at!)).toBe(local);
    expect(formToInput(emptyPostForm(), 'blog').publish_at).toBeNull();
    expect(postToForm({ ...POST, publish_at: input.publish_at! }).publish_at).toBe(local);
  });
});
