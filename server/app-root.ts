import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json: the app's root, whether this code runs from server/ (development,
 * tests) or from a chunk of the built server in dist/ (docs/operations.md#the-built-server).
 */
export function appRoot(from: string = import.meta.dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
