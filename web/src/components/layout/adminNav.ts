import type { NavEntry } from './nav';

/** The admin sidebar; later work adds entries here. */
export const ADMIN_NAV: NavEntry[] = [
  { label: 'Dashboard', to: '/admin', icon: 'dashboard', exact: true },
  { label: 'Subadmin Notifications', to: '/admin/notifications', icon: 'bell' },
  { label: 'Create notification', to: '/admin/create-notification', icon: 'send' },
  {
    label: 'Subadmin Complaints',
    icon: 'complaint',
    children: [
      { label: 'Pending', to: '/admin/subadmin-camplaints/pending' },
      { label: 'Closed', to: '/admin/subadmin-camplaints/closed' },
    ],
  },
  { label: 'All Subadmins', to: '/admin/subadmin-list', icon: 'building' },
];
