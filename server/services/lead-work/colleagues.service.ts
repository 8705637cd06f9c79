import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { notFound } from '../../errors.js';
import { liveHeads, namesOf } from './colleagues.repository.js';

/** The company's telecaller heads, for the handoff select. */
export function listHeads(deps: Deps, actor: UserActor) {
  return liveHeads(deps.db, actor.subadminId);
}

/** The names of the company's users by id; an id that is not one of them is not found. */
export async function userNames(deps: Deps, actor: UserActor, ids: number[]): Promise<Record<string, string>> {
  const names = await namesOf(deps.db, actor.subadminId, ids.slice(0, 500));
  if (ids.some((id) => !names.has(id))) throw notFound('User');
  return Object.fromEntries([...names].map(([id, name]) => [String(id), name]));
}
