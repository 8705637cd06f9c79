import { developerProcedure, router, subadminProcedure } from '../trpc.js';
import * as tasks from '../../services/tasks/tasks.service.js';
import { TaskIdInput, TaskListInput } from '../../../shared/schemas/tasks.js';

/** Developer tasks: the developer works its own, the company creates (multipart REST: the files) and approves them. */
export const tasksRouter = router({
  mine: developerProcedure.input(TaskListInput).query(({ ctx, input }) => tasks.myTasks(ctx.deps, ctx.actor, input)),
  accept: developerProcedure.input(TaskIdInput).mutation(({ ctx, input }) => tasks.acceptTask(ctx.deps, ctx.actor, input.id)),
  complete: developerProcedure.input(TaskIdInput).mutation(({ ctx, input }) => tasks.completeTask(ctx.deps, ctx.actor, input.id)),
  list: subadminProcedure.input(TaskListInput).query(({ ctx, input }) => tasks.companyTasks(ctx.deps, ctx.actor, input)),
  approve: subadminProcedure.input(TaskIdInput).mutation(({ ctx, input }) => tasks.approveTask(ctx.deps, ctx.actor, input.id)),
  developers: subadminProcedure.query(({ ctx }) => tasks.developers(ctx.deps, ctx.actor.subadminId)),
});
