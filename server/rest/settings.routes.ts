import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as settings from '../services/settings/settings.service.js';
import { IndiamartInput } from '../../shared/schemas/settings.js';
import { requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';
import { SMALL_BODY_LIMIT } from '../http/body-limits.js';

/** The original client may send the mobile number as a JSON number. */
const IndiamartBody = z.preprocess((raw) => {
  const body = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return typeof body.mobile_number === 'number' ? { ...body, mobile_number: String(body.mobile_number) } : body;
}, IndiamartInput);

export const settingsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'IndiaMART settings');
  const guard = requireRole('subadmin');

  r.get('/indiamart', { summary: "The company's IndiaMART API link and mobile number", guard }, async (req) => {
    const s = await settings.getIndiamart(deps, subadminOf(req));
    return { status: true, api_link: s.api_link, mobile_number: s.mobile_number };
  });

  // The original client's path, double t included.
  r.post(
    '/indiamartt',
    {
      summary: 'Save the IndiaMART API link and mobile number',
      description: 'The link must be an https address on indiamart.com; the mobile may be sent as a JSON number.',
      guard,
      body: IndiamartBody,
      bodyLimit: SMALL_BODY_LIMIT,
    },
    async (req, { body }) => {
      await settings.saveIndiamart(deps, subadminOf(req), body);
      return { status: true, success: true, message: 'API details saved successfully.' };
    },
  );
};
