import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/** What the public reads show: posts (lists, pages, sitemap, feeds) and the token packages. */
export type ContentTopic = 'posts' | 'packages';
export const CONTENT_TOPICS: readonly ContentTopic[] = ['posts', 'packages'];

/** The channel migration 070's triggers notify on. */
const CHANNEL = 'assay_content_changed';

export interface ContentListener {
  /** One topic changed. */
  changed(topic: ContentTopic): void;
  /** Whether changes made by other processes are being heard; while false, copies cannot be trusted. */
  listening(heard: boolean): void;
}

const listeners = new WeakMap<Db, Set<ContentListener>>();

function listenersOf(db: Db): Set<ContentListener> {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  return set;
}

/**
 * THE call after a committed change to what the public sees (a post created, edited,
 * published, unpublished or deleted; packages changed): this process's caches drop their
 * copies before the caller answers. Other processes learn of it from the database (migration
 * 070's triggers notify on commit, heard through `listenForContentChanges`).
 */
export function contentChanged(db: Db, topic: ContentTopic): void {
  for (const l of listenersOf(db)) l.changed(topic);
}

/** Subscribes to changes of the content of `db`; returns the unsubscribe. */
export function onContentChange(db: Db, listener: ContentListener): () => void {
  listenersOf(db).add(listener);
  return () => listenersOf(db).delete(listener);
}

/**
 * Hears the triggers' notifications (every process's changes) and passes them on to this
 * process's listeners; tells them when notifications may be missed (connection lost).
 */
export async function listenForContentChanges(db: Db, log: FastifyBaseLogger): Promise<{ close(): Promise<void> }> {
  return db.listen(CHANNEL, {
    onMessage(payload) {
      const topic = CONTENT_TOPICS.find((t) => t === payload);
      if (topic) contentChanged(db, topic);
      else log.warn({ payload }, 'unknown content change notification');
    },
    onListening(heard) {
      for (const l of listenersOf(db)) l.listening(heard);
    },
  });
}
