import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as tasks from '../services/tasks/tasks.service.js';
import { TaskInput, type TaskList } from '../../shared/schemas/tasks.js';
import { idField } from '../../shared/schemas/users.js';
import { requireRole, subadminOf, userOf } from './legacy.js';
import { legacyRoutes, type Input } from './route.js';
import { LegacyPaging } from './lead-work.legacy.js';
import { readMediaForm } from './image-form.js';

const UpdateTaskBody = z.object({ id: idField, status: z.enum(['Running', 'Completed'], { error: "status must be 'Running' or 'Completed'." }) });

const TaskForm = { schema: TaskInput, files: { image: { kind: 'image', required: null }, video: { kind: 'video', required: null } } } as const;

/** The original client's task calls. */
export const tasksRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Tasks');
  const developer = requireRole('Developer');
  const owner = requireRole('subadmin');
  const mine =
    (list: TaskList) =>
    async (req: FastifyRequest, { query }: Input<undefined, typeof LegacyPaging, undefined, undefined>) => {
      const page = await tasks.myTasks(deps, userOf(req), { list, ...query });
      return { status: true, tasks: page.items, total: page.total };
    };
  // The developer is the signed-in one, whatever `developer_id` the query carries.
  r.get(
    '/tasks/getTaskid',
    {
      summary: "The developer's tasks: new, running, completed and delayed (up to 100 of each)",
      description: 'A developer_id in the query is accepted and ignored: the developer is the signed-in one.',
      guard: developer,
    },
    async (req) => {
      const lists = await Promise.all(
        (['new', 'running', 'completed', 'delayed'] as const).map((list) => tasks.myTasks(deps, userOf(req), { list, page: 1, pageSize: 100 })),
      );
      return { status: true, tasks: lists.flatMap((l) => l.items) };
    },
  );
  const paged = { guard: developer, query: LegacyPaging };
  r.get('/tasks/status', { summary: "The developer's new tasks", ...paged }, mine('new'));
  r.get('/tasks/statu', { summary: "The developer's running tasks", ...paged }, mine('running'));
  r.get('/tasks/sta', { summary: "The developer's completed tasks", ...paged }, mine('completed'));
  r.get('/tasks/stat', { summary: "The developer's delayed tasks", ...paged }, mine('delayed'));

  r.put(
    '/updateTask',
    { summary: 'Accept a new task (Running) or finish a running one (Completed)', guard: developer, body: UpdateTaskBody, errors: [404, 409] },
    async (req, { body }) => {
      const result = body.status === 'Running' ? await tasks.acceptTask(deps, userOf(req), body.id) : await tasks.completeTask(deps, userOf(req), body.id);
      return { success: true, status: true, message: result.message };
    },
  );

  r.get('/Developer', { summary: "The company's developers, to give a task to", guard: owner }, async (req) => ({
    status: true,
    users: await tasks.developers(deps, subadminOf(req).subadminId),
  }));

  r.post(
    '/createTask',
    {
      summary: 'Give a developer a task, with an image and a video if wanted',
      description: 'developer_id is required; image and video are each optional.',
      guard: owner,
      form: TaskForm,
      errors: [404],
    },
    async (req, { form }) => {
      const { values, files } = await readMediaForm(req, deps, form);
      const created = await tasks.createTask(deps, subadminOf(req), values, { image: files.image ?? null, video: files.video ?? null });
      return { status: true, success: true, message: created.message, task: { id: created.id } };
    },
  );
};
