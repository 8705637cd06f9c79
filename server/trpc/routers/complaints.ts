import { router } from '../trpc.js';

export const complaintsRouter = router({});
