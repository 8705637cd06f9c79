import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { OutcomesPage } from '../../components/settings/OutcomesPage';

export const Route = createFileRoute('/subadmin/outcomes')({ head: pageHead('/subadmin/outcomes'), component: OutcomesPage });
