import { basicAuthorization } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperatorTestApp, type TestApp } from '../../test/test-app.ts';
import { isRecentOperator } from './authenticate-operator.ts';
import { createOperatorLane, operatorLaneOf } from './operator-lane.ts';

const ADMIN = { username: 'lane-admin', password: 'Lane-Admin-Pass-1' };
const asAdmin = { authorization: basicAuthorization(ADMIN.username, ADMIN.password) };

describe('the operator lane', () => {
  it('lets one request in at a time and rests three times as long as the last one took before the next', async () => {
    vi.useFakeTimers();
    try {
      const lane = createOperatorLane(() => Date.now());
      const order: string[] = [];
      const leaveA = await lane.enter();
      const b = lane.enter().then((leave) => (order.push(`b in at ${Date.now()}`), leave));
      const c = lane.enter().then((leave) => (order.push(`c in at ${Date.now()}`), leave));
      const t0 = Date.now();
      await vi.advanceTimersByTimeAsync(30);
      expect(order).toEqual([]);
      leaveA();
      leaveA(); // a second leave changes nothing
      // A held the lane 30 ms: it rests 90 ms before B.
      await vi.advanceTimersByTimeAsync(89);
      expect(order).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(order).toEqual([`b in at ${t0 + 120}`]);
      (await b)();
      // B took no time: C follows at once.
      await vi.advanceTimersByTimeAsync(0);
      expect(order).toEqual([`b in at ${t0 + 120}`, `c in at ${t0 + 120}`]);
      // A request that never leaves frees the lane after a minute, and the rest is capped at a second.
      const d = lane.enter();
      (await c)();
      await vi.advanceTimersByTimeAsync(0);
      await d;
      const e = lane.enter().then(() => order.push('e in'));
      await vi.advanceTimersByTimeAsync(60_000 + 999);
      expect(order).not.toContain('e in');
      await vi.advanceTimersByTimeAsync(1);
      await e;
      expect(order).toContain('e in');
    } finally {
      vi.useRealTimers();
    }
  });
  it('does not rest when nobody else is waiting, and rests again as soon as someone is', async () => {
    vi.useFakeTimers();
    try {
      let others = 0;
      let operators = 0;
      // The app's count: the operators who entered the lane plus everyone else's requests.
      const lane = createOperatorLane(
        () => Date.now(),
        () => operators + others,
      );
      const order: string[] = [];
      const enter = () => {
        operators++;
        return lane.enter().then((leave) => () => (operators--, leave()));
      };
      const leaveA = await enter();
      const b = enter().then((leave) => (order.push('b in'), leave));
      await vi.advanceTimersByTimeAsync(30);
      // Only operators: B goes in the moment A leaves.
      leaveA();
      await vi.advanceTimersByTimeAsync(0);
      expect(order).toEqual(['b in']);
      const c = enter().then((leave) => (order.push('c in'), leave));
      await vi.advanceTimersByTimeAsync(30);
      // A reader's request is in flight as B leaves: the lane rests 90 ms for it.
      others = 1;
      (await b)();
      await vi.advanceTimersByTimeAsync(89);
      expect(order).toEqual(['b in']);
      await vi.advanceTimersByTimeAsync(1);
      expect(order).toEqual(['b in', 'c in']);
      (await c)();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('on the running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createOperatorTestApp(ADMIN);
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes operator calls wait for the lane on the embedded database, never the public blog list', async () => {
    const lane = operatorLaneOf(t.db);
    if (t.db.kind === 'postgres') {
      // PostgreSQL runs statements in its own processes: no lane.
      expect(lane).toBeUndefined();
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: asAdmin })).statusCode).toBe(200);
      return;
    }
    // Slow operator work holds the lane (here: the test does).
    const leave = await lane!.enter();
    let operatorDone = false;
    const operatorCall = t.app.inject({ method: 'GET', url: '/api/admin/users', headers: asAdmin }).then((res) => {
      operatorDone = true;
      return res;
    });
    for (let i = 0; i < 3; i++) {
      const blog = await t.app.inject({ method: 'GET', url: '/api/blog/posts?page=1' });
      expect(blog.statusCode).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(operatorDone).toBe(false);
    leave();
    expect((await operatorCall).statusCode).toBe(200);
    // Signed in now: her next calls queue before their check, which becomes part of her turn.
    // Another password is no such hint (and is checked outside the lane, below).
    expect(isRecentOperator(ADMIN.username.toUpperCase(), ADMIN.password)).toBe(true);
    expect(isRecentOperator(ADMIN.username, 'wrong')).toBe(false);
    // A client that gives up while its call waits for the lane leaves the lane at once.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const blocker = await lane!.enter();
    const abort = new AbortController();
    const gaveUp = fetch(`${address}/api/admin/stats`, { headers: asAdmin, signal: abort.signal }).catch((err: Error) => err.name);
    // Time for its credentials to be checked, so it waits in the lane when it gives up.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    abort.abort();
    expect(await gaveUp).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 50));
    blocker();
    const started = Date.now();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: asAdmin })).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    // A refused operator call never takes the lane: it is answered while the lane is held.
    const held = await lane!.enter();
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: basicAuthorization(ADMIN.username, 'wrong') },
    });
    expect(refused.statusCode).toBe(401);
    held();
    // With nobody else waiting, a turn held for 300 ms is not followed by a 900 ms rest.
    const longTurn = await lane!.enter();
    const next = t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: asAdmin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const released = Date.now();
    longTurn();
    expect((await next).statusCode).toBe(200);
    expect(Date.now() - released).toBeLessThan(600);
  });
});
