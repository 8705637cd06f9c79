import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

type Slot = { arg: number } | { value: unknown };

/**
 * A query whose SQL depends only on its shape, built and compiled once per database and then run
 * with new values. Kysely builds and compiles every query anew: for the session lookup that every
 * request makes (five joins) that cost 41 µs against SQLite's 5 µs; the dashboard's counts about a
 * third of the request. Arguments (strings or numbers) must each be a whole parameter of the query:
 * the builder sees a stand-in string for each while it is first compiled, and an argument it computes
 * with, or writes into the SQL, is refused then.
 */
export function compiledOnce<DB, A extends (string | number)[], R>(build: (db: Kysely<DB>, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<Kysely<DB>, Compiled>();
  return async (db: Kysely<DB>, ...args: A): Promise<R[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compileWithStandIns(args.length, true, (standIns) => build(db, ...(standIns as unknown as A)));
      compiled.set(db, entry);
    }
    return run<R>(db, entry, args);
  };
}

/**
 * compiledOnce for a query of a few shapes, the first argument naming the shape (a queue, say):
 * compiled once per shape. A shape need not use every argument; one it uses must be a whole parameter.
 */
export function compiledOnceEach<DB, K extends string, A extends (string | number)[], R>(build: (db: Kysely<DB>, shape: K, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<Kysely<DB>, Map<K, Compiled>>();
  return async (db: Kysely<DB>, shape: K, ...args: A): Promise<R[]> => {
    let shapes = compiled.get(db);
    if (!shapes) {
      shapes = new Map();
      compiled.set(db, shapes);
    }
    let entry = shapes.get(shape);
    if (!entry) {
      entry = compileWithStandIns(args.length, false, (standIns) => build(db, shape, ...(standIns as unknown as A)));
      shapes.set(shape, entry);
    }
    return run<R>(db, entry, args);
  };
}

interface Compiled {
  sql: string;
  slots: Slot[];
}

const STAND_IN = '\u0000arg';

function compileWithStandIns(arity: number, everyArgUsed: boolean, build: (standIns: string[]) => Compilable<unknown>): Compiled {
  const standIns = Array.from({ length: arity }, (_, i) => `${STAND_IN}${i}\u0000`);
  const query = build(standIns).compile();
  if (query.sql.includes(STAND_IN)) throw new Error('compiledOnce: an argument is written into the SQL');
  const slots = query.parameters.map((p): Slot => {
    const i = standIns.indexOf(p as string);
    if (i < 0 && typeof p === 'string' && p.includes(STAND_IN)) throw new Error('compiledOnce: an argument is part of a parameter');
    return i >= 0 ? { arg: i } : { value: p };
  });
  if (everyArgUsed)
    standIns.forEach((_, i) => {
      if (!slots.some((s) => 'arg' in s && s.arg === i)) throw new Error(`compiledOnce: argument ${i} is not a parameter of the query`);
    });
  return { sql: query.sql, slots };
}

async function run<R>(db: { executeQuery: Kysely<unknown>['executeQuery'] }, { sql, slots }: Compiled, args: unknown[]): Promise<R[]> {
  const params = slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
  return (await db.executeQuery<R>(CompiledQuery.raw(sql, params))).rows;
}
