import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { BANNER_MESSAGES, addBanner, deleteBanner, listBanners } from '../services/banners/banners.service.js';
import { UPLOAD_INCOMPLETE, maxBytesOf, storeUpload } from '../services/uploads/uploads.service.js';
import { idField } from '../../shared/schemas/users.js';
import { companyOf, parseInput, requireRole } from './legacy.js';

const IdParam = z.object({ id: idField });

/** Banners (spec part 1): the sub-admin uploads and deletes them; its own pages and its users' dashboards show them. */
export const bannersRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/featchBanner', { preHandler: requireRole('subadmin', 'Telicaller', 'Telicaller-hade') }, async (req) => {
    const banners = await listBanners(deps, companyOf(req));
    return { status: true, data: banners, message: banners.length ? 'Banners fetched successfully' : 'No banners available' };
  });

  // multipart `image`: the content decides whether it is an image, not its name or the browser's type.
  app.post('/insertBanner', { preHandler: requireRole('subadmin') }, async (req) => {
    if (!req.isMultipart()) throw new AppError('BAD_REQUEST', BANNER_MESSAGES.missing);
    const part = await req.file({ limits: { fileSize: maxBytesOf(deps, 'image'), files: 1 } }).catch(() => {
      // The multipart body broke off before the file began.
      throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
    });
    if (!part || part.fieldname !== 'image') {
      part?.file.resume();
      throw new AppError('BAD_REQUEST', BANNER_MESSAGES.missing);
    }
    const stored = await storeUpload(deps, part.file, 'image');
    const banner = await addBanner(deps, companyOf(req), stored);
    return { status: true, success: true, data: banner, message: BANNER_MESSAGES.uploaded };
  });

  app.delete('/deleteBanner/:id', { preHandler: requireRole('subadmin') }, async (req) => {
    const { id } = parseInput(IdParam, req.params);
    const result = await deleteBanner(deps, companyOf(req), id);
    return { status: true, success: true, data: result, message: BANNER_MESSAGES.deleted };
  });
};
