import { appRouter } from '../../server/trpc/router.js';

/** The top-level keys of a procedure's input schema (through zod's pipes and wrappers). */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; out?: unknown; innerType?: unknown } } };
  if (s?.shape) return Object.keys(s.shape);
  const def = s?._zod?.def;
  if (def?.in) return [...keysOf(def.in), ...keysOf(def.out)];
  if (def?.innerType) return keysOf(def.innerType);
  return [];
}

/** Every tRPC procedure the server has: its name, whether it is a query or a mutation, and its input's keys. */
export const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation'; inputs: unknown[] } }>,
).map(([name, p]) => ({ name, type: p._def.type, keys: p._def.inputs.flatMap(keysOf) }));
