import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as tasks from '../services/tasks/tasks.service.js';
import { TASK_MESSAGES, TaskInput, type TaskList } from '../../shared/schemas/tasks.js';
import { idField } from '../../shared/schemas/users.js';
import { parseInput, requireRole, subadminOf, userOf } from './legacy.js';
import { LegacyPaging } from './lead-work.legacy.js';
import { readMediaForm } from './image-form.js';

const UpdateTaskBody = z.object({
  id: idField,
  status: z.enum(['Running', 'Completed'], { error: "status must be 'Running' or 'Completed'." }),
});

/** The original client's task calls (spec part 2, section 7). */
export const tasksRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const developer = { preHandler: requireRole('Developer') };
  const owner = { preHandler: requireRole('subadmin') };
  const mine = (list: TaskList) => async (req: FastifyRequest) => {
    const page = await tasks.myTasks(deps, userOf(req), { list, ...parseInput(LegacyPaging, req.query) });
    return { status: true, tasks: page.items, total: page.total };
  };
  // The developer is the signed-in one, whatever `developer_id` the query carries.
  app.get('/tasks/getTaskid', developer, async (req) => {
    const lists = await Promise.all((['new', 'running', 'completed', 'delayed'] as const).map((list) => tasks.myTasks(deps, userOf(req), { list, page: 1, pageSize: 100 })));
    return { status: true, tasks: lists.flatMap((l) => l.items) };
  });
  app.get('/tasks/status', developer, mine('new'));
  app.get('/tasks/statu', developer, mine('running'));
  app.get('/tasks/sta', developer, mine('completed'));
  app.get('/tasks/stat', developer, mine('delayed'));

  app.put('/updateTask', developer, async (req) => {
    const body = parseInput(UpdateTaskBody, req.body);
    const r = body.status === 'Running' ? await tasks.acceptTask(deps, userOf(req), body.id) : await tasks.completeTask(deps, userOf(req), body.id);
    return { success: true, status: true, message: r.message };
  });

  app.get('/Developer', owner, async (req) => ({ status: true, users: await tasks.developers(deps, subadminOf(req).subadminId) }));

  app.post('/createTask', owner, async (req) => {
    const { values, files } = await readMediaForm(req, deps, {
      schema: TaskInput, files: { image: { kind: 'image', required: TASK_MESSAGES.image }, video: { kind: 'video', required: TASK_MESSAGES.video } },
    });
    // Both are required above: the reader has refused the form without either.
    const created = await tasks.createTask(deps, subadminOf(req), values, { image: files.image!, video: files.video! });
    return { status: true, success: true, message: created.message, task: { id: created.id } };
  });
};
