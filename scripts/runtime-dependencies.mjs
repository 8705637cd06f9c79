// The image's runtime dependencies (Dockerfile, stage runtime-modules): the server is bundled
// (scripts/build-server.mjs), so production needs only the modules the bundle leaves outside.
//   node scripts/runtime-dependencies.mjs package    rewrites ./package.json to depend on those alone,
//                                                    at the versions it names, for `npm install --omit=dev`
//   node scripts/runtime-dependencies.mjs trim       removes from ./node_modules what loading them never
//                                                    reads: C sources, headers, other platforms' binaries
import fs from 'node:fs';
import path from 'node:path';
import { EXTERNAL } from './external-modules.mjs';

const step = process.argv[2];
if (step === 'package') {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  pkg.dependencies = Object.fromEntries(Object.entries(pkg.dependencies).filter(([name]) => EXTERNAL.includes(name)));
  delete pkg.devDependencies;
  fs.writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`runtime dependencies: ${Object.keys(pkg.dependencies).join(', ')}`);
} else if (step === 'trim') {
  const platform = `${process.platform}-${process.arch}`;
  const remove = (p) => fs.rmSync(path.join('node_modules', p), { recursive: true, force: true });
  // Each loads prebuilds/<platform>-<arch> (or build/ when compiled here); the rest is its C sources.
  const sources = { 'better-sqlite3': ['deps', 'src', 'binding.gyp'], argon2: ['argon2', 'argon2.cpp', 'binding.gyp'] };
  for (const [mod, names] of Object.entries(sources)) {
    for (const name of names) remove(`${mod}/${name}`);
    const prebuilds = path.join('node_modules', mod, 'prebuilds');
    for (const entry of fs.existsSync(prebuilds) ? fs.readdirSync(prebuilds) : []) {
      if (entry.replace(/\.node$/, '') !== platform) remove(`${mod}/prebuilds/${entry}`);
    }
  }
  // Headers and build helpers for compiling native code, which the runtime never does.
  remove('node-addon-api');
} else {
  console.error('usage: node scripts/runtime-dependencies.mjs package|trim');
  process.exit(1);
}
