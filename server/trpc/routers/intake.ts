import { TRPCError } from '@trpc/server';
import { authedProcedure, router, subadminProcedure } from '../trpc.js';
import * as intake from '../../services/leads/intake.service.js';
import { isTelecallerType, type SubadminActor, type UserActor } from '../../auth/actor.js';
import { AddLeadInput, BatchIdInput, UploadHistoryInput } from '../../../shared/schemas/intake.js';
import { AnalyseFileInput, ImportFileInput } from '../../../shared/schemas/file-import.js';

/** A sub-admin (lead to the pool) or a telecaller / head (lead to their own queue); not developers. */
const leadAdderProcedure = authedProcedure.use(({ ctx, next }) => {
  const a = ctx.actor;
  if (!(a.kind === 'subadmin' || (a.kind === 'user' && isTelecallerType(a.userType)))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this.' });
  }
  return next({ ctx: { ...ctx, actor: a as SubadminActor | UserActor } });
});

export const intakeRouter = router({
  /** Upload history of the company: CSV uploads and IndiaMART pulls, newest first. */
  history: subadminProcedure.input(UploadHistoryInput).query(({ ctx, input }) => intake.uploadHistory(ctx.deps, ctx.actor, input)),

  /** One upload's report (counts, invalid lines with reasons). */
  batch: subadminProcedure.input(BatchIdInput).query(({ ctx, input }) => intake.uploadReport(ctx.deps, ctx.actor, input)),

  /** The largest file the upload accepts, so the page can say so before sending it. */
  limits: subadminProcedure.query(({ ctx }) => ({ maxBytes: ctx.deps.config.uploadMaxBytes })),

  /** A chosen file (sent to POST /upload-csv/file): its columns, the guessed or saved mapping, and its first rows as they would be stored. */
  analyseFile: subadminProcedure.input(AnalyseFileInput).query(({ ctx, input }) => intake.analyseFile(ctx.deps, ctx.actor, input)),

  /** Imports a chosen file with the mapping (optionally saved for files with the same columns). */
  importFile: subadminProcedure.input(ImportFileInput).mutation(({ ctx, input }) => intake.importFile(ctx.deps, ctx.actor, input)),

  addLead: leadAdderProcedure.input(AddLeadInput).mutation(({ ctx, input }) => intake.addLead(ctx.deps, ctx.actor, input)),
});
