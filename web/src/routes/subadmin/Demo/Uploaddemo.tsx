import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { MediaUploadPage } from '../../../components/media/MediaUploadPage';

export const Route = createFileRoute('/subadmin/Demo/Uploaddemo')({
  head: pageHead('/subadmin/Demo/Uploaddemo'),
  component: () => <MediaUploadPage kind="demo" />,
});
