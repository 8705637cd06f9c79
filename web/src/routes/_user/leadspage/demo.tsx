import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { telecallerOnly } from '../../../components/summaries/telecallerOnly';
import { MediaCardsPage } from '../../../components/media/MediaCardsPage';

export const Route = createFileRoute('/_user/leadspage/demo')({
  loader: ({ context }) => void context.trpc.media.demos.prefetch(),
  beforeLoad: telecallerOnly,
  head: pageHead('/leadspage/demo'),
  component: () => <MediaCardsPage kind="demo" />,
});
