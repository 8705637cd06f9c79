import { router } from '../trpc.js';

export const usersRouter = router({});
