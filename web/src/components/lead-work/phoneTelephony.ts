import { trpc } from '../../trpc';

// Apart from useProviderCall: the queue page asks this too, and must not bring the telephony schemas (zod) with it.

/** Whether Call goes through the company's provider, and the dialer's countdown: asked once, it rarely changes. */
export function usePhoneTelephony() {
  return trpc.telephony.forPhone.useQuery(undefined, { staleTime: 30 * 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false });
}
