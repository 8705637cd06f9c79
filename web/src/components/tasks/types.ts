import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

export type Task = inferRouterOutputs<AppRouter>['tasks']['mine']['items'][number];
