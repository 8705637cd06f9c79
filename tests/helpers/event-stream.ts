import http from 'node:http';

export interface StreamEvent {
  event: string;
  data: string;
}

/** An open Server-Sent Events stream from a test server: its status, the events so far, and a wait for the next matching one. */
export interface EventStream {
  status: number;
  events: StreamEvent[];
  /** the raw text received, comments included */
  text(): string;
  next(match?: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(url: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: cookie ? { cookie, accept: 'text/event-stream' } : { accept: 'text/event-stream' } }, (res) => {
      let raw = '';
      let buffer = '';
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n').filter((l) => !l.startsWith(':'));
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
          if (data.length) events.push({ event: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message', data: data.join('\n') });
          cut = buffer.indexOf('\n\n');
        }
        for (const w of [...waiters]) w();
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      resolve({
        status: res.statusCode ?? 0,
        events,
        text: () => raw,
        ended,
        close: () => req.destroy(),
        next(match = () => true, timeoutMs = 3_000) {
          let seen = 0;
          return new Promise<StreamEvent>((done, fail) => {
            const check = () => {
              for (; seen < events.length; seen++) {
                if (match(events[seen]!)) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  done(events[seen]!);
                  return;
                }
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; received: ${raw}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      });
    });
    req.on('error', reject);
  });
}
