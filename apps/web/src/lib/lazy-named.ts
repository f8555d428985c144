import { lazy, type ComponentType } from 'react';

/** A module's named export as a lazy component: the module loads when the component first renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own lazy() takes
export const lazyNamed = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
