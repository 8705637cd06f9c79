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
    label: 'Leads',
    icon: 'leads',
    children: [
      { label: 'Upload Leads', to: '/subadmin/uploaddata' },
      { label: 'Distribute Leads', to: '/subadmin/Leads/distibutelead' },
      { label: 'Uploaded Leads', to: '/subadmin/Leads/myuploadleads' },
      { label: 'Pending Leads', to: '/subadmin/Leads/pendingleads' },
      { label: 'Interested Leads', to: '/subadmin/Leads/interestedleads' },
      { label: 'Not Interested Leads', to: '/subadmin/Leads/notinterestedleads' },
      { label: 'Follow-up Leads', to: '/subadmin/Leads/followupleads' },
      { label: 'Invalid Leads', to: '/subadmin/Leads/invelidleads' },
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
