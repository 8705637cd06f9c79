import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as media from '../services/media/media.service.js';
import { MEDIA_MESSAGES, MediaInput, MediaUpdateInput, type MediaKind } from '../../shared/schemas/media.js';
import { idField } from '../../shared/schemas/users.js';
import { companyOf, requireRole } from './legacy.js';
import { legacyRoutes } from './route.js';
import { readMediaForm } from './image-form.js';

const IdParam = z.object({ id: idField });

const WORDS = {
  demo: {
    created: 'Demo uploaded successfully!',
    updated: 'Demo updated successfully',
    deleted: 'Demo deleted successfully',
    empty: 'No demo data available.',
  },
  tutorial: {
    created: 'Tutorial uploaded successfully!',
    updated: 'Tutorial updated successfully',
    deleted: 'Tutorial deleted successfully',
    empty: 'No data available.',
  },
} as const;

const CreateForm = { schema: MediaInput, files: { image: { kind: 'image', required: MEDIA_MESSAGES.allRequired } } } as const;
const UpdateForm = { schema: MediaUpdateInput, files: { image: { kind: 'image', required: null } } } as const;

/** Demos and tutorials: the sub-admin keeps them, its telecallers and heads use them. */
export const mediaRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Demos and tutorials');
  const owner = requireRole('subadmin');
  const readers = requireRole('subadmin', 'Telicaller', 'Telicaller-hade');

  const routes = (kind: MediaKind, paths: { list: string; create: string; update: string; remove: string }) => {
    const words = WORDS[kind];
    r.get(paths.list, { summary: `The company's ${kind}s`, guard: readers }, async (req) => {
      const items = await media.listMedia(deps, kind, companyOf(req));
      return { status: true, success: true, data: items, message: items.length ? `${items.length} found` : words.empty };
    });
    r.post(paths.create, { summary: `Add a ${kind}: name, description, link and image`, guard: owner, form: CreateForm }, async (req, { form }) => {
      const { values, files } = await readMediaForm(req, deps, form);
      const item = await media.createMedia(deps, kind, companyOf(req), values, files.image!);
      return { status: true, success: true, data: item, message: words.created };
    });
    r.post(
      paths.update,
      { summary: `Change a ${kind}; the image only when a new one is sent`, guard: owner, form: UpdateForm, errors: [404] },
      async (req, { form }) => {
        const { values, files } = await readMediaForm(req, deps, form);
        const item = await media.updateMedia(deps, kind, companyOf(req), values, files.image ?? null);
        return { status: true, success: true, data: item, message: words.updated };
      },
    );
    r.delete(paths.remove, { summary: `Delete a ${kind}`, guard: owner, params: IdParam }, async (req, { params }) => {
      await media.deleteMedia(deps, kind, companyOf(req), params.id);
      return { status: true, success: true, message: words.deleted };
    });
  };
  routes('demo', { list: '/showDemo', create: '/createDemo', update: '/updateDemo', remove: '/deleteDemo/:id' });
  routes('tutorial', { list: '/fetchTutorial', create: '/createTutorial', update: '/updateTutorial', remove: '/deleteTutorial/:id' });
};
