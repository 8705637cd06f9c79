import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { MediaUploadPage } from '../../../components/media/MediaUploadPage';

export const Route = createFileRoute('/subadmin/Demo/tutorialUpload')({
  head: pageHead('/subadmin/Demo/tutorialUpload'),
  component: () => <MediaUploadPage kind="tutorial" />,
});
