import { router } from '../trpc.js';

export const settingsRouter = router({});
