import { trpc } from '../trpc';

/** The company's own fields and feedback choices (docs/lead-fields.md); they change rarely, so the answer is kept a while. */
export function useCompanyShape() {
  return trpc.shape.get.useQuery(undefined, { staleTime: 5 * 60_000 });
}
