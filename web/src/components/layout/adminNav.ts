import type { NavEntry } from './nav';
import { PAGE_TITLES as T } from './pageTitles';

/** The admin sidebar; later work adds entries here. Each label is the title of the page it opens. */
export const ADMIN_NAV: NavEntry[] = [
  { label: T['/admin'], to: '/admin', icon: 'dashboard', exact: true },
  { label: T['/admin/notifications'], to: '/admin/notifications', icon: 'bell' },
  { label: T['/admin/create-notification'], to: '/admin/create-notification', icon: 'send' },
  {
    label: 'Subadmin Complaints',
    icon: 'complaint',
    children: [
      { label: T['/admin/subadmin-camplaints/pending'], to: '/admin/subadmin-camplaints/pending' },
      { label: T['/admin/subadmin-camplaints/closed'], to: '/admin/subadmin-camplaints/closed' },
    ],
  },
  { label: T['/admin/subadmin-list'], to: '/admin/subadmin-list', icon: 'building' },
];
