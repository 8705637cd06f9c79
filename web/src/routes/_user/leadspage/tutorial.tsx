import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { MediaCardsPage } from '../../../components/media/MediaCardsPage';

export const Route = createFileRoute('/_user/leadspage/tutorial')({
  loader: ({ context }) => void context.trpc.media.tutorials.prefetch(),
  beforeLoad: telecallerOnly,
  head: pageHead('/leadspage/tutorial'),
  component: () => <MediaCardsPage kind="tutorial" />,
});
