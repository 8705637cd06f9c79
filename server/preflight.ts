// Imported first by the server's entry points, so that it runs before any module that loads native
// code: on a runtime the app cannot work on, the server stops with what to do instead of a crash.
import { checkNodeVersion } from './runtime.js';
import { checkNativeModules, nativeModulesNeeded } from './native-modules.js';

function exitUnlessRuntimeWorks(): void {
  const runtime = checkNodeVersion(process.version);
  const problem = runtime.ok ? checkNativeModules(nativeModulesNeeded(process.env)) : runtime.message;
  if (problem === undefined) return;
  console.error(problem);
  process.exit(1);
}

exitUnlessRuntimeWorks();
