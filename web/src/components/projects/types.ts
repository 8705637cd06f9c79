import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

type Out = inferRouterOutputs<AppRouter>['projects'];
export type Project = Out['mine']['items'][number];
export type ProjectDetail = Out['myDetail'];
export type PendingUpdate = Out['pendingUpdates']['items'][number];
export type Business = Out['business'];
