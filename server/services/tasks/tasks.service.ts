import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import { AppError, notFound } from '../../errors.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { TASK_STATUS } from '../../../shared/constants.js';
import { todayIn } from '../../../shared/dates.js';
import { TASK_MESSAGES, type TaskInput, type TaskList } from '../../../shared/schemas/tasks.js';
import { removeUpload, uploadUrl, type StoredFile } from '../uploads/uploads.service.js';
import { companyRules } from '../company/company.service.js';
import { findCompanyUser, findDevelopers, insertTask, moveTaskStatus, pageOfTasks, taskExists, type TaskRow } from './tasks.repository.js';

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

const toView = (r: TaskRow, today: string): TaskView => ({
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

async function page(deps: Deps, subadminId: number, input: { list: TaskList; page: number; pageSize: number }, developerId?: number): Promise<Page<TaskView>> {
  const company = await companyRules(deps.db, subadminId);
  const today = todayIn(company.timeZone);
  const result = await pageOfTasks(deps.db, subadminId, input, today, developerId);
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
  return findDevelopers(deps.db, subadminId);
}

/** New Task: a developer of the company, the dates in order, the image and the video (each optional) already stored. */
export async function createTask(deps: Deps, actor: SubadminActor, input: TaskInput, media: { image: StoredFile | null; video: StoredFile | null }) {
  const dev = await findCompanyUser(deps.db, actor.subadminId, input.developer_id!);
  if (dev?.user_type !== 'Developer' || dev.deleted_at) {
    if (media.image) await removeUpload(deps, media.image.name);
    if (media.video) await removeUpload(deps, media.video.name);
    // Another company's id is not found, as everywhere; one of this company's that is no developer is refused.
    if (!dev) throw notFound('Developer');
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.developer, { developer_id: TASK_MESSAGES.developer });
  }
  const row = await insertTask(deps.db, {
    subadmin_id: actor.subadminId,
    developer_id: dev.id,
    name: input.name,
    description: input.description,
    start_date: input.start_date,
    end_date: input.end_date,
    status: TASK_STATUS.pending,
    image_path: media.image?.name ?? null,
    video_path: media.video?.name ?? null,
  });
  return { id: row.id, message: TASK_MESSAGES.added };
}

async function move(deps: Deps, subadminId: number, id: number, to: number, from: number[], refused: string, developerId?: number) {
  if (await moveTaskStatus(deps.db, subadminId, id, to, from, developerId)) return;
  if (!(await taskExists(deps.db, subadminId, id, developerId))) throw notFound('Task');
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
