// Preloaded with `node --import`: appends the URL of every module the process loads (ES modules and
// require() alike) to the file LOADED_MODULES_LOG names. tests/built-server.test.ts reads it.
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.LOADED_MODULES_LOG;
registerHooks({
  load(url, context, nextLoad) {
    fs.appendFileSync(log, `${url}\n`);
    return nextLoad(url, context);
  },
});
