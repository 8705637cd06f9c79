import { router } from '../trpc.js';

export const indiamartRouter = router({});
