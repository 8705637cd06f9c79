import type { NavEntry } from './nav';

/** The telecaller, head and developer menu; later work adds entries here. Logout is added by the layout. */
export const USER_NAV: NavEntry[] = [
  { label: 'Home', to: '/', icon: 'home' },
  { label: 'Add Lead', to: '/formlead', icon: 'plus', userTypes: ['Telicaller', 'Telicaller-hade'] },
  { label: 'Notification', to: '/usernotification', icon: 'bell' },
];
