import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { BannersPage } from '../../components/banners/BannersPage';

export const Route = createFileRoute('/subadmin/banners')({
  loader: ({ context }) => void context.trpc.banners.list.prefetch(),
  head: pageHead('/subadmin/banners'),
  component: BannersPage,
});
