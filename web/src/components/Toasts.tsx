import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import classes from './Toasts.module.css';

/**
 * Toasts hide after 3 s and sit where they cover nothing people use: on desktop bottom-right, clear of
 * the header's bell and account menu; on a phone just below the header, over the page title rather than
 * the dashboard tiles and lists, where the thumb works.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'top-center' : 'bottom-right'} autoClose={3000} className={classes.toasts} />;
}
