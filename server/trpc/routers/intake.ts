import { router } from '../trpc.js';

export const intakeRouter = router({});
