import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** What the server's event stream (`GET /api/events`) says changed. */
export type LiveTopic = 'device' | 'job' | 'notice' | 'rollout';
export interface LiveFact {
  topic: LiveTopic;
  id: string;
}

/** `null`: the stream was away and cannot say what it missed; every live screen asks again. */
type Listener = (fact: LiveFact | null) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let reopen: ReturnType<typeof setTimeout> | null = null;

/** Slow polls that stand in for the stream while it is away (and catch what a lost notification missed). */
export const LIVE_FALLBACK_POLL_MS = 30_000;

const tell = (fact: LiveFact | null) => listeners.forEach((l) => l(fact));

/**
 * One stream per browser tab, shared by every screen that listens: opened with the first listener, closed with
 * the last. The browser reconnects by itself and sends the last event id, so the server replays what was missed.
 */
function open() {
  if (source || typeof EventSource === 'undefined') return;
  const stream = new EventSource('/api/events');
  source = stream;
  stream.addEventListener('live', (event) => {
    try {
      tell(JSON.parse((event as MessageEvent<string>).data) as LiveFact);
    } catch {
      // A malformed event says nothing; the next one or the slow poll will.
    }
  });
  stream.addEventListener('reset', () => tell(null));
  stream.addEventListener('error', () => {
    // Refused (signed out, server gone for good): the browser gives up; try again a little later.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    reopen ??= setTimeout(() => {
      reopen = null;
      if (listeners.size > 0) {
        open();
        tell(null);
      }
    }, 5000);
  });
}

export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

/**
 * Asks the queries under `queryKey` again whenever the stream reports a change of `topic` (of record `id` when
 * given), or that it was away. A burst of changes joins the request already under way instead of restarting it.
 */
export function useLiveRefresh(topic: LiveTopic, queryKey: QueryKey, id?: string) {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      listenLive((fact) => {
        if (fact && (fact.topic !== topic || (id !== undefined && fact.id !== id))) return;
        void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }, { cancelRefetch: false });
      }),
    [client, topic, key, id],
  );
}

/**
 * For screens that show many records of `topic` at once, each under its own query (`[...prefix, id, ...]`): asks
 * again only the changed record's queries, or all of them when the stream was away.
 */
export function useLiveRefreshEach(topic: LiveTopic, prefix: QueryKey) {
  const client = useQueryClient();
  const key = JSON.stringify(prefix);
  useEffect(
    () =>
      listenLive((fact) => {
        if (fact && fact.topic !== topic) return;
        const queryKey = [...(JSON.parse(key) as unknown[]), ...(fact ? [fact.id] : [])];
        void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
      }),
    [client, topic, key],
  );
}
