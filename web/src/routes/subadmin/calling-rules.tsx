import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { CallingRulesPage } from '../../components/settings/CallingRulesPage';

export const Route = createFileRoute('/subadmin/calling-rules')({ head: pageHead('/subadmin/calling-rules'), component: CallingRulesPage });
