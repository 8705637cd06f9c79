import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { TelephonyPage } from '../../components/settings/TelephonyPage';

export const Route = createFileRoute('/subadmin/telephony')({ head: pageHead('/subadmin/telephony'), component: TelephonyPage });
