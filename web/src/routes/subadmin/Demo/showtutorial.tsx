import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { MediaListPage } from '../../../components/media/MediaListPage';

export const Route = createFileRoute('/subadmin/Demo/showtutorial')({
  loader: ({ context }) => void context.trpc.media.tutorials.prefetch(),
  head: pageHead('/subadmin/Demo/showtutorial'),
  component: () => <MediaListPage kind="tutorial" />,
});
