import type { TFunction } from 'i18next';
import type { NavEntry, NavItem } from './nav';
import type { UserPagePath } from './pageTitles';

const CALLERS = ['Telicaller', 'Telicaller-hade'] as const;

/**
 * The telecaller, head and developer menu in the user's language; later work adds entries here.
 * Logout is added by the layout. Each label is the title of the page it opens. The lead queues come
 * in the order a working day goes: today's leads and callbacks, then the rest.
 */
export const userNav = (t: TFunction): NavEntry[] => {
  const title = (to: UserPagePath) => t(`titles.${to}`);
  const leadPage = (to: UserPagePath, userTypes: NavItem['userTypes'] = CALLERS): NavItem => ({ label: title(to), to, userTypes });
  return [
    { label: title('/'), to: '/', icon: 'home' },
    {
      label: t('nav.leads'),
      icon: 'leads',
      children: [
        leadPage('/TellyCalerHad/LeadsHead', ['Telicaller-hade']),
        leadPage('/leadspage/leads'),
        leadPage('/leadspage/callback'),
        leadPage('/leadspage/pendingleads', ['Telicaller']),
        leadPage('/TellyCalerHad/HeadPending', ['Telicaller-hade']),
        leadPage('/leadspage/followupleads'),
        leadPage('/leadspage/interestedleads'),
        leadPage('/leadspage/notinterestedleads'),
        leadPage('/leadspage/invalidleads'),
        leadPage('/leadspage/notsubmitleads'),
      ],
    },
    { label: title('/formlead'), to: '/formlead', icon: 'plus', userTypes: CALLERS },
    {
      label: t('nav.projects'),
      icon: 'building',
      children: [
        leadPage('/leadspage/createproject'),
        leadPage('/waitingproject'),
        leadPage('/Runningproject'),
        leadPage('/pendingpayment'),
        leadPage('/leadspage/updatepayment'),
        leadPage('/dailayproject'),
        leadPage('/leadspage/compleatproject'),
        leadPage('/Rejectproject'),
        leadPage('/totalbusniness'),
        leadPage('/leadspage/listproduct'),
      ],
    },
    { label: title('/leadspage/leadquality'), to: '/leadspage/leadquality', icon: 'star', userTypes: CALLERS },
    { label: title('/usernotification'), to: '/usernotification', icon: 'bell' },
    {
      label: t('nav.tasks'),
      icon: 'cards',
      children: (['/newtask', '/runingtask', '/dailytask', '/compleattask'] as const).map((to) => leadPage(to, ['Developer'])),
    },
    { label: title('/leadspage/demo'), to: '/leadspage/demo', icon: 'star', userTypes: CALLERS },
    { label: title('/leadspage/tutorial'), to: '/leadspage/tutorial', icon: 'star', userTypes: CALLERS },
    { label: title('/complainsuggestion'), to: '/complainsuggestion', icon: 'complaint' },
    { label: title('/leadspage/loginhours'), to: '/leadspage/loginhours', icon: 'clock', userTypes: CALLERS },
    { label: title('/leadspage/calllogs'), to: '/leadspage/calllogs', icon: 'phone', userTypes: CALLERS },
    { label: title('/leadspage/cardlogs'), to: '/leadspage/cardlogs', icon: 'cards', userTypes: CALLERS },
  ];
};
