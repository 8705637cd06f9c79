import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { IndiamartPage } from '../../components/indiamart/IndiamartPage';

export const Route = createFileRoute('/subadmin/manage-indiamart')({ head: pageHead('/subadmin/manage-indiamart'), component: IndiamartPage });
