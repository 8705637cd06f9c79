import type { ExpressionBuilder } from 'kysely';
import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { DB, TasksTable } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { nowIso } from '../../db/dialect.js';
import { paginate } from '../../db/paging.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { TASK_STATUS } from '../../../shared/constants.js';
import { todayIn } from '../../../shared/dates.js';
import { TASK_MESSAGES, type TaskInput, type TaskList } from '../../../shared/schemas/tasks.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';
import { companyRules } from '../company/company.service.js';

export interface TaskView {
  id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  /** as stored (0 pending, 1 running, 2 completed, 3 delayed, 4 approved) */
  status: number;
  /** a running task past its end date is delayed whether or not anyone has looked */
  delayed: boolean;
  image: string | null;
  video: string | null;
  developer_id: number;
  developer_name: string | null;
}

type Row = {
  id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  status: number;
  image_path: string | null;
  video_path: string | null;
  developer_id: number;
  developer_name: string | null;
};

const toView = (r: Row, today: string): TaskView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  start_date: r.start_date,
  end_date: r.end_date,
  status: r.status,
  delayed: r.status === TASK_STATUS.delayed || (r.status === TASK_STATUS.running && r.end_date < today),
  image: r.image_path ? uploadUrl(r.image_path) : null,
  video: r.video_path ? uploadUrl(r.video_path) : null,
  developer_id: r.developer_id,
  developer_name: r.developer_name,
});

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

function tasksOf(deps: Deps, subadminId: number) {
  return deps.db
    .selectFrom('tasks as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.developer_id').onRef('u.subadmin_id', '=', 't.subadmin_id'))
    .where('t.subadmin_id', '=', subadminId);
}

async function page(deps: Deps, subadminId: number, input: { list: TaskList; page: number; pageSize: number }, developerId?: number): Promise<Page<TaskView>> {
  const company = await companyRules(deps.db, subadminId);
  const today = todayIn(company.timeZone);
  let q = tasksOf(deps, subadminId).where((eb) => inList(eb, input.list, today));
  if (developerId !== undefined) q = q.where('t.developer_id', '=', developerId);
  const result = await paginate(q, input, (b) =>
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
  return { ...result, items: result.items.map((r) => toView(r, today)) };
}

/** The signed-in developer's tasks of one list (whatever developer id an old client sends). */
export const myTasks = (deps: Deps, actor: UserActor, input: { list: TaskList; page: number; pageSize: number }) =>
  page(deps, actor.subadminId, input, actor.id);

/** The company's tasks of one list. */
export const companyTasks = (deps: Deps, actor: SubadminActor, input: { list: TaskList; page: number; pageSize: number }) =>
  page(deps, actor.subadminId, input);

/** The company's developers, for the New Task form. */
export function developers(deps: Deps, subadminId: number) {
  return deps.db
    .selectFrom('users')
    .select(['id', 'name', 'mobile'])
    .where('subadmin_id', '=', subadminId)
    .where('user_type', '=', 'Developer')
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
}

/** New Task: a developer of the company, the dates in order, the image and the video (each optional) already stored. */
export async function createTask(deps: Deps, actor: SubadminActor, input: TaskInput, media: { image: StoredFile | null; video: StoredFile | null }) {
  const dev = await deps.db
    .selectFrom('users')
    .select(['id', 'user_type', 'deleted_at'])
    .where('id', '=', input.developer_id!)
    .where('subadmin_id', '=', actor.subadminId)
    .executeTakeFirst();
  if (!dev || dev.user_type !== 'Developer' || dev.deleted_at) {
    if (media.image) await removeUpload(deps, media.image.name);
    if (media.video) await removeUpload(deps, media.video.name);
    // Another company's id is not found, as everywhere; one of this company's that is no developer is refused.
    if (!dev) throw notFound('Developer');
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.developer, { developer_id: TASK_MESSAGES.developer });
  }
  const now = nowIso();
  const row = await deps.db
    .insertInto('tasks')
    .values({
      subadmin_id: actor.subadminId,
      developer_id: dev.id,
      name: input.name,
      description: input.description,
      start_date: input.start_date,
      end_date: input.end_date,
      status: TASK_STATUS.pending,
      image_path: media.image?.name ?? null,
      video_path: media.video?.name ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, message: TASK_MESSAGES.added };
}

async function move(deps: Deps, subadminId: number, id: number, to: number, from: number[], refused: string, developerId?: number) {
  let q = deps.db
    .updateTable('tasks')
    .set({ status: to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('subadmin_id', '=', subadminId)
    .where('status', 'in', from);
  if (developerId !== undefined) q = q.where('developer_id', '=', developerId);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  let exists = deps.db.selectFrom('tasks').select('id').where('id', '=', id).where('subadmin_id', '=', subadminId);
  if (developerId !== undefined) exists = exists.where('developer_id', '=', developerId);
  if (!(await exists.executeTakeFirst())) throw notFound('Task');
  throw new AppError('CONFLICT', refused);
}

/** Only the task's developer moves it forward: accept (0 -> 1), complete (running or delayed -> 2). */
export async function acceptTask(deps: Deps, actor: UserActor, id: number) {
  await move(deps, actor.subadminId, id, TASK_STATUS.running, [TASK_STATUS.pending], 'Only a new task can be accepted.', actor.id);
  return { message: TASK_MESSAGES.accepted };
}
export async function completeTask(deps: Deps, actor: UserActor, id: number) {
  await move(
    deps,
    actor.subadminId,
    id,
    TASK_STATUS.completed,
    [TASK_STATUS.running, TASK_STATUS.delayed],
    'Only a running or delayed task can be completed.',
    actor.id,
  );
  return { message: TASK_MESSAGES.completed };
}
/** Only its company approves a completed task (2 -> 4). */
export async function approveTask(deps: Deps, actor: SubadminActor, id: number) {
  await move(deps, actor.subadminId, id, TASK_STATUS.approved, [TASK_STATUS.completed], 'Only a completed task can be approved.');
  return { message: TASK_MESSAGES.approved };
}
