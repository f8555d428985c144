import { EARLY_CLICK_ATTRIBUTE, EARLY_CLICKS } from '@assay/shared';

/** What the first-paint script keeps on the window (packages/shared/src/first-paint.ts). */
type Held = HTMLButtonElement[] & { wake?: () => void; ready?: boolean; done?: boolean };

/** How long after the app starts a held click may still be made: hydration on the slowest phone is well within it. */
const REPLAY_WINDOW_MS = 20_000;

/** Whether React has taken the element over (hydrated it): React marks the nodes it owns. */
const ownedByReact = (node: Element) => Object.keys(node).some((k) => k.startsWith('__reactFiber'));

/** Where a node sits under #root: the index of each element on the way down. */
function pathOf(node: Element): number[] | undefined {
  const path: number[] = [];
  for (let n: Element | null = node; n && n.id !== 'root'; n = n.parentElement) {
    if (!n.parentElement) return undefined;
    path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
  }
  return path;
}

/**
 * The button now at the place a held one was, when it is the same button: React may draw a part
 * of the page again instead of taking over the server's (decision 128), and the held node is gone.
 */
function sameButtonNow(path: number[] | undefined, was: HTMLButtonElement): HTMLButtonElement | undefined {
  let n: Element | null | undefined = document.getElementById('root');
  for (const i of path ?? []) n = n?.children[i];
  if (!(n instanceof HTMLButtonElement)) return undefined;
  const label = (b: HTMLButtonElement) => b.getAttribute('aria-label') ?? b.textContent;
  return label(n) === label(was) ? n : undefined;
}

/**
 * Whether the page is the app's: the public layout (every server-drawn page is one of its) has
 * been committed, hydrated or drawn again, or the app drew the page itself. React puts its key
 * on a node while still hydrating, and a click then was lost; so was one on a node it then drew
 * again (a returning member's first render differs from the server's, decision 128).
 */
let committed = false;
let held: Held | undefined;
export function markAppCommitted() {
  committed = true;
  if (!held) return;
  // From now on the script holds only clicks on buttons React does not own yet.
  held.ready = true;
  held.wake?.();
}

/**
 * Makes the clicks the first-paint script held while the server-drawn page had no app behind it
 * (decision 171): each button is clicked again, in order, once React owns it and it is enabled
 * (Buy Now waits for the session to be known), so a click before hydration does what it says.
 * Call once the app starts; nothing is clicked before its first render is committed
 * (markAppCommitted). After REPLAY_WINDOW_MS the script stops holding clicks and a button still
 * not ready is let go: a late surprise would be worse than a lost click.
 */
export function replayEarlyClicks(win: Window & { [EARLY_CLICKS]?: Held } = window) {
  held = win[EARLY_CLICKS];
  if (!held) return;
  const queue = held;
  if (committed) queue.ready = true;
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each held button's place, noted while the page is still the server's.
  const paths = new Map<HTMLButtonElement, number[] | undefined>();
  const note = () => queue.forEach((b) => paths.has(b) || paths.set(b, pathOf(b)));
  const release = (button: HTMLButtonElement) => button.removeAttribute(EARLY_CLICK_ATTRIBUTE);
  const tick = () => {
    timer = undefined;
    const late = Date.now() - started > REPLAY_WINDOW_MS;
    if (!committed && !late) return;
    while (queue.length) {
      const held = queue[0]!;
      const button = held.isConnected ? held : sameButtonNow(paths.get(held), held);
      if (!button || late) {
        queue.shift();
        release(held);
        continue;
      }
      // In order: a later click waits for an earlier one.
      if (!ownedByReact(button) || button.disabled) break;
      queue.shift();
      release(held);
      button.click();
    }
    if (late) queue.done = true;
    else if (queue.length) timer = setTimeout(tick, 50);
  };
  queue.wake = () => {
    note();
    timer ??= setTimeout(tick, 0);
  };
  queue.wake();
  // Nothing is held after the window: the script then leaves every click to the page.
  setTimeout(() => {
    queue.done = true;
    queue.wake = undefined;
    tick();
  }, REPLAY_WINDOW_MS + 100);
}
