import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { UploadLeadsPage } from '../../components/intake/UploadLeadsPage';

export const Route = createFileRoute('/subadmin/uploaddata')({ head: pageHead('/subadmin/uploaddata'), component: UploadLeadsPage });
