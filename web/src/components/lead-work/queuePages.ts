import type { LeadQueue } from '../../../../shared/constants';
import type { UserPagePath } from '../layout/pageTitles';
import { QUEUE_PATHS } from './queueInput';

/** Where each queue's list lives: its title is that page's (i18n: titles), its texts are i18n's `queues`. */
export { QUEUE_PATHS, queuePath } from './queueInput';

// Checked here, where the page titles are (queueInput.ts stays free of the app's modules for its test).
QUEUE_PATHS satisfies Record<LeadQueue, UserPagePath>;
