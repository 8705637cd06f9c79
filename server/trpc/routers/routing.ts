import { router, SMALL_INPUT, subadminProcedure, telecallerProcedure } from '../trpc.js';
import * as routing from '../../services/routing/routing.service.js';
import {
  EndBreakInput,
  MyBreakInput,
  RoutingRuleIdInput,
  RoutingRuleInput,
  RoutingRuleMoveInput,
  RoutingRuleUpdateInput,
  RoutingSettingsInput,
  SetDailyCapInput,
} from '../../../shared/schemas/routing.js';

/** Lead routing's settings, rules and people's availability (docs/routing.md). */
export const routingRouter = router({
  settings: subadminProcedure.query(({ ctx }) => routing.getRoutingSettings(ctx.deps, ctx.actor.subadminId)),
  saveSettings: subadminProcedure
    .meta(SMALL_INPUT)
    .input(RoutingSettingsInput)
    .mutation(({ ctx, input }) => routing.saveRoutingSettings(ctx.deps, ctx.actor, input)),
  rules: subadminProcedure.query(({ ctx }) => routing.listRoutingRules(ctx.deps, ctx.actor.subadminId)),
  createRule: subadminProcedure.input(RoutingRuleInput).mutation(({ ctx, input }) => routing.createRoutingRule(ctx.deps, ctx.actor, input)),
  updateRule: subadminProcedure.input(RoutingRuleUpdateInput).mutation(({ ctx, input }) => routing.updateRoutingRule(ctx.deps, ctx.actor, input)),
  deleteRule: subadminProcedure.input(RoutingRuleIdInput).mutation(({ ctx, input }) => routing.deleteRoutingRule(ctx.deps, ctx.actor, input.id)),
  moveRule: subadminProcedure.input(RoutingRuleMoveInput).mutation(({ ctx, input }) => routing.moveRoutingRule(ctx.deps, ctx.actor, input)),
  availability: subadminProcedure.query(({ ctx }) => routing.routingAvailability(ctx.deps, ctx.actor.subadminId)),
  setCap: subadminProcedure.input(SetDailyCapInput).mutation(({ ctx, input }) => routing.setDailyCap(ctx.deps, ctx.actor, input)),
  endBreak: subadminProcedure.input(EndBreakInput).mutation(({ ctx, input }) => routing.endBreak(ctx.deps, ctx.actor, input.userId)),
  myBreak: telecallerProcedure.query(({ ctx }) => routing.getMyBreak(ctx.deps, ctx.actor)),
  setMyBreak: telecallerProcedure.input(MyBreakInput).mutation(({ ctx, input }) => routing.setMyBreak(ctx.deps, ctx.actor, input.onBreak)),
});
