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
/** The id of the newest event this tab heard (from its own stream or the leading tab's): where a stream resumes. */
let lastEventId: string | null = null;
/** The tabs of this browser, told what the leading tab's stream says. */
let channel: BroadcastChannel | null = null;
/** While this tab waits to lead or leads: stops waiting, or ends the lead (the next tab waiting takes over). */
let leave: (() => void) | null = null;

/** Slow polls that stand in for the stream while it is away (and catch what a lost notification missed). */
export const LIVE_FALLBACK_POLL_MS = 30_000;

/** The Web Lock the leading tab holds and the channel it speaks on. */
const LEAD = 'kb-live-events';

interface Told {
  fact: LiveFact | null;
  eventId: string | null;
  /** Only where the stream stands: nothing changed. */
  position?: true;
}

function tellHere({ fact, eventId, position }: Told) {
  if (eventId) lastEventId = eventId;
  if (!position) listeners.forEach((l) => l(fact));
}

function tellAll(told: Told) {
  tellHere(told);
  channel?.postMessage(told);
}

/**
 * The stream of the leading tab: it resumes after the last event any tab heard (a tab that takes the lead from
 * one that closed names it in the query; the browser's own reconnects send it as Last-Event-ID), so the server
 * replays what was missed meanwhile, or says to reload everything.
 */
function openStream() {
  if (source || typeof EventSource === 'undefined') return;
  const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : '/api/events';
  const stream = new EventSource(url);
  source = stream;
  stream.addEventListener('live', (event) => {
    const message = event as MessageEvent<string>;
    try {
      tellAll({ fact: JSON.parse(message.data) as LiveFact, eventId: message.lastEventId || null });
    } catch {
      // A malformed event says nothing; the next one or the slow poll will.
    }
  });
  stream.addEventListener('reset', () => tellAll({ fact: null, eventId: null }));
  // Where the stream stands when it opens: kept (in every tab) so a tab taking over resumes from it.
  stream.addEventListener('position', (event) => {
    const id = (event as MessageEvent<string>).lastEventId;
    if (id) {
      lastEventId = id;
      channel?.postMessage({ fact: null, eventId: id, position: true });
    }
  });
  stream.addEventListener('error', () => {
    // Refused (signed out, server gone for good): the browser gives up; try again a little later.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    reopen ??= setTimeout(() => {
      reopen = null;
      if (source === null && leave !== null) {
        openStream();
        tellAll({ fact: null, eventId: null });
      }
    }, 5000);
  });
}

function closeStream() {
  source?.close();
  source = null;
  if (reopen) clearTimeout(reopen);
  reopen = null;
}

/**
 * One stream per browser, shared by every screen of every tab that listens: the tabs with listeners queue for a
 * Web Lock, the one holding it keeps the stream open and tells the others on a BroadcastChannel; when it closes or
 * stops listening, the next tab takes over. (A browser without locks or channels keeps one stream per tab.)
 */
function join() {
  if (typeof navigator === 'undefined' || !navigator.locks || typeof BroadcastChannel === 'undefined') {
    leave = closeStream;
    openStream();
    return;
  }
  const heard = new BroadcastChannel(LEAD);
  heard.onmessage = (event: MessageEvent<Told>) => tellHere(event.data);
  channel = heard;
  const waiting = new AbortController();
  let endLead: (() => void) | null = null;
  let left = false;
  leave = () => {
    left = true;
    waiting.abort();
    closeStream();
    endLead?.();
    heard.close();
    if (channel === heard) channel = null;
  };
  navigator.locks
    .request(LEAD, { signal: waiting.signal }, () =>
      left
        ? undefined
        : new Promise<void>((release) => {
            endLead = release;
            openStream();
            // Taking over from a tab that left: what happened meanwhile comes from the replay after the last id.
          }),
    )
    .catch(() => undefined);
}

export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!leave) join();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && leave) {
      const end = leave;
      leave = null;
      end();
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
