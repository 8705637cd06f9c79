import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { CreateProjectForm } from '../../../components/projects/CreateProjectForm';

interface CreateSearch {
  /** the product it starts from */
  product?: number;
  /** the lead the project is sold to (Create project on an interested lead) */
  lead?: number;
  name?: string;
  mobile?: string;
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export const Route = createFileRoute('/_user/leadspage/createproject')({
  beforeLoad: telecallerOnly,
  validateSearch: (s: Record<string, unknown>): CreateSearch => {
    const lead = Number(s.lead);
    const product = Number(s.product);
    return {
      ...(Number.isSafeInteger(lead) && lead > 0 ? { lead, name: text(s.name, 200), mobile: text(s.mobile, 20) } : {}),
      ...(Number.isSafeInteger(product) && product > 0 ? { product } : {}),
    };
  },
  head: pageHead('/leadspage/createproject'),
  component: Page,
});

function Page() {
  const { lead, name, mobile, product } = Route.useSearch();
  return (
    <CreateProjectForm
      key={`${lead ?? 0}:${product ?? 0}`}
      productId={product}
      lead={lead ? { id: lead, name: name ?? '', mobile: mobile ?? '' } : undefined}
    />
  );
}
