import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../components/layout/pageTitles';
import { ProfilePage } from '../../components/settings/ProfilePage';

export const Route = createFileRoute('/subadmin/Profilehandel')({ head: pageHead('/subadmin/Profilehandel'), component: ProfilePage });
