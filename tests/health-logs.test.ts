import { describe, expect, it } from 'vitest';
import { startServer } from './helpers/server-process.js';

// An orchestrator asks /healthz and /readyz every few seconds, forever: at the info level a server
// logs every request, so these two would fill the log with nothing an operator needs.
describe('health checks in the log', () => {
  it('are not logged at info level, while other requests are', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'info' } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
        expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      }
      expect((await fetch(`${server.base}/api/webapi/no-such-call`)).status).toBe(404);
      await new Promise((r) => setTimeout(r, 200));
      const log = server.output();
      expect(log).toContain('/api/webapi/no-such-call');
      expect(log).not.toContain('/healthz');
      expect(log).not.toContain('/readyz');
    } finally {
      await server.stop();
    }
  });
});
