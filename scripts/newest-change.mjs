// When a build is out of date: the newest modification time under its sources, against its output's.
import fs from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of anything under a folder (0 when it does not exist). */
export function newestMtime(p, skip = new Set()) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (skip.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry), skip));
  }
  return newest;
}

/** True when `output` is missing or older than any of `sources` (paths relative to `root`). */
export function isStale(root, output, sources, skip) {
  const builtAt = fs.existsSync(path.join(root, output)) ? fs.statSync(path.join(root, output)).mtimeMs : 0;
  return builtAt === 0 || Math.max(...sources.map((s) => newestMtime(path.join(root, s), skip))) > builtAt;
}
