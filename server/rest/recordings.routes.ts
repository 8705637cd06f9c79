import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import { AppError, httpStatusOf } from '../errors.js';
import { openRecording, RecordingUnavailable } from '../services/telephony/recordings.service.js';
import { idField } from '../../shared/schemas/users.js';
import { failure } from './legacy.js';

const Params = z.object({ callId: idField });

/**
 * GET /api/recordings/:callId: a call's recording, streamed through the server to those allowed to
 * hear it (docs/telephony.md#recordings), with the session cookie or a bearer token. Range requests pass
 * through to the provider, so a player can seek.
 */
export const recordingsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/api/recordings/:callId', async (req, reply) => {
    const actor = req.actor;
    if (!actor) return reply.code(401).send(failure(req.authError ?? 'You are not authenticated. Please log in.'));
    const params = Params.safeParse(req.params);
    if (actor.kind === 'admin' || !params.success) return reply.code(404).send(failure('Recording not found.'));
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    try {
      const rec = await openRecording(deps, actor, params.data.callId, range);
      reply.code(rec.status).headers(rec.headers);
      return reply.send(rec.body ?? '');
    } catch (err) {
      if (err instanceof RecordingUnavailable) return reply.code(502).send(failure(err.message));
      if (err instanceof AppError) return reply.code(httpStatusOf[err.code]).send(failure(err.message));
      throw err;
    }
  });
};
