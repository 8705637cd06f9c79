import { companyReaderProcedure, router } from '../trpc.js';
import { companyShape } from '../../services/lead-fields/shape.service.js';

/** The company's own fields and feedback choices (docs/lead-fields.md): what its lead forms, cards and lists are built from. */
export const shapeRouter = router({ get: companyReaderProcedure.query(({ ctx }) => companyShape(ctx.deps.db, ctx.subadminId)) });
