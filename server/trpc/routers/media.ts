import { companyReaderProcedure, router, subadminProcedure } from '../trpc.js';
import { deleteMedia, listMedia } from '../../services/media/media.service.js';
import { MediaIdInput } from '../../../shared/schemas/media.js';

/** Demos and tutorials: creating and editing carry an image, so they are the multipart REST routes; these read and delete. */
export const mediaRouter = router({
  demos: companyReaderProcedure.query(({ ctx }) => listMedia(ctx.deps, 'demo', ctx.subadminId)),
  tutorials: companyReaderProcedure.query(({ ctx }) => listMedia(ctx.deps, 'tutorial', ctx.subadminId)),
  remove: subadminProcedure.input(MediaIdInput).mutation(({ ctx, input }) => deleteMedia(ctx.deps, input.kind, ctx.actor.subadminId, input.id)),
});
