import net from 'node:net';
import type http from 'node:http';

const openConnections = (server: net.Server) => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));

/**
 * Stops taking new connections while the open keep-alive ones finish: a request that arrives on
 * one is served (its answer says `connection: close`), where http.Server.close() would drop every
 * idle socket at once and reset the request its client was sending on it at that moment. Returns
 * when no connection is left or after `graceMs`.
 */
export async function stopAccepting(server: http.Server, graceMs: number): Promise<void> {
  // net.Server's close: the listening socket only, not http.Server's closing of idle connections.
  net.Server.prototype.close.call(server);
  const until = Date.now() + graceMs;
  while (Date.now() < until && (await openConnections(server)) > 0) await new Promise((r) => setTimeout(r, 25));
}
