import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { waitBriefly } from '../../lib/waitBriefly';
import { UserDashboardPage } from '../../components/dashboard/UserDashboardPage';

export const Route = createFileRoute('/_user/')({
  head: pageHead('/'),
  // The counts are asked for while the page's code loads, and drawn with the page.
  loader: ({ context }) => waitBriefly(context.trpc.dashboard.tiles.prefetch()),
  component: UserDashboardPage,
});
