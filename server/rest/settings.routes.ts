import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as settings from '../services/settings/settings.service.js';
import { IndiamartInput } from '../../shared/schemas/settings.js';
import { parseInput, requireRole, subadminOf } from './legacy.js';

export const settingsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const subadmin = { preHandler: requireRole('subadmin') };

  app.get('/indiamart', subadmin, async (req) => {
    const s = await settings.getIndiamart(deps, subadminOf(req));
    return { status: true, api_link: s.api_link, mobile_number: s.mobile_number };
  });

  // The spec's path, double t included.
  app.post('/indiamartt', subadmin, async (req) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const input = parseInput(IndiamartInput, typeof body.mobile_number === 'number' ? { ...body, mobile_number: String(body.mobile_number) } : body);
    await settings.saveIndiamart(deps, subadminOf(req), input);
    return { status: true, success: true, message: 'API details saved successfully.' };
  });
};
