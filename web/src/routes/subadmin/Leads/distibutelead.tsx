import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../components/layout/pageTitles';
import { DistributeLeadsPage } from '../../../components/distribution/DistributeLeadsPage';

export const Route = createFileRoute('/subadmin/Leads/distibutelead')({ head: pageHead('/subadmin/Leads/distibutelead'), component: DistributeLeadsPage });
