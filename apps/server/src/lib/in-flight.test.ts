import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight.ts';

describe('createInFlight', () => {
  it('waits for tracked work, including work started while it waits, and ignores rejections', async () => {
    const inFlight = createInFlight();
    const done: string[] = [];
    let release!: () => void;
    const first = inFlight.track(
      new Promise<void>((r) => (release = r)).then(() => {
        done.push('first');
        void inFlight.track(new Promise((r) => setTimeout(r, 5)).then(() => done.push('second')));
      }),
    );
    void inFlight.track(Promise.reject(new Error('ignored'))).catch(() => undefined);
    const settled = inFlight.settled().then(() => done.push('settled'));
    release();
    await Promise.all([first, settled]);
    expect(done).toEqual(['first', 'second', 'settled']);
  });

  it('resolves at once when nothing runs', async () => {
    await expect(createInFlight().settled()).resolves.toBeUndefined();
  });
});
