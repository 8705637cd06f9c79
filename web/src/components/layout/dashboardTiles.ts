import type { UserTypeValue } from '../../../../shared/constants';
import type { Texts } from '../../i18n/en';
import type { IconName } from './icons';

/** Keys of `dashboard.tiles` counts. */
export type TileKey =
  | 'newLeads'
  | 'pendingLeads'
  | 'juniorLeads'
  | 'callbackToday'
  | 'interestedLeads'
  | 'notInterestedLeads'
  | 'followUpLeads'
  | 'callLogs'
  | 'loginHours'
  | 'invalidLeads'
  | 'noSubmitLeads'
  | 'leadQuality'
  | 'runningProjects'
  | 'completedProjects'
  | 'pendingPayment'
  | 'totalBusiness'
  | 'delayedProjects'
  | 'rejectedProjects'
  | 'newTasks'
  | 'runningTasks'
  | 'completedTasks'
  | 'delayedTasks';

/** Tiles that open a page and have no figure (Create project, Tutorial, Demo). */
export type LinkTileKey = 'createProject' | 'tutorial' | 'demo';

export interface DashboardTile {
  key: TileKey | LinkTileKey;
  /** its name (i18n: dashboard.tiles), when it is not the key's */
  label?: keyof Texts['dashboard']['tiles'];
  /** the page the tile opens; the tile links only once that page exists */
  to: string;
  color: string;
  /** what the figure is: a count (the default), seconds shown as h/m/s, or none (a link with an icon) */
  format?: 'count' | 'duration' | 'link';
  icon?: IconName;
}

const SHARED_TILES: DashboardTile[] = [
  { key: 'callbackToday', to: '/leadspage/callback', color: 'orange' },
  { key: 'interestedLeads', to: '/leadspage/interestedleads', color: 'green' },
  { key: 'notInterestedLeads', to: '/leadspage/notinterestedleads', color: 'gray' },
  { key: 'followUpLeads', to: '/leadspage/followupleads', color: 'cyan' },
  { key: 'callLogs', to: '/leadspage/calllogs', color: 'indigo' },
  // Talk time: today's time on connected calls, the figure its page opens with.
  { key: 'loginHours', to: '/leadspage/loginhours', color: 'violet', format: 'duration' },
  { key: 'invalidLeads', to: '/leadspage/invalidleads', color: 'red' },
  { key: 'noSubmitLeads', to: '/leadspage/notsubmitleads', color: 'yellow' },
  { key: 'leadQuality', to: '/leadspage/leadquality', color: 'teal' },
  { key: 'createProject', to: '/leadspage/createproject', color: 'blue', format: 'link', icon: 'plus' },
  { key: 'runningProjects', to: '/Runningproject', color: 'blue' },
  { key: 'completedProjects', to: '/leadspage/compleatproject', color: 'green' },
  { key: 'tutorial', to: '/leadspage/tutorial', color: 'grape', format: 'link', icon: 'star' },
  { key: 'demo', to: '/leadspage/demo', color: 'grape', format: 'link', icon: 'star' },
  { key: 'pendingPayment', to: '/pendingpayment', color: 'orange' },
  { key: 'totalBusiness', to: '/totalbusniness', color: 'teal' },
  { key: 'delayedProjects', to: '/dailayproject', color: 'red' },
  { key: 'rejectedProjects', to: '/Rejectproject', color: 'gray' },
];

export const DASHBOARD_TILES: Record<UserTypeValue, DashboardTile[]> = {
  'Telicaller-hade': [
    { key: 'juniorLeads', to: '/TellyCalerHad/LeadsHead', color: 'violet' },
    { key: 'newLeads', label: 'newLeadsFromSubadmin', to: '/leadspage/leads', color: 'blue' },
    { key: 'pendingLeads', to: '/TellyCalerHad/HeadPending', color: 'grape' },
    ...SHARED_TILES,
  ],
  Telicaller: [
    { key: 'newLeads', to: '/leadspage/leads', color: 'blue' },
    { key: 'pendingLeads', to: '/leadspage/pendingleads', color: 'grape' },
    ...SHARED_TILES,
  ],
  Developer: [
    { key: 'newTasks', to: '/newtask', color: 'blue' },
    { key: 'runningTasks', to: '/runingtask', color: 'orange' },
    { key: 'completedTasks', to: '/compleattask', color: 'green' },
    { key: 'delayedTasks', to: '/dailytask', color: 'red' },
  ],
};
