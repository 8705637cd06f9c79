import { router } from '../trpc.js';

export const profileRouter = router({});
