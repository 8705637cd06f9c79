// The built server's entry point: the runtime check runs before any module that loads native code
// is even imported (a bundle's static imports of native modules would load first otherwise).
import module from 'node:module';
import './preflight.js';

// V8 keeps the bundle's compiled code on disk (in the system's temporary folder unless
// NODE_COMPILE_CACHE names another), so a restart skips compiling it again.
module.enableCompileCache?.();

await import('./main.js');
