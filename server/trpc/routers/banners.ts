import { companyReaderProcedure, router, subadminProcedure } from '../trpc.js';
import { deleteBanner, listBanners } from '../../services/banners/banners.service.js';
import { ProjectIdInput } from '../../../shared/schemas/projects.js';

/** Uploading is multipart, so it is the REST route `POST /api/webapi/insertBanner`; listing and deleting are here too. */
export const bannersRouter = router({
  list: companyReaderProcedure.query(({ ctx }) => listBanners(ctx.deps, ctx.subadminId)),
  remove: subadminProcedure.input(ProjectIdInput).mutation(({ ctx, input }) => deleteBanner(ctx.deps, ctx.actor.subadminId, input.id)),
});
