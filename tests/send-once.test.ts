import { describe, expect, it } from 'vitest';
import { sendOnce } from '../web/src/lib/sendOnce.js';

/** A send that answers when told, counting how often it was made. */
function slowSend() {
  let calls = 0;
  let release!: (r: Response) => void;
  let fail!: (e: Error) => void;
  const send = () => {
    calls++;
    return new Promise<Response>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return { send, calls: () => calls, answer: (body: string) => release(new Response(body, { status: 200 })), fail: (e: Error) => fail(e) };
}

const post = (body: string): RequestInit => ({ method: 'POST', body });

describe('sendOnce: a change sent twice while the first is on its way', () => {
  it('goes out once, and both callers read the one answer', async () => {
    const s = slowSend();
    const first = sendOnce('/trpc/complaints.create', post('{"title":"A"}'), s.send);
    const second = sendOnce('/trpc/complaints.create', post('{"title":"A"}'), s.send);
    s.answer('{"result":{"data":{"id":7}}}');
    expect(await (await first).text()).toBe('{"result":{"data":{"id":7}}}');
    expect(await (await second).text()).toBe('{"result":{"data":{"id":7}}}');
    expect(s.calls()).toBe(1);
  });

  it('sends again once the first has answered, and sends different bodies, reads and files each', async () => {
    const s = slowSend();
    const first = sendOnce('/trpc/x', post('{"a":1}'), s.send);
    s.answer('one');
    await first;
    const again = sendOnce('/trpc/x', post('{"a":1}'), s.send);
    expect(s.calls()).toBe(2);
    s.answer('two');
    expect(await (await again).text()).toBe('two');

    let sent = 0;
    const count = () => {
      sent++;
      return Promise.resolve(new Response('ok'));
    };
    await Promise.all([sendOnce('/trpc/x', post('{"a":1}'), count), sendOnce('/trpc/x', post('{"a":2}'), count)]);
    await Promise.all([sendOnce('/trpc/q', { method: 'GET' }, count), sendOnce('/trpc/q', { method: 'GET' }, count)]);
    const form = new FormData();
    await Promise.all([sendOnce('/api/upload', { method: 'POST', body: form }, count), sendOnce('/api/upload', { method: 'POST', body: form }, count)]);
    expect(sent).toBe(6);
  });

  it('a failure reaches both callers, and the next try is sent', async () => {
    const s = slowSend();
    const first = sendOnce('/trpc/x', post('{}'), s.send);
    const second = sendOnce('/trpc/x', post('{}'), s.send);
    s.fail(new TypeError('Failed to fetch'));
    await expect(first).rejects.toThrow('Failed to fetch');
    await expect(second).rejects.toThrow('Failed to fetch');
    const retry = sendOnce('/trpc/x', post('{}'), s.send);
    expect(s.calls()).toBe(2);
    s.answer('ok');
    expect(await (await retry).text()).toBe('ok');
  });
});
