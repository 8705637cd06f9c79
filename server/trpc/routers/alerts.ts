import { z } from 'zod';
import { router, telecallerProcedure } from '../trpc.js';
import { pushPublicKey, subscribePush, unsubscribePush } from '../../services/alerts/push.service.js';
import { PushSubscriptionInput } from '../../../shared/schemas/alerts.js';

/** Alerts on the telecaller's phone (docs/alerts.md): Web Push subscriptions of the signed-in user's browsers. */
export const alertsRouter = router({
  /** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  pushKey: telecallerProcedure.query(({ ctx }) => ({ publicKey: pushPublicKey(ctx.deps) })),
  subscribe: telecallerProcedure.input(PushSubscriptionInput).mutation(({ ctx, input }) => subscribePush(ctx.deps, ctx.actor, input)),
  unsubscribe: telecallerProcedure
    .input(z.object({ endpoint: z.string().max(2000) }))
    .mutation(({ ctx, input }) => unsubscribePush(ctx.deps, ctx.actor, input.endpoint)),
});
