import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { BANNER_MESSAGES, addBanner, deleteBanner, listBanners } from '../services/banners/banners.service.js';
import { UPLOAD_INCOMPLETE, maxBytesOf, storeUpload } from '../services/uploads/uploads.service.js';
import { idField } from '../../shared/schemas/users.js';
import { companyOf, requireRole } from './legacy.js';
import { legacyRoutes } from './route.js';

const IdParam = z.object({ id: idField });
/** The banner form: one image and nothing else. */
const BannerForm = { schema: z.object({}), files: { image: { kind: 'image', required: BANNER_MESSAGES.missing } } } as const;

/** Banners: the sub-admin uploads and deletes them; its own pages and its users' dashboards show them. */
export const bannersRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Banners');
  const owner = requireRole('subadmin');

  r.get('/featchBanner', { summary: "The company's banners, newest first", guard: requireRole('subadmin', 'Telicaller', 'Telicaller-hade') }, async (req) => {
    const banners = await listBanners(deps, companyOf(req));
    return { status: true, data: banners, message: banners.length ? 'Banners fetched successfully' : 'No banners available' };
  });

  // multipart `image`: the content decides whether it is an image, not its name or the browser's type.
  r.post('/insertBanner', { summary: 'Add a banner image', guard: owner, form: BannerForm }, async (req, { form }) => {
    const { image } = form.files;
    if (!req.isMultipart()) throw new AppError('BAD_REQUEST', image.required);
    const part = await req.file({ limits: { fileSize: maxBytesOf(deps, image.kind), files: 1 } }).catch(() => {
      // The multipart body broke off before the file began.
      throw new AppError('BAD_REQUEST', UPLOAD_INCOMPLETE);
    });
    if (!part || part.fieldname !== 'image') {
      part?.file.resume();
      throw new AppError('BAD_REQUEST', image.required);
    }
    const stored = await storeUpload(deps, part.file, image.kind);
    const banner = await addBanner(deps, companyOf(req), stored);
    return { status: true, success: true, data: banner, message: BANNER_MESSAGES.uploaded };
  });

  r.delete('/deleteBanner/:id', { summary: 'Delete a banner', guard: owner, params: IdParam }, async (req, { params }) => {
    const result = await deleteBanner(deps, companyOf(req), params.id);
    return { status: true, success: true, data: result, message: BANNER_MESSAGES.deleted };
  });
};
