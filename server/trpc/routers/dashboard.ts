import { router } from '../trpc.js';

export const dashboardRouter = router({});
