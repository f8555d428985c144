import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse.ts';

/** Feeds the chunks one by one and collects every event. */
function parse(...chunks: string[]): SseEvent[] {
  const p = createSseParser();
  return chunks.flatMap((c) => p.push(c));
}

describe('the Server-Sent Events parser', () => {
  it('parses named events and joins multi-line data with newlines', () => {
    expect(parse('event: report\ndata: {"a":1,\ndata: "b":2}\n\n')).toEqual([{ event: 'report', data: '{"a":1,\n"b":2}', id: undefined }]);
  });

  it('gives the same events whatever the chunking, even one character at a time', () => {
    const text =
      'event: report\ndata: {"id":"r1","status":"processing"}\n\n: keep-alive\n\nevent: report\ndata: {"id":"r1","status":"completed"}\n\n';
    const whole = parse(text);
    expect(whole.map((e) => JSON.parse(e.data).status)).toEqual(['processing', 'completed']);
    expect(parse(...text.split(''))).toEqual(whole);
    expect(parse(text.slice(0, 7), text.slice(7, 40), text.slice(40))).toEqual(whole);
  });

  it('keeps an incomplete event until its blank line arrives', () => {
    const p = createSseParser();
    expect(p.push('event: report\ndata: {"x"')).toEqual([]);
    expect(p.push(':1}\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'report', data: '{"x":1}', id: undefined }]);
  });

  it('accepts \\r\\n and \\r line ends, also when \\r and \\n fall in different chunks', () => {
    expect(parse('data: one\r\n\r\ndata: two\r\rdata: three\n\n').map((e) => e.data)).toEqual(['one', 'two', 'three']);
    expect(parse('data: a\r', '\n\r', '\ndata: b\r', '\r')).toEqual([
      { event: 'message', data: 'a', id: undefined },
      { event: 'message', data: 'b', id: undefined },
    ]);
  });

  it('ignores comments, unknown fields and retry; drops one leading space only; tracks the last id', () => {
    expect(parse(': hello\nretry: 1000\nfoo: bar\nid: 7\ndata:  two spaces\ndata:no space\ndata\n\n')).toEqual([
      { event: 'message', data: ' two spaces\nno space\n', id: '7' },
    ]);
  });

  it('does not dispatch an event without data, and resets the event name after each dispatch', () => {
    expect(parse('event: report\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
  });

  it('strips a byte-order mark at the start of the stream', () => {
    expect(parse('\uFEFFdata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
  });

  it('discards an unterminated event at the end of the stream', () => {
    expect(parse('data: complete\n\ndata: cut off')).toEqual([{ event: 'message', data: 'complete', id: undefined }]);
  });
});
