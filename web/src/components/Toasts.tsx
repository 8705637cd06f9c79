import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import classes from './Toasts.module.css';
import { PHONE_QUERY } from '../lib/notify';

/**
 * Toasts sit where they cover nothing people use. On desktop bottom-right, clear of the header's bell and
 * account menu, hiding after 3 s. On a phone at the bottom, one line each, at most two at once and
 * hiding after 2 s: the top holds what a telecaller needs right after a submit (the next lead's name,
 * Previous/Next, Call), and three stacked toasts there covered all of it.
 */
export function Toasts() {
  const phone = useMediaQuery(PHONE_QUERY);
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} autoClose={phone ? 2000 : 3000} limit={phone ? 2 : 5} className={classes.toasts} />;
}
