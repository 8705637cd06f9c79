import { router } from '../trpc.js';

export const notificationsRouter = router({});
