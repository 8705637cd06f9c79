const inFlight = new Map<string, Promise<Response>>();

/**
 * A call that changes something, sent again while the same one (same address, same body) is still on
 * its way — a double tap on Submit, Save or Accept before the button shows it is busy — is not sent
 * twice: it gets the first one's answer. Reads (GET) and forms with files go as they are.
 */
export function sendOnce(url: string, init: RequestInit | undefined, send: () => Promise<Response>): Promise<Response> {
  if (init?.method !== 'POST' || typeof init.body !== 'string') return send();
  const key = `${url}\n${init.body}`;
  let answer = inFlight.get(key);
  if (!answer) {
    answer = send();
    inFlight.set(key, answer);
    const settled = () => inFlight.delete(key);
    answer.then(settled, settled);
  }
  // Each caller reads its own copy; the answer itself is never read, so it can always be copied.
  return answer.then((r) => r.clone());
}
