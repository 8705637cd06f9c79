import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { toE164 } from '../../../shared/mobile.js';
import { CALL_STATUS_RANK, UNANSWERED_OUTCOME, isCallEnded, type CallState, type PhoneTelephony } from '../../../shared/telephony.js';
import { companyRules } from '../company/company.service.js';
import { assertWritable, lockedLead, workableLead } from '../lead-work/workable-lead.js';
import { attemptChange, recordAttempt } from '../lead-work/submission.service.js';
import type { Insertable } from 'kysely';
import type { LeadHistoryTable } from '../../db/schema.js';
import { isHandedTo } from '../lead-work/workable-lead.js';
import { mergeCallEvent } from './call-merge.js';
import {
  callUser,
  callUsers,
  callsWithHistory,
  insertHistories,
  lockCallsById,
  lockUnsettledCalls,
  lockCallsByProviderIds,
  lockVisibleLeads,
  setTalksOnHistory,
  writeCalls,
  writeLeadAttempts,
  type LeadAttempts,
  findCall,
  historyOfCall,
  insertCall,
  lockCallByProviderId,
  openCallOnLead,
  phoneToRing,
  setTalkOnHistory,
  updateCall,
  type CallRow,
} from './calls.repository.js';
import { HookRefused, ProviderError, type CallEvent } from './provider.js';
import { companyTelephony, hookUrl, withCall, type CompanyTelephony } from './settings.repository.js';

/** A call's last reports may come this long after the provider told of its end (Twilio reports each leg apart). */
const SETTLE_AFTER_MS = 2 * 60_000;
/** Calls settled in one go: more wait for the next round. */
const SETTLE_BATCH = 500;

/** A call still open after this long lost its last callback: it no longer keeps others from dialling the lead. */
const OPEN_CALL_MS = 2 * 60 * 60 * 1000;

export const CALL_MESSAGES = {
  off: 'Calling through the company’s provider is off. Call from your phone.',
  noPublicUrl: 'The server’s public address (PUBLIC_URL) is not set, so the provider cannot report calls. Call from your phone.',
  noCallerId: 'The company has no number to call from yet. Call from your phone.',
  noPhone: 'Your account has no phone to ring.',
  unreadable:
    'The server cannot read the company’s provider settings (its key changed): the company must enter them again on the Telephony page. Call from your phone.',
  busyLead: (name: string) => `${name} is on a call with this lead now.`,
  doNotCall: 'This lead asked not to be called.',
} as const;

/** A do-not-call lead is never dialled: its own code (PRECONDITION_FAILED), so the dialer skips it. */
function assertCallable(lead: { dnc: number }) {
  if (lead.dnc === 1) throw new AppError('PRECONDITION_FAILED', CALL_MESSAGES.doNotCall);
}

/** What the phone needs of the company's telephony: whether Call goes through the provider, and the dialer's countdown. */
export async function phoneTelephony(deps: Deps, actor: UserActor): Promise<PhoneTelephony> {
  const t = await companyTelephony(deps.db, deps.config, actor.subadminId);
  return { enabled: Boolean(t?.enabled && !t.unreadable && deps.config.telephony.publicUrl), countdownSeconds: t?.dialerCountdownSeconds ?? 5 };
}

/**
 * Click-to-call: the provider rings the telecaller's phone, then the lead from the company number
 * (docs/telephony.md). The call is a row before the provider is asked, so two people never dial one
 * lead at once; the same person asking again while their call is open gets that call back.
 */
export async function placeCall(deps: Deps, actor: UserActor, input: { leadId: number; dialer?: boolean }): Promise<CallState> {
  // Another company's lead is not found, whatever this company's telephony.
  assertCallable(await workableLead(deps.db, actor, input.leadId));
  const t = await companyTelephony(deps.db, deps.config, actor.subadminId);
  if (!t?.enabled) throw new AppError('BAD_REQUEST', CALL_MESSAGES.off);
  if (t.unreadable) throw new AppError('BAD_REQUEST', CALL_MESSAGES.unreadable);
  if (!deps.config.telephony.publicUrl) throw new AppError('BAD_REQUEST', CALL_MESSAGES.noPublicUrl);
  const callerId = t.callerIds[0];
  if (!callerId) throw new AppError('BAD_REQUEST', CALL_MESSAGES.noCallerId);
  const agentPhone = await phoneToRing(deps.db, actor.subadminId, actor.id);
  if (!agentPhone) throw new AppError('BAD_REQUEST', CALL_MESSAGES.noPhone);

  const now = new Date();
  const placed = await deps.db.transaction().execute(async (trx): Promise<{ existing: number } | { id: number; leadPhone: string }> => {
    const lead = await lockedLead(trx, deps, actor, input.leadId);
    assertWritable(lead, actor);
    assertCallable(lead);
    const open = await openCallOnLead(trx, actor.subadminId, lead.id, new Date(now.getTime() - OPEN_CALL_MS).toISOString());
    if (open && open.user_id === actor.id) return { existing: open.id };
    if (open) throw new AppError('CONFLICT', CALL_MESSAGES.busyLead(open.user_name ?? 'Someone'));
    const id = await insertCall(trx, {
      subadmin_id: actor.subadminId,
      provider: t.providerId,
      provider_call_id: null,
      lead_id: lead.id,
      user_id: actor.id,
      direction: 'outbound',
      status: 'placing',
      from_number: callerId,
      to_number: lead.mobile,
      placed_at: now.toISOString(),
      answered_at: null,
      ended_at: null,
      talk_seconds: null,
      recording_ref: null,
      cost: null,
      cost_currency: null,
      dialer: input.dialer ? 1 : 0,
      updated_at: now.toISOString(),
    });
    return { id, leadPhone: lead.mobile };
  });
  if ('existing' in placed) return callState(deps, actor, placed.existing);

  try {
    const answer = await t.provider.placeCall(t.settings, {
      callId: placed.id,
      agentPhone: toE164(agentPhone),
      leadPhone: toE164(placed.leadPhone),
      callerId: toE164(callerId),
      record: t.record,
      statusCallbackUrl: withCall(hookUrl(deps.config, t, 'status'), placed.id),
      answerUrl: withCall(hookUrl(deps.config, t, 'answer'), placed.id),
    });
    await deps.db.transaction().execute(async (trx) => {
      const row = await findCall(trx, actor.subadminId, placed.id);
      if (!row) return;
      // A report may have arrived first and named the call already (see applyCallEvents).
      const named = row.provider_call_id ? {} : { provider_call_id: answer.providerCallId };
      const advance = mergeCallEvent(row, { providerCallId: answer.providerCallId, status: answer.status }, nowIso());
      if (advance || row.provider_call_id === null) await updateCall(trx, actor.subadminId, placed.id, { ...named, ...advance, updated_at: nowIso() });
    });
  } catch (err) {
    const at = nowIso();
    await updateCall(deps.db, actor.subadminId, placed.id, { status: 'failed', ended_at: at, updated_at: at });
    if (err instanceof ProviderError) throw new AppError('BAD_REQUEST', err.message);
    throw err;
  }
  return callState(deps, actor, placed.id);
}

function stateOf(row: CallRow, attempt: CallState['attempt']): CallState {
  return {
    id: row.id,
    leadId: row.lead_id,
    status: row.status,
    placedAt: row.placed_at,
    answeredAt: row.answered_at,
    endedAt: row.ended_at,
    talkSeconds: row.talk_seconds,
    attempt,
  };
}

/** One of the actor's own calls, as the phone follows it (any other: not found). */
export async function callState(deps: Deps, actor: UserActor, callId: number): Promise<CallState> {
  const row = await findCall(deps.db, actor.subadminId, callId);
  if (!row || row.user_id !== actor.id) throw notFound('Call');
  if (!isCallEnded(row.status) || !UNANSWERED_OUTCOME[row.status] || row.lead_id === null) return stateOf(row, null);
  const [made] = (await historyOfCall(deps.db, actor.subadminId, row.id)).filter((h) => h.kind === 'attempt');
  if (!made) return stateOf(row, null);
  const lead = await deps.db
    .selectFrom('leads')
    .select(['attempts', 'retry_at'])
    .where('id', '=', row.lead_id)
    .where('subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  return stateOf(row, { status: made.status, attempts: lead?.attempts ?? 0, retryAt: lead?.retry_at ?? null });
}

/**
 * A provider's reports on the company's calls, each applied once whatever their order or repeats
 * (mergeCallEvent). A report on a call the company did not place is refused and changes nothing.
 * `namedCall`: our call id from the callback address, for a report that arrives before the
 * provider's answer to placeCall gave us its id.
 */
export async function applyCallEvents(deps: Deps, t: CompanyTelephony, events: readonly CallEvent[], namedCall?: number): Promise<void> {
  for (const event of events) await applyCallEvent(deps, t, event, namedCall);
}

async function applyCallEvent(deps: Deps, t: CompanyTelephony, event: CallEvent, namedCall?: number): Promise<void> {
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    let row = await lockCallByProviderId(trx, deps.dialect, t.subadminId, t.providerId, event.providerCallId);
    if (!row && namedCall !== undefined) {
      const named = await findCall(trx, t.subadminId, namedCall);
      if (named && named.provider === t.providerId && named.provider_call_id === null) {
        await updateCall(trx, t.subadminId, named.id, { provider_call_id: event.providerCallId, updated_at: now });
        row = await lockCallByProviderId(trx, deps.dialect, t.subadminId, t.providerId, event.providerCallId);
      }
    }
    if (!row) throw new HookRefused('No such call.', 404);
    const change = mergeCallEvent(row, event, now);
    if (!change) return;
    await updateCall(trx, t.subadminId, row.id, { ...change, updated_at: now });
    const after = { ...row, ...change } as CallRow;
    if (change.talk_seconds !== undefined && after.talk_seconds !== null) await setTalkOnHistory(trx, t.subadminId, row.id, after.talk_seconds);
    const justEnded = CALL_STATUS_RANK[row.status] < 3 && isCallEnded(after.status);
    const outcome = UNANSWERED_OUTCOME[after.status];
    if (justEnded && outcome && after.direction === 'outbound' && after.lead_id !== null && after.user_id !== null) {
      await attemptOfCall(deps, trx, t.subadminId, after, outcome);
    }
  });
}

/**
 * An outbound call that ended without reaching the lead is the telecaller's not-connected attempt,
 * recorded for them (the company's retry rules), unless they already recorded something with it or
 * the lead is no longer theirs.
 */
async function attemptOfCall(
  deps: Deps,
  trx: Parameters<typeof recordAttempt>[0],
  subadminId: number,
  call: CallRow,
  outcome: NonNullable<(typeof UNANSWERED_OUTCOME)[keyof typeof UNANSWERED_OUTCOME]>,
): Promise<void> {
  if ((await historyOfCall(trx, subadminId, call.id)).length) return;
  const user = await callUser(trx, subadminId, call.user_id!);
  if (!user) return;
  const actor: UserActor = { kind: 'user', id: user.id, subadminId, userType: user.user_type, impersonatedBy: null, sessionId: 0 };
  const lead = await lockedLead(trx, deps, actor, call.lead_id!).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  });
  if (!lead) return;
  const rules = await companyRules(trx, subadminId);
  const at = new Date(call.ended_at ?? nowIso());
  await recordAttempt(trx, actor, rules, lead, { outcome, call_duration: 0, at, now: new Date(), call_id: call.id }).catch((err: unknown) => {
    // A head's closed hand-over: the call stays a fact, the lead is not changed.
    if (err instanceof AppError && err.code === 'FORBIDDEN') return null;
    throw err;
  });
}

/** One status callback's reports, as the route read them, for applyCallReports. */
export interface CallReport {
  t: CompanyTelephony;
  events: readonly CallEvent[];
  /** our call id from the callback address (see applyCallEvents) */
  namedCall?: number;
}

type Outcome = NonNullable<(typeof UNANSWERED_OUTCOME)[keyof typeof UNANSWERED_OUTCOME]>;

/**
 * Many callbacks' reports applied in one transaction, with what applyCallEvents does for each, in
 * the order they came: the calls read (and locked) at once, merged in memory (several reports of one
 * call one after another), then written, with the talk times and the unanswered calls' attempts, in
 * a few statements for the whole batch (docs/telephony.md#callbacks-in-batches). Answers, per report,
 * null or the HookRefused it answers; a refused report changes nothing, the rest are applied.
 */
export async function applyCallReports(deps: Deps, reports: readonly CallReport[]): Promise<(HookRefused | null)[]> {
  const refused: (HookRefused | null)[] = reports.map(() => null);
  const companies = [...new Set(reports.map((r) => r.t.subadminId))];
  const byProvider = new Map<string, string[]>();
  for (const r of reports) for (const e of r.events) byProvider.set(r.t.providerId, [...(byProvider.get(r.t.providerId) ?? []), e.providerCallId]);
  if (!byProvider.size) return refused;
  // Kept reads, so before the transaction (on SQLite its one connection is the transaction's).
  const rules = new Map(await Promise.all(companies.map(async (id) => [id, await companyRules(deps.db, id)] as const)));
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const read = await lockCallsByProviderIds(trx, deps.dialect, companies, byProvider);
    const key = (subadminId: number, provider: string, providerCallId: string) => `${subadminId} ${provider} ${providerCallId}`;
    const idOf = new Map(read.map((c) => [key(c.subadmin_id, c.provider, c.provider_call_id!), c.id]));
    const unplaced = reports.filter((r) => r.namedCall !== undefined && r.events.some((e) => !idOf.has(key(r.t.subadminId, r.t.providerId, e.providerCallId))));
    const named = unplaced.length ? await lockCallsById(trx, deps.dialect, companies, [...new Set(unplaced.map((r) => r.namedCall!))]) : [];
    const before = new Map([...read, ...named].map((c) => [c.id, c]));
    const current = new Map(before);
    /** calls that just ended, in the order they did, as they were then */
    const ended: CallRow[] = [];

    reports.forEach((r, i) => {
      // This report's changes, kept only if every one of its events is on a call of the company.
      const staged = new Map<number, CallRow>();
      const placed = new Map<string, number>();
      const endings: CallRow[] = [];
      for (const event of r.events) {
        const k = key(r.t.subadminId, r.t.providerId, event.providerCallId);
        let id = placed.get(k) ?? idOf.get(k);
        if (id === undefined && r.namedCall !== undefined) {
          const call = staged.get(r.namedCall) ?? current.get(r.namedCall);
          if (call && call.subadmin_id === r.t.subadminId && call.provider === r.t.providerId && call.provider_call_id === null) {
            staged.set(call.id, { ...call, provider_call_id: event.providerCallId, updated_at: now });
            placed.set(k, call.id);
            id = call.id;
          }
        }
        if (id === undefined) {
          refused[i] = new HookRefused('No such call.', 404);
          return;
        }
        const row = staged.get(id) ?? current.get(id)!;
        const change = mergeCallEvent(row, event, now);
        if (!change) continue;
        const after = { ...row, ...change, updated_at: now } as CallRow;
        staged.set(id, after);
        if (CALL_STATUS_RANK[row.status] < 3 && isCallEnded(after.status)) endings.push(after);
      }
      for (const [id, row] of staged) current.set(id, row);
      for (const [k, id] of placed) idOf.set(k, id);
      ended.push(...endings);
    });

    const changed = [...current.values()].filter((c) => c !== before.get(c.id));
    await writeCalls(trx, deps.dialect, changed);
    const talks = changed.filter((c) => c.talk_seconds !== null && c.talk_seconds !== before.get(c.id)!.talk_seconds);
    await setTalksOnHistory(
      trx,
      deps.dialect,
      talks.map((c) => ({ subadminId: c.subadmin_id, callId: c.id, talkSeconds: c.talk_seconds! })),
    );
    const unanswered = ended.filter((c) => UNANSWERED_OUTCOME[c.status] && c.direction === 'outbound' && c.lead_id !== null && c.user_id !== null);
    if (unanswered.length) await attemptsOfCalls(deps, trx, rules, unanswered);
  });
  return refused;
}

/**
 * attemptOfCall for a batch's unanswered calls, in the order they ended: the history checked, the
 * people and leads read (and locked) at once, each attempt computed by the rule recordAttempt follows
 * (attemptChange; a call of the provider is never a twin of another), two on one lead one after the
 * other, and written in a statement or two.
 */
async function attemptsOfCalls(
  deps: Deps,
  trx: Parameters<typeof recordAttempt>[0],
  rules: Map<number, Awaited<ReturnType<typeof companyRules>>>,
  calls: CallRow[],
): Promise<void> {
  const companies = [...new Set(calls.map((c) => c.subadmin_id))];
  const made = await callsWithHistory(
    trx,
    companies,
    calls.map((c) => c.id),
  );
  const todo = calls.filter((c) => !made.has(c.id));
  if (!todo.length) return;
  const [users, leads] = await Promise.all([
    callUsers(trx, companies, [...new Set(todo.map((c) => c.user_id!))]),
    lockVisibleLeads(trx, deps.dialect, companies, [...new Set(todo.map((c) => c.lead_id!))]),
  ]);
  const userOf = new Map(users.map((u) => [u.id, u]));
  const leadOf = new Map(leads.map((l) => [l.id, l]));
  const written = new Map<number, LeadAttempts>();
  const history: Insertable<LeadHistoryTable>[] = [];
  const now = new Date();
  for (const call of todo) {
    const user = userOf.get(call.user_id!);
    const lead = leadOf.get(call.lead_id!);
    if (!user || user.subadmin_id !== call.subadmin_id || !lead || lead.subadmin_id !== call.subadmin_id) continue;
    // Only a lead still the person's to work (lockedLead), and not a head's closed hand-over (assertWritable).
    if (lead.telicaller_id !== user.id && lead.handler_id !== user.id) continue;
    const actor: UserActor = { kind: 'user', id: user.id, subadminId: call.subadmin_id, userType: user.user_type, impersonatedBy: null, sessionId: 0 };
    if (isHandedTo(lead, actor) && lead.submit_status === '1') continue;
    const at = new Date(call.ended_at ?? nowIso());
    const change = attemptChange(actor, rules.get(call.subadmin_id)!, lead, {
      outcome: UNANSWERED_OUTCOME[call.status] as Outcome,
      call_duration: 0,
      at,
      now,
      call_id: call.id,
    });
    leadOf.set(lead.id, { ...lead, ...change.lead });
    const earlier = written.get(lead.id)?.firstCallAt;
    const firstCallAt = earlier && earlier < change.history.created_at ? earlier : change.history.created_at;
    written.set(lead.id, { subadminId: lead.subadmin_id, id: lead.id, ...change.lead, firstCallAt });
    history.push(change.history);
  }
  await writeLeadAttempts(trx, deps.dialect, [...written.values()]);
  await insertHistories(trx, history);
}

/**
 * What a provider that asks when the telecaller picks up (Twilio) is told to dial: the lead of the
 * outbound call the callback address names, from the company number, reporting to the status address.
 * Any other call is not the company's to dial.
 */
export async function callToConnect(deps: Deps, t: CompanyTelephony, callId: number | undefined) {
  const call = callId === undefined ? undefined : await findCall(deps.db, t.subadminId, callId);
  if (!call || call.provider !== t.providerId || call.direction !== 'outbound') throw new HookRefused('No such call.', 404);
  return {
    leadPhone: toE164(call.to_number),
    callerId: toE164(call.from_number),
    record: t.record,
    statusCallbackUrl: withCall(hookUrl(deps.config, t, 'status'), call.id),
  };
}

/**
 * Calls the provider said had ended without ever saying how (with Twilio: the telecaller's leg ended
 * and no report of the lead's leg came, as when the answer URL failed), given their end after
 * SETTLE_AFTER_MS: one the lead answered is a conversation that ended, one it did not ended before
 * anyone answered (an inbound one is missed). Neither records an attempt. Answers how many.
 */
export async function settleEndedCalls(deps: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SETTLE_AFTER_MS).toISOString();
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const rows = await lockUnsettledCalls(trx, deps.dialect, before, SETTLE_BATCH);
    const settled = rows.map((row) => {
      const change = mergeCallEvent(row, { providerCallId: row.provider_call_id ?? '', status: row.answered_at ? 'completed' : 'canceled' }, at);
      return { ...row, ...change, updated_at: at } as CallRow;
    });
    await writeCalls(trx, deps.dialect, settled);
    const talks = settled.filter((c) => c.talk_seconds !== null);
    await setTalksOnHistory(
      trx,
      deps.dialect,
      talks.map((c) => ({ subadminId: c.subadmin_id, callId: c.id, talkSeconds: c.talk_seconds! })),
    );
    return settled.length;
  });
}
