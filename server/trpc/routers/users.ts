import { z } from 'zod';
import { router, subadminProcedure } from '../trpc.js';
import * as users from '../../services/users/users.service.js';
import { CreateUserInput, SetBlockedInput, UpdateUserInput, UserIdInput, UserListInput, UserTypeSchema } from '../../../shared/schemas/users.js';
import { USER_TYPES } from '../../../shared/constants.js';

export const usersRouter = router({
  list: subadminProcedure.input(UserListInput).query(({ ctx, input }) => users.listUsers(ctx.deps, ctx.actor, input)),

  /** Live, unblocked users for pickers; all types unless some are named. */
  options: subadminProcedure
    .input(z.object({ userTypes: z.array(UserTypeSchema).max(USER_TYPES.length, 'Name each user type once.').optional() }).optional())
    .query(({ ctx, input }) => users.listActiveUsers(ctx.deps, ctx.actor, input?.userTypes?.length ? input.userTypes : [...USER_TYPES])),

  create: subadminProcedure.input(CreateUserInput).mutation(({ ctx, input }) => users.createUser(ctx.deps, ctx.actor, input)),

  update: subadminProcedure.input(UpdateUserInput).mutation(({ ctx, input }) => users.updateUser(ctx.deps, ctx.actor, input)),

  setBlocked: subadminProcedure.input(SetBlockedInput).mutation(({ ctx, input }) => users.setUserBlocked(ctx.deps, ctx.actor, input)),

  remove: subadminProcedure.input(UserIdInput).mutation(({ ctx, input }) => users.removeUser(ctx.deps, ctx.actor, input)),
});
