import { router } from '../trpc.js';

export const subadminsRouter = router({});
