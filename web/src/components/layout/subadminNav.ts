import type { NavEntry } from './nav';

/** The sub-admin sidebar; later work adds entries (leads, projects, tasks...) here. */
export const SUBADMIN_NAV: NavEntry[] = [
  { label: 'Dashboard', to: '/subadmin/dashbord', icon: 'dashboard' },
  {
    label: 'Telecallers',
    icon: 'users',
    children: [
      { label: 'All Telecallers', to: '/subadmin/telicallerlist/alltelicaller' },
      { label: 'Create Telecaller', to: '/subadmin/telicallerlist/formtelicaller' },
    ],
  },
  {
    label: 'Notifications',
    icon: 'bell',
    children: [
      { label: 'Admin Notifications', to: '/subadmin/adminnotification' },
      { label: 'Notify Telecallers', to: '/subadmin/telicallernotification' },
    ],
  },
  {
    label: 'Send Complaint to Admin',
    icon: 'complaint',
    children: [
      { label: 'Pending', to: '/subadmin/sendcomplain/pending' },
      { label: 'Closed', to: '/subadmin/sendcomplain/close' },
    ],
  },
  {
    label: 'Manage API',
    icon: 'key',
    children: [{ label: 'API Details', to: '/subadmin/manage-indiamart' }],
  },
  { label: 'Profile Update', to: '/subadmin/Profilehandel', icon: 'user' },
];
