import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { TELEPHONY_PROVIDERS, type TelephonyProviderId } from '../../../shared/telephony.js';
import { ProviderError } from './provider.js';
import { companyTelephony } from './settings.repository.js';

/*
 * A call's recording, streamed through the server to those the company lets hear it
 * (docs/telephony.md#recordings): the company (sub-admin) any of its calls; a head the calls on leads
 * handed to them and their own, when heads hear their team; a telecaller their own calls, when
 * callers hear their own. Anyone else, and any other company's call, is told it does not exist. The
 * provider's address never leaves the server. Each play is logged once, not each chunk a player asks.
 */

export type Listener = SubadminActor | UserActor;

export interface RecordingStream {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** A player's "from the start" request, or one Range; anything else is ignored (served whole) as HTTP allows. */
const RANGE = /^bytes=(\d{1,15})?-(\d{1,15})?$/;

/** The headers a player needs, passed from the provider; nothing else of its answer (no address, no cookie). */
const PASSED = ['content-type', 'content-length', 'content-range', 'accept-ranges'] as const;

const NO_RECORDING = 'Recording';
const UNREADABLE = 'The server cannot read the company’s provider settings (its key changed): the company must enter them again on the Telephony page.';

/** Whether the company lets this person hear a call's recording (docs/telephony.md#recordings). */
export function mayHear(
  actor: Listener,
  choices: { headsHearTeam: boolean; callersHearOwn: boolean },
  call: { user_id: number | null; handler_id: number | null },
): boolean {
  if (actor.kind === 'subadmin') return true;
  const own = call.user_id === actor.id;
  if (actor.userType === 'Telicaller-hade' && choices.headsHearTeam && (own || call.handler_id === actor.id)) return true;
  return (actor.userType === 'Telicaller' || actor.userType === 'Telicaller-hade') && own && choices.callersHearOwn;
}

/** Whether this request starts a play: no Range, or one from the first byte. */
export const startsPlay = (range: string | undefined) => !range || /^bytes=0-\d*$/.test(range);

export async function openRecording(deps: Deps, actor: Listener, callId: number, rangeHeader?: string): Promise<RecordingStream> {
  const call = await deps.db
    .selectFrom('calls')
    .leftJoin('leads', (j) => j.onRef('leads.id', '=', 'calls.lead_id').onRef('leads.subadmin_id', '=', 'calls.subadmin_id'))
    .select(['calls.id', 'calls.provider', 'calls.user_id', 'calls.recording_ref', 'leads.handler_id'])
    .where('calls.id', '=', callId)
    .where('calls.subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  if (!call?.recording_ref) throw notFound(NO_RECORDING);
  const t = await companyTelephony(deps.db, deps.config, actor.subadminId);
  if (!t) throw notFound(NO_RECORDING);

  if (!mayHear(actor, t, call)) throw notFound(NO_RECORDING);

  // The recording is in the account of the provider that placed the call: another one's keys cannot fetch it.
  if (call.provider !== t.providerId) {
    const label = TELEPHONY_PROVIDERS[call.provider as TelephonyProviderId]?.label ?? call.provider;
    throw new RecordingUnavailable(`This call was recorded through ${label}, which the company no longer uses: the recording is in that account.`);
  }
  const range = rangeHeader && RANGE.test(rangeHeader) && rangeHeader !== 'bytes=-' ? rangeHeader : undefined;
  let res: Response;
  try {
    res = await t.provider.fetchRecording(t.settings, call.recording_ref, range);
  } catch (err) {
    // A recording in storage needs no keys and plays even so; one that needs them says why it cannot.
    if (err instanceof ProviderError) throw new RecordingUnavailable(t.unreadable && err.reason === 'refused' ? UNREADABLE : err.message);
    throw err;
  }
  const headers: Record<string, string> = {};
  for (const h of PASSED) {
    const v = res.headers.get(h);
    if (v) headers[h] = v;
  }
  // fetch hands over a compressed answer decompressed: its length is then not the length sent on
  if (res.headers.get('content-encoding')) delete headers['content-length'];
  headers['cache-control'] = 'private, no-store';
  if (res.status === 416) {
    await res.body?.cancel();
    return { status: 416, headers, body: null };
  }
  if (startsPlay(range)) {
    await deps.db
      .insertInto('recording_plays')
      .values({ subadmin_id: actor.subadminId, call_id: call.id, principal_kind: actor.kind, principal_id: actor.id, played_at: new Date().toISOString() })
      .execute();
  }
  const body = res.body ? Readable.fromWeb(res.body as unknown as WebReadableStream) : null;
  return { status: res.status === 206 ? 206 : 200, headers, body };
}

/** The provider could not give the recording now: its message (no secrets in it), answered 502. */
export class RecordingUnavailable extends Error {
  override name = 'RecordingUnavailable';
}
