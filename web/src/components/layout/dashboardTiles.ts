import type { UserTypeValue } from '../../../../shared/constants';

/** Keys of `dashboard.tiles` counts. */
export type TileKey =
  | 'newLeads' | 'pendingLeads' | 'juniorLeads' | 'callbackToday' | 'interestedLeads' | 'notInterestedLeads'
  | 'followUpLeads' | 'callLogs' | 'loginHours' | 'invalidLeads' | 'noSubmitLeads' | 'leadQuality' | 'runningProjects'
  | 'completedProjects' | 'pendingPayment' | 'totalBusiness' | 'delayedProjects' | 'rejectedProjects'
  | 'newTasks' | 'runningTasks' | 'completedTasks' | 'delayedTasks';

export interface DashboardTile {
  key: TileKey;
  label: string;
  /** the page the tile opens; the tile links only once that page exists */
  to: string;
  color: string;
  /** what the figure is: a count (the default) or seconds, shown as h/m/s */
  format?: 'count' | 'duration';
}

// Create project, Tutorial and Demo have no count: add them here with their pages.
const SHARED_TILES: DashboardTile[] = [
  { key: 'callbackToday', label: 'Call back today', to: '/leadspage/callback', color: 'orange' },
  { key: 'interestedLeads', label: 'Interested', to: '/leadspage/interestedleads', color: 'green' },
  { key: 'notInterestedLeads', label: 'Not interested', to: '/leadspage/notinterestedleads', color: 'gray' },
  { key: 'followUpLeads', label: 'Follow-up leads', to: '/leadspage/followupleads', color: 'cyan' },
  { key: 'callLogs', label: 'Call logs', to: '/leadspage/calllogs', color: 'indigo' },
  // Login hours shows today's time on calls: the figure its page opens with.
  { key: 'loginHours', label: 'Login hours', to: '/leadspage/loginhours', color: 'violet', format: 'duration' },
  { key: 'invalidLeads', label: 'Invalid leads', to: '/leadspage/invalidleads', color: 'red' },
  { key: 'noSubmitLeads', label: 'Not submitted leads', to: '/leadspage/notsubmitleads', color: 'yellow' },
  { key: 'leadQuality', label: 'Lead quality', to: '/leadspage/leadquality', color: 'teal' },
  { key: 'runningProjects', label: 'Running projects', to: '/Runningproject', color: 'blue' },
  { key: 'completedProjects', label: 'Completed projects', to: '/leadspage/compleatproject', color: 'green' },
  { key: 'pendingPayment', label: 'Pending payment', to: '/pendingpayment', color: 'orange' },
  { key: 'totalBusiness', label: 'Total business', to: '/totalbusniness', color: 'teal' },
  { key: 'delayedProjects', label: 'Delayed projects', to: '/dailayproject', color: 'red' },
  { key: 'rejectedProjects', label: 'Rejected projects', to: '/Rejectproject', color: 'gray' },
];

export const DASHBOARD_TILES: Record<UserTypeValue, DashboardTile[]> = {
  'Telicaller-hade': [
    { key: 'juniorLeads', label: 'Junior leads', to: '/TellyCalerHad/LeadsHead', color: 'violet' },
    { key: 'newLeads', label: 'New leads from subadmin', to: '/leadspage/leads', color: 'blue' },
    { key: 'pendingLeads', label: 'Pending leads', to: '/TellyCalerHad/HeadPending', color: 'grape' },
    ...SHARED_TILES,
  ],
  Telicaller: [
    { key: 'newLeads', label: 'New leads', to: '/leadspage/leads', color: 'blue' },
    { key: 'pendingLeads', label: 'Pending leads', to: '/leadspage/pendingleads', color: 'grape' },
    ...SHARED_TILES,
  ],
  Developer: [
    { key: 'newTasks', label: 'New tasks', to: '/newtask', color: 'blue' },
    { key: 'runningTasks', label: 'Running tasks', to: '/runingtask', color: 'orange' },
    { key: 'completedTasks', label: 'Completed tasks', to: '/compleattask', color: 'green' },
    { key: 'delayedTasks', label: 'Delayed tasks', to: '/dailytask', color: 'red' },
  ],
};
