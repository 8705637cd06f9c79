import type { NavEntry } from './nav';
import { PAGE_TITLES as T } from './pageTitles';

const CALLERS = ['Telicaller', 'Telicaller-hade'] as const;

/** The telecaller, head and developer menu; later work adds entries here. Logout is added by the layout. */
export const USER_NAV: NavEntry[] = [
  { label: T['/'], to: '/', icon: 'home' },
  { label: T['/formlead'], to: '/formlead', icon: 'plus', userTypes: ['Telicaller', 'Telicaller-hade'] },
  { label: T['/usernotification'], to: '/usernotification', icon: 'bell' },
  { label: T['/leadspage/loginhours'], to: '/leadspage/loginhours', icon: 'clock', userTypes: CALLERS },
  { label: T['/leadspage/calllogs'], to: '/leadspage/calllogs', icon: 'phone', userTypes: CALLERS },
  { label: T['/leadspage/cardlogs'], to: '/leadspage/cardlogs', icon: 'cards', userTypes: CALLERS },
];
