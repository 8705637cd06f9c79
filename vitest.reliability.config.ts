import { defineConfig } from 'vitest/config';

// `npm run test:reliability`: the server as a process of its own under hostile input, crashes,
// restarts and load. Slow by nature; one file at a time, each owning the machine.
export default defineConfig({
  test: { include: ['tests/reliability/**/*.test.ts'], environment: 'node', testTimeout: 900_000, hookTimeout: 120_000, pool: 'forks', fileParallelism: false },
});
