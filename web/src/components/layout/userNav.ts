import type { NavEntry } from './nav';
import { PAGE_TITLES as T } from './pageTitles';

/** The telecaller, head and developer menu; later work adds entries here. Logout is added by the layout. */
export const USER_NAV: NavEntry[] = [
  { label: T['/'], to: '/', icon: 'home' },
  { label: T['/formlead'], to: '/formlead', icon: 'plus', userTypes: ['Telicaller', 'Telicaller-hade'] },
  { label: T['/leadspage/leadquality'], to: '/leadspage/leadquality', icon: 'star', userTypes: ['Telicaller', 'Telicaller-hade'] },
  { label: T['/usernotification'], to: '/usernotification', icon: 'bell' },
];
