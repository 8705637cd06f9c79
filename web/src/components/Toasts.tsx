import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';

/** Toasts hide after 3 s; on phones they sit at the bottom so they never cover the top bar. */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} autoClose={3000} />;
}
