import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { DB, TasksTable } from '../../db/schema.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { TASK_STATUS } from '../../../shared/constants.js';
import type { TaskList } from '../../../shared/schemas/tasks.js';

/** A task as the lists read it: the row with its developer's name. */
export type TaskRow = Pick<
  Selectable<TasksTable>,
  'id' | 'name' | 'description' | 'start_date' | 'end_date' | 'status' | 'image_path' | 'video_path' | 'developer_id'
> & { developer_name: string | null };

/** Which tasks a list shows, with overdue running tasks counted as delayed at the moment of reading. */
function inList(eb: ExpressionBuilder<DB & { t: TasksTable }, 't'>, list: TaskList, today: string) {
  const overdue = eb.and([eb('t.status', '=', TASK_STATUS.running), eb('t.end_date', '<', today)]);
  switch (list) {
    case 'new':
      return eb('t.status', '=', TASK_STATUS.pending);
    case 'running':
      return eb.and([eb('t.status', '=', TASK_STATUS.running), eb('t.end_date', '>=', today)]);
    case 'open':
      return eb.or([eb('t.status', '=', TASK_STATUS.pending), eb.and([eb('t.status', '=', TASK_STATUS.running), eb('t.end_date', '>=', today)])]);
    case 'completed':
      return eb('t.status', 'in', [TASK_STATUS.completed, TASK_STATUS.approved]);
    case 'delayed':
      return eb.or([eb('t.status', '=', TASK_STATUS.delayed), overdue]);
  }
}

/** One page of a company's tasks of one list (of one developer when given), by end date. */
export function pageOfTasks(
  db: Kysely<DB>,
  subadminId: number,
  input: { list: TaskList; page: number; pageSize: number },
  today: string,
  developerId?: number,
): Promise<Page<TaskRow>> {
  let q = db
    .selectFrom('tasks as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.developer_id').onRef('u.subadmin_id', '=', 't.subadmin_id'))
    .where('t.subadmin_id', '=', subadminId)
    .where((eb) => inList(eb, input.list, today));
  if (developerId !== undefined) q = q.where('t.developer_id', '=', developerId);
  return paginate(q, input, (b) =>
    b
      .select([
        't.id',
        't.name',
        't.description',
        't.start_date',
        't.end_date',
        't.status',
        't.image_path',
        't.video_path',
        't.developer_id',
        'u.name as developer_name',
      ])
      .orderBy('t.end_date')
      .orderBy('t.id'),
  );
}

/** The company's developers, for the New Task form. */
export function findDevelopers(db: Kysely<DB>, subadminId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'mobile'])
    .where('subadmin_id', '=', subadminId)
    .where('user_type', '=', 'Developer')
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}

/** A user of the company (deleted or not), to check it can be given a task. */
export function findCompanyUser(db: Kysely<DB>, subadminId: number, id: number) {
  return db.selectFrom('users').select(['id', 'user_type', 'deleted_at']).where('id', '=', id).where('subadmin_id', '=', subadminId).executeTakeFirst();
}

export function insertTask(
  db: Kysely<DB>,
  values: Pick<
    Selectable<TasksTable>,
    'subadmin_id' | 'developer_id' | 'name' | 'description' | 'start_date' | 'end_date' | 'status' | 'image_path' | 'video_path'
  >,
) {
  const now = nowIso();
  return db
    .insertInto('tasks')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Moves a task from one of some statuses to another; false when no such task (of that developer) is in one of them. */
export async function moveTaskStatus(db: Kysely<DB>, subadminId: number, id: number, to: number, from: number[], developerId?: number): Promise<boolean> {
  let q = db
    .updateTable('tasks')
    .set({ status: to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('status', 'in', from);
  if (developerId !== undefined) q = q.where('developer_id', '=', developerId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function taskExists(db: Kysely<DB>, subadminId: number, id: number, developerId?: number): Promise<boolean> {
  let q = db.selectFrom('tasks').select('id').where('id', '=', id).where('subadmin_id', '=', subadminId);
  if (developerId !== undefined) q = q.where('developer_id', '=', developerId);
  return Boolean(await q.executeTakeFirst());
}
