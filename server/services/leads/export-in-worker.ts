import { Worker } from 'node:worker_threads';
import type { LeadExportJob } from './lead-export-chunks.js';

/** Chunks asked for ahead of the one being sent: the worker works while the socket drains. */
const AHEAD = 2;

/** Where a worker reads the database: its own connection to the server's database. */
export interface ReadConnection {
  url: string;
  pgSchema?: string;
}

/**
 * A lead export made on a worker thread with a read connection of its own: reading and shaping
 * hundreds of thousands of rows never holds the event loop every other request is answered on.
 * Ending the iteration early (the client went away) stops the worker.
 */
export function exportInWorker(read: ReadConnection, job: LeadExportJob): AsyncIterable<Buffer> {
  return (async function* () {
    const worker = new Worker(new URL('./export-worker.ts', import.meta.url), {
      workerData: { url: read.url, pgSchema: read.pgSchema, job },
      execArgv: ['--import', 'tsx'],
    });
    const ready: Buffer[] = [];
    let done = false;
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const settle = () => wake?.();
    worker.on('message', (m: { chunk?: ArrayBuffer; done?: true; failed?: string }) => {
      if (m.chunk) ready.push(Buffer.from(m.chunk));
      else if (m.done) done = true;
      else if (m.failed !== undefined) failure = new Error(`lead export failed: ${m.failed}`);
      settle();
    });
    worker.on('error', (err) => {
      failure = err as Error;
      settle();
    });
    worker.on('exit', () => {
      if (!done && !failure) failure = new Error('lead export worker stopped');
      settle();
    });
    try {
      for (let i = 0; i < AHEAD; i++) worker.postMessage('more');
      for (;;) {
        const chunk = ready.shift();
        if (chunk) {
          worker.postMessage('more');
          yield chunk;
          continue;
        }
        if (done) return;
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      await worker.terminate();
    }
  })();
}
