// A worker thread's entry: one lead export, read through a database connection of its own and
// sent to the thread that started it chunk by chunk, as fast as that thread asks for them.
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/database.js';
import { leadExportChunks, type LeadExportJob } from './lead-export-chunks.js';

const { url, pgSchema, job } = workerData as { url: string; pgSchema?: string; job: LeadExportJob };
const port = parentPort!;
let asked = 0;
let wake: (() => void) | undefined;
port.on('message', (m) => {
  if (m === 'more') {
    asked++;
    wake?.();
  }
});

const database = createDatabase(url, { pgSchema });
try {
  for await (const chunk of leadExportChunks(database.db, database.dialect, job)) {
    while (asked === 0) await new Promise<void>((resolve) => (wake = resolve));
    asked--;
    const bytes = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
    port.postMessage({ chunk: bytes }, [bytes as ArrayBuffer]);
  }
  port.postMessage({ done: true });
} catch (err) {
  port.postMessage({ failed: (err as Error).message });
} finally {
  await database.close();
  port.close();
}
