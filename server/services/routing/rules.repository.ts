import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, RoutingRulesTable, UserType } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type RuleRecord = Pick<Selectable<RoutingRulesTable>, 'id' | 'position' | 'field' | 'match' | 'value' | 'field_id'>;
export type RuleValues = Pick<RuleRecord, 'field' | 'match' | 'value' | 'field_id'>;

const RULE_COLUMNS = ['id', 'position', 'field', 'match', 'value', 'field_id'] as const;

/** The company's rules, first position first. */
export function findRuleRows(db: Db, subadminId: number): Promise<RuleRecord[]> {
  return db.selectFrom('routing_rules').select(RULE_COLUMNS).where('subadmin_id', '=', subadminId).orderBy('position').orderBy('id').execute();
}

/** One of the company's rules; undefined for another company's id. */
export function findRule(db: Db, subadminId: number, id: number): Promise<RuleRecord | undefined> {
  return db.selectFrom('routing_rules').select(RULE_COLUMNS).where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst();
}

/** The people of the company's rules with their names, by name. */
export function findRuleMembers(db: Db, subadminId: number) {
  return db
    .selectFrom('routing_rule_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.rule_id', 'u.id', 'u.name', 'u.user_type'])
    .where('m.subadmin_id', '=', subadminId)
    .where('u.subadmin_id', '=', subadminId)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** The company's users among `ids` (live, blocked or removed), to judge them as a rule's members. */
export function findCompanyUsers(db: Db, subadminId: number, ids: number[]): Promise<{ id: number; user_type: UserType; deleted_at: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'user_type', 'deleted_at']).where('subadmin_id', '=', subadminId).where('id', 'in', ids).execute();
}

/** A new rule after the company's last one; its id. */
export async function insertRule(db: Db, subadminId: number, values: RuleValues, now: string): Promise<number> {
  const last = await db
    .selectFrom('routing_rules')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('subadmin_id', '=', subadminId)
    .executeTakeFirst();
  const position = Number(last?.p ?? 0) + 1;
  const row = await db
    .insertInto('routing_rules')
    .values({ subadmin_id: subadminId, position, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRuleRow(db: Db, subadminId: number, id: number, values: RuleValues, now: string): Promise<boolean> {
  const res = await db
    .updateTable('routing_rules')
    .set({ ...values, updated_at: now })
    .where('subadmin_id', '=', subadminId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Makes `userIds` the rule's members, replacing the ones it had. */
export async function replaceRuleMembers(db: Db, subadminId: number, ruleId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('routing_rule_members').where('subadmin_id', '=', subadminId).where('rule_id', '=', ruleId).execute();
  await db
    .insertInto('routing_rule_members')
    .values(userIds.map((user_id) => ({ rule_id: ruleId, user_id, subadmin_id: subadminId })))
    .execute();
}

export async function deleteRuleRow(db: Db, subadminId: number, id: number): Promise<boolean> {
  await db.deleteFrom('routing_rule_members').where('subadmin_id', '=', subadminId).where('rule_id', '=', id).execute();
  const res = await db.deleteFrom('routing_rules').where('subadmin_id', '=', subadminId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function setRulePosition(db: Db, subadminId: number, id: number, position: number, now: string): Promise<void> {
  await db.updateTable('routing_rules').set({ position, updated_at: now }).where('subadmin_id', '=', subadminId).where('id', '=', id).execute();
}
