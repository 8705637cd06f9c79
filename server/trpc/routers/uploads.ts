import { router } from '../trpc.js';

export const uploadsRouter = router({});
