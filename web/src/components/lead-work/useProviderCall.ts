import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc, trpcClient } from '../../trpc';
import { answeredStatus } from '../../lib/notify';
import { isCallEnded, type CallState } from '../../../../shared/telephony';

/** How often the form asks how its call is going, while it is open. */
const POLL_MS = 1500;
/** After this the form stops asking: a call the provider never reported the end of must not poll all day. */
const FOLLOW_MS = 2 * 60 * 60 * 1000;
/** A provider may report the talk time a moment after the end: asked for this long after it. */
const TALK_GRACE_MS = 60_000;
const STORAGE_KEY = 'provider-call';
/** Longer than the server gives the provider: past it the form offers the phone's dialler instead of waiting. */
const PLACE_TIMEOUT_MS = 25_000;

// The call is kept for the tab, so a reload of the form goes on following it (a call older than the
// time it is followed is not the one the form is about).
function savedCall(leadId: number): number | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { leadId?: unknown; callId?: unknown; at?: unknown } | null;
    const recent = typeof saved?.at === 'number' && Date.now() - saved.at < FOLLOW_MS;
    return recent && saved?.leadId === leadId && typeof saved.callId === 'number' ? saved.callId : null;
  } catch {
    return null;
  }
}

function saveCall(leadId: number, callId: number | null): void {
  try {
    if (callId === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ leadId, callId, at: Date.now() }));
  } catch {
    // Private mode: the call is followed until the page closes.
  }
}

function pollEvery(call: CallState | undefined): number | false {
  if (!call) return POLL_MS;
  const now = Date.now();
  if (now - Date.parse(call.placedAt) > FOLLOW_MS) return false;
  if (!isCallEnded(call.status)) return POLL_MS;
  const waitingForTalk = call.status === 'completed' && call.talkSeconds === null && call.endedAt && now - Date.parse(call.endedAt) < TALK_GRACE_MS;
  return waitingForTalk ? POLL_MS : false;
}

/** Another person is on a call with the lead (the server's CONFLICT). */
export const isBusyLead = (err: unknown) => answeredStatus(err) === 409;

/** The lead asked not to be called (the server's PRECONDITION_FAILED): never dialled. */
export const isDoNotCall = (err: unknown) => answeredStatus(err) === 412;

/**
 * A lead's call through the company's provider: placing it, then its state, asked about every 1.5 s
 * while it is open (only while the page shows it: the query stops with the page).
 */
export function useProviderCall(leadId: number) {
  const utils = trpc.useUtils();
  const [callId, setCallId] = useState<number | null>(() => savedCall(leadId));
  // Also offline: the request fails at once and the form offers Call from my phone, instead of a Call that waits for a connection.
  const place = useMutation({
    networkMode: 'always',
    mutationFn: (input: { leadId: number; dialer: boolean }) => trpcClient.telephony.placeCall.mutate(input, { signal: AbortSignal.timeout(PLACE_TIMEOUT_MS) }),
    onSuccess: (call) => {
      utils.telephony.callState.setData({ callId: call.id }, call);
      saveCall(leadId, call.id);
      setCallId(call.id);
    },
  });
  const state = trpc.telephony.callState.useQuery(
    { callId: callId ?? 0 },
    { enabled: callId !== null, refetchInterval: (q) => pollEvery(q.state.data), refetchOnWindowFocus: true, staleTime: 0 },
  );
  const call = callId === null ? undefined : state.data;
  return {
    callId,
    call,
    /** the provider's call is on its way or on (not ended) */
    open: call !== undefined && !isCallEnded(call.status),
    place: (dialer: boolean, onRefused?: (err: unknown) => void) => place.mutate({ leadId, dialer }, { onError: onRefused }),
    placing: place.isPending,
    refused: place.error,
    resetRefusal: place.reset,
    /** The page goes on from the lead: the call is no longer this tab's to follow. */
    forget: () => saveCall(leadId, null),
  };
}

export type ProviderCall = ReturnType<typeof useProviderCall>;
