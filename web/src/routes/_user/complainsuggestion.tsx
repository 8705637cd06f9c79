import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { MyComplaintsPage } from '../../components/complaints/MyComplaintsPage';

export const Route = createFileRoute('/_user/complainsuggestion')({ head: pageHead('/complainsuggestion'), component: MyComplaintsPage });
