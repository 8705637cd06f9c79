import { router } from '../trpc.js';

export const distributionRouter = router({});
