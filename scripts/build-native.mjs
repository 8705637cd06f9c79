// `npm run build-native`: compiles better-sqlite3 and argon2 from source, for a machine where their
// prebuilt binaries do not load (the server says so at start). Needs python3, make and a C++ compiler.
// The project's .npmrc keeps install scripts off, so they are turned on here for these two;
// force_build makes better-sqlite3 compile even where it ships a binary for this platform (one that
// did not load), since its build otherwise stands down whenever a prebuilt binary is present.
import { spawnSync } from 'node:child_process';

const npmCli = process.env.npm_execpath;
const [command, prefix] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
const result = spawnSync(command, [...prefix, 'rebuild', '--ignore-scripts=false', '--foreground-scripts', 'better-sqlite3', 'argon2'], {
  stdio: 'inherit',
  env: { ...process.env, GYP_DEFINES: ['force_build=1', process.env.GYP_DEFINES].filter(Boolean).join(' ') },
  shell: !npmCli && process.platform === 'win32',
});
if (result.status !== 0) {
  console.error('\nThe build failed: see above. It needs python3, make and a C++ compiler.');
  process.exit(result.status ?? 1);
}
console.log('\nbetter-sqlite3 and argon2 are built for this machine: start the server again.');
