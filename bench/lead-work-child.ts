// Starts lead-work-server.ts in a child process (its own event loop, apart from the load generator's).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { ServerMode } from './lead-work-server.js';

export interface Child {
  url: string;
  stop(): Promise<void>;
}

/** BENCH_CPU_PROF=<dir> writes the app's CPU profile there (the app only: references are not profiled). */
export async function startChild(mode: ServerMode): Promise<Child> {
  const profile = process.env.BENCH_CPU_PROF && mode.kind === 'app' && !mode.record;
  const child: ChildProcess = fork(new URL('./lead-work-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_SERVER_MODE: JSON.stringify(mode) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bench server exited (${code}) before it listened`);
  });
  const [message] = (await Promise.race([once(child, 'message'), exited])) as [{ url: string }];
  return {
    url: message.url,
    async stop() {
      if (child.exitCode !== null) return;
      child.send('stop');
      await once(child, 'exit');
    },
  };
}
