import { router, subadminProcedure } from '../trpc.js';
import * as keys from '../../services/capture/capture-keys.service.js';
import { CaptureKeyIdInput, CaptureKeyListInput, CreateCaptureKeyInput } from '../../../shared/schemas/capture.js';

/** A company's lead capture keys: API keys and website form keys (docs/lead-capture.md). */
export const captureRouter = router({
  list: subadminProcedure.input(CaptureKeyListInput).query(({ ctx, input }) => keys.listCaptureKeys(ctx.deps, ctx.actor.subadminId, input)),
  create: subadminProcedure.input(CreateCaptureKeyInput).mutation(({ ctx, input }) => keys.createCaptureKey(ctx.deps, ctx.actor.subadminId, input)),
  revoke: subadminProcedure.input(CaptureKeyIdInput).mutation(({ ctx, input }) => keys.revokeCaptureKey(ctx.deps, ctx.actor.subadminId, input.id)),
});
