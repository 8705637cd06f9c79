/**
 * What the server bundle (scripts/build-server.mjs) leaves outside, to load from node_modules at run
 * time: the modules with native code, and pg's optional native binding (never installed). The image's
 * runtime stage installs these and nothing else (scripts/runtime-dependencies.mjs).
 */
export const EXTERNAL = ['better-sqlite3', 'argon2', 'pg-native'];
