import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SlowBodyLimit {
  /** the least a body must average over each window; 0 turns the check off */
  minBytesPerSecond: number;
  windowMs: number;
}

const hasBody = (req: FastifyRequest) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Cuts a request whose body arrives slower than `minBytesPerSecond` over a whole window (one byte
 * every few seconds holds a connection for as long as the request timeout allows). Judged on what the
 * socket received, and only while the server is waiting for the client: when the body waits unread
 * (a slow import holding the upload back), the client is not the slow one and the window starts again.
 */
export function cutSlowBodies(app: FastifyInstance, limit: SlowBodyLimit): void {
  if (limit.minBytesPerSecond <= 0) return;
  const leastPerWindow = (limit.minBytesPerSecond * limit.windowMs) / 1000;
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    const socket = raw.socket;
    // An injected request (tests) has no real socket to measure.
    if (!hasBody(req) || raw.complete || typeof socket?.bytesRead !== 'number') return;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      const got = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (got >= leastPerWindow || raw.readableLength > 0) return;
      stop();
      req.log.info({ got, windowMs: limit.windowMs }, 'request body too slow: connection closed');
      socket.destroy();
    }, limit.windowMs);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      socket.off('close', stop);
    };
    raw.once('end', stop);
    raw.once('close', stop);
    socket.once('close', stop);
  });
}
