import type { NavEntry } from './nav';
import { PAGE_TITLES as T, type TitledPath } from './pageTitles';

const page = (to: TitledPath) => ({ label: T[to], to });

/** The sub-admin sidebar; later work adds entries (leads, projects, tasks...) here. Each label is the title of the page it opens. */
export const SUBADMIN_NAV: NavEntry[] = [
  { ...page('/subadmin/dashbord'), icon: 'dashboard' },
  { label: 'Telecallers', icon: 'users', children: [page('/subadmin/telicallerlist/alltelicaller'), page('/subadmin/telicallerlist/formtelicaller')] },
  {
    label: 'Leads',
    icon: 'leads',
    children: [
      page('/subadmin/uploaddata'),
      page('/subadmin/Leads/distibutelead'),
      page('/subadmin/Leads/myuploadleads'),
      page('/subadmin/Leads/pendingleads'),
      page('/subadmin/Leads/interestedleads'),
      page('/subadmin/Leads/notinterestedleads'),
      page('/subadmin/Leads/followupleads'),
      page('/subadmin/Leads/invelidleads'),
      page('/subadmin/Leads/notsubmittedleads'),
    ],
  },
  {
    label: 'Projects',
    icon: 'building',
    children: [
      page('/subadmin/SubProject/approveproject'),
      page('/subadmin/payment'),
      page('/subadmin/SubProject/createproject'),
      page('/subadmin/SubProject/compleatproject'),
      page('/subadmin/SubProject/rejectproject'),
      page('/subadmin/Leads/confirmproject'),
      page('/subadmin/business'),
      page('/subadmin/products'),
    ],
  },
  {
    label: 'Calls',
    icon: 'phone',
    children: [
      page('/subadmin/Leads/callsummary'),
      page('/subadmin/Leads/productivity'),
      page('/subadmin/speed-to-lead'),
      page('/subadmin/Leads/callloghistory'),
    ],
  },
  { label: 'Notifications', icon: 'bell', children: [page('/subadmin/adminnotification'), page('/subadmin/telicallernotification')] },
  { label: 'Telecaller Complaints', icon: 'complaint', children: [page('/subadmin/telicallerComplain/pending'), page('/subadmin/telicallerComplain/close')] },
  { label: 'Send Complaint to Admin', icon: 'complaint', children: [page('/subadmin/sendcomplain/pending'), page('/subadmin/sendcomplain/close')] },
  { label: 'Manage API', icon: 'key', children: [page('/subadmin/manage-indiamart'), page('/subadmin/lead-capture')] },
  {
    label: 'Tasks',
    icon: 'cards',
    children: [page('/subadmin/task/newtask'), page('/subadmin/task/runningtask'), page('/subadmin/task/dailytask'), page('/subadmin/task/compleattask')],
  },
  {
    label: 'Demos and Tutorials',
    icon: 'star',
    children: [page('/subadmin/Demo/Uploaddemo'), page('/subadmin/Demo/showdemo'), page('/subadmin/Demo/tutorialUpload'), page('/subadmin/Demo/showtutorial')],
  },
  { ...page('/subadmin/banners'), icon: 'upload' },
  { ...page('/subadmin/calling-rules'), icon: 'settings' },
  { ...page('/subadmin/lead-fields'), icon: 'leads' },
  { ...page('/subadmin/outcomes'), icon: 'cards' },
  { ...page('/subadmin/telephony'), icon: 'phone' },
  { ...page('/subadmin/lead-routing'), icon: 'settings' },
  { ...page('/subadmin/Profilehandel'), icon: 'user' },
];
