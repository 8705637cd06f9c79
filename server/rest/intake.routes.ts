import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';

export const intakeRoutes: FastifyPluginAsync<{ deps: Deps }> = async (_app, { deps: _deps }) => {};
