/** One dispatched Server-Sent Event. */
export interface SseEvent {
  /** The `event:` field, or 'message' when the event names none. */
  event: string;
  /** The `data:` lines, joined with newlines. */
  data: string;
  /** The last `id:` seen on the stream, if any. */
  id: string | undefined;
}

export interface SseParser {
  /** Feeds decoded text (any chunking, even mid-line or between \r and \n) and returns the events it completes. */
  push(chunk: string): SseEvent[];
}

/**
 * A streaming parser for the text/event-stream format (WHATWG HTML, "Server-sent events"):
 * lines end in \n, \r or \r\n; a blank line dispatches the event; lines starting with ':' are
 * comments (keep-alives); `data` lines accumulate; a single space after the colon is dropped.
 * An unterminated event at the end of the stream is discarded, as the standard says.
 */
export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  /** The previous chunk ended in \r: a \n starting the next one belongs to the same line end. */
  let pendingCr = false;
  let data: string[] = [];
  let event = '';
  let lastId: string | undefined;

  function processLine(line: string, out: SseEvent[]) {
    if (line === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), id: lastId });
      data = [];
      event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // 'retry' and unknown fields are ignored.
  }

  return {
    push(chunk) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (pendingCr && text.length > 0) {
        if (text.startsWith('\n')) text = text.slice(1);
        pendingCr = false;
      }
      buffer += text;
      const out: SseEvent[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        processLine(buffer.slice(start, i), out);
        if (c === 13) {
          if (i + 1 < buffer.length) {
            if (buffer.charCodeAt(i + 1) === 10) i++;
          } else {
            pendingCr = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}
