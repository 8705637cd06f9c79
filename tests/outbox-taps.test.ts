import { afterEach, describe, expect, it, vi } from 'vitest';

// The web app's module, resolved by vitest only: its imports follow the web app's bundler rules, not
// the server's (which would type-check it here).
const OUTBOX = '../web/src/lib/outbox.js';
type Send = (kind: 'submit' | 'notConnected', input: Record<string, unknown>, meta: { userId: number; leadName: string }) => Promise<unknown>;
const { sendOrKeep } = (await import(OUTBOX)) as { sendOrKeep: Send };

/** The phone's fetch, answering each tRPC call when told, and keeping the bodies it was sent. */
function slowServer() {
  const bodies: unknown[] = [];
  const waiting: (() => void)[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return new Promise<Response>((resolve) => {
      waiting.push(() =>
        resolve(
          new Response(JSON.stringify({ result: { data: { status: '3', nextId: null } } }), { status: 200, headers: { 'content-type': 'application/json' } }),
        ),
      );
    });
  });
  const answerAll = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  return { bodies, answerAll };
}

afterEach(() => vi.unstubAllGlobals());

const meta = { userId: 7, leadName: 'Asha' };
const form = { leadId: 41, variant: 'standard', status: '3', feedback: 'Price Issue', call_duration: 12 };

describe('sendOrKeep: taps on Submit or Busy in the same instant', () => {
  it('sends one submission of a lead while it is on its way, and every tap gets its answer', async () => {
    const server = slowServer();
    const taps = [sendOrKeep('submit', form, meta), sendOrKeep('submit', form, meta), sendOrKeep('submit', form, meta)];
    await new Promise((r) => setTimeout(r, 10));
    server.answerAll();
    const answers = await Promise.all(taps);
    expect(server.bodies).toHaveLength(1);
    expect(answers).toEqual([0, 1, 2].map(() => ({ queued: false, result: { status: '3', nextId: null } })));

    // Once answered, the next submission goes (a later call of the same lead).
    const later = sendOrKeep('notConnected', { leadId: 41, outcome: 'busy', call_duration: 0 }, meta);
    const twice = sendOrKeep('notConnected', { leadId: 41, outcome: 'busy', call_duration: 0 }, meta);
    await new Promise((r) => setTimeout(r, 10));
    server.answerAll();
    await Promise.all([later, twice]);
    expect(server.bodies).toHaveLength(2);
  });

  it('sends submissions of different leads, or of different users, side by side', async () => {
    const server = slowServer();
    const all = [sendOrKeep('submit', form, meta), sendOrKeep('submit', { ...form, leadId: 42 }, meta), sendOrKeep('submit', form, { ...meta, userId: 8 })];
    await new Promise((r) => setTimeout(r, 10));
    server.answerAll();
    await Promise.all(all);
    expect(server.bodies).toHaveLength(3);
  });
});
