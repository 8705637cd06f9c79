import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { MediaListPage } from '../../../components/media/MediaListPage';

export const Route = createFileRoute('/subadmin/Demo/showdemo')({
  loader: ({ context }) => void context.trpc.media.demos.prefetch(),
  head: pageHead('/subadmin/Demo/showdemo'),
  component: () => <MediaListPage kind="demo" />,
});
