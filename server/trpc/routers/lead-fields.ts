import { router, SMALL_INPUT, subadminProcedure } from '../trpc.js';
import * as fields from '../../services/lead-fields/fields.service.js';
import * as choices from '../../services/lead-fields/choices.service.js';
import {
  FeedbackChoiceInput,
  FeedbackChoiceUpdateInput,
  FieldHiddenInput,
  LeadFieldInput,
  LeadFieldUpdateInput,
  ShapeIdInput,
  ShapeMoveInput,
} from '../../../shared/schemas/lead-fields.js';

/** The company's lead fields, as its sub-admin defines them (docs/lead-fields.md#defining-fields). */
export const leadFieldsRouter = router({
  list: subadminProcedure.query(({ ctx }) => fields.listFields(ctx.deps, ctx.actor)),
  add: subadminProcedure
    .meta(SMALL_INPUT)
    .input(LeadFieldInput)
    .mutation(({ ctx, input }) => fields.addField(ctx.deps, ctx.actor, input)),
  update: subadminProcedure
    .meta(SMALL_INPUT)
    .input(LeadFieldUpdateInput)
    .mutation(({ ctx, input }) => fields.updateField(ctx.deps, ctx.actor, input)),
  move: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeMoveInput)
    .mutation(({ ctx, input }) => fields.moveField(ctx.deps, ctx.actor, input)),
  setHidden: subadminProcedure
    .meta(SMALL_INPUT)
    .input(FieldHiddenInput)
    .mutation(({ ctx, input }) => fields.setFieldHidden(ctx.deps, ctx.actor, input.id, input.hidden)),
  retire: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeIdInput)
    .mutation(({ ctx, input }) => fields.retireField(ctx.deps, ctx.actor, input.id)),
  restore: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeIdInput)
    .mutation(({ ctx, input }) => fields.restoreField(ctx.deps, ctx.actor, input.id)),
});

/** The company's feedback choices under each status (docs/lead-fields.md#outcomes); they read back through shape.get. */
export const feedbackChoicesRouter = router({
  add: subadminProcedure
    .meta(SMALL_INPUT)
    .input(FeedbackChoiceInput)
    .mutation(({ ctx, input }) => choices.addChoice(ctx.deps, ctx.actor, input)),
  update: subadminProcedure
    .meta(SMALL_INPUT)
    .input(FeedbackChoiceUpdateInput)
    .mutation(({ ctx, input }) => choices.updateChoice(ctx.deps, ctx.actor, input)),
  move: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeMoveInput)
    .mutation(({ ctx, input }) => choices.moveChoice(ctx.deps, ctx.actor, input)),
  retire: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeIdInput)
    .mutation(({ ctx, input }) => choices.retireChoice(ctx.deps, ctx.actor, input.id)),
  restore: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ShapeIdInput)
    .mutation(({ ctx, input }) => choices.restoreChoice(ctx.deps, ctx.actor, input.id)),
});
