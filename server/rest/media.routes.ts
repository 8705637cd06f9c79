import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as media from '../services/media/media.service.js';
import { MEDIA_MESSAGES, MediaInput, MediaUpdateInput, type MediaKind } from '../../shared/schemas/media.js';
import { idField } from '../../shared/schemas/users.js';
import { companyOf, parseInput, requireRole } from './legacy.js';
import { readImageForm } from './image-form.js';

const IdParam = z.object({ id: idField });

const WORDS = {
  demo: { created: 'Demo uploaded successfully!', updated: 'Demo updated successfully', deleted: 'Demo deleted successfully', empty: 'No demo data available.' },
  tutorial: { created: 'Tutorial uploaded successfully!', updated: 'Tutorial updated successfully', deleted: 'Tutorial deleted successfully', empty: 'No data available.' },
} as const;

/** Demos and tutorials (spec part 2, section 7): the sub-admin keeps them, its telecallers and heads use them. */
export const mediaRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const owner = { preHandler: requireRole('subadmin') };
  const readers = { preHandler: requireRole('subadmin', 'Telicaller', 'Telicaller-hade') };

  const routes = (kind: MediaKind, paths: { list: string; create: string; update: string; remove: string }) => {
    const words = WORDS[kind];
    app.get(paths.list, readers, async (req) => {
      const items = await media.listMedia(deps, kind, companyOf(req));
      return { status: true, success: true, data: items, message: items.length ? `${items.length} found` : words.empty };
    });
    app.post(paths.create, owner, async (req) => {
      const { values, image } = await readImageForm(req, deps, { schema: MediaInput, imageField: 'image', imageRequired: MEDIA_MESSAGES.allRequired });
      const item = await media.createMedia(deps, kind, companyOf(req), values, image!);
      return { status: true, success: true, data: item, message: words.created };
    });
    app.post(paths.update, owner, async (req) => {
      const { values, image } = await readImageForm(req, deps, { schema: MediaUpdateInput, imageField: 'image', imageRequired: null });
      const item = await media.updateMedia(deps, kind, companyOf(req), values, image);
      return { status: true, success: true, data: item, message: words.updated };
    });
    app.delete(paths.remove, owner, async (req) => {
      const { id } = parseInput(IdParam, req.params);
      await media.deleteMedia(deps, kind, companyOf(req), id);
      return { status: true, success: true, message: words.deleted };
    });
  };
  routes('demo', { list: '/showDemo', create: '/createDemo', update: '/updateDemo', remove: '/deleteDemo/:id' });
  routes('tutorial', { list: '/fetchTutorial', create: '/createTutorial', update: '/updateTutorial', remove: '/deleteTutorial/:id' });
};
