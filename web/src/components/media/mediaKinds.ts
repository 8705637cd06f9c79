import type { MediaKind } from '../../../../shared/schemas/media';
import type { TitledPath } from '../layout/pageTitles';

/** What differs between demos and tutorials: routes, pages, words and the preview size (50 and 100 px, as in the original app). */
export const MEDIA = {
  demo: {
    create: '/api/webapi/createDemo',
    update: '/api/webapi/updateDemo',
    uploadPage: '/subadmin/Demo/Uploaddemo',
    listPage: '/subadmin/Demo/showdemo',
    userPage: '/leadspage/demo',
    thumb: 50,
    noun: 'demo',
    created: 'Demo uploaded successfully!',
    createFailed: 'Upload failed',
    updateFailed: 'Failed to update demo.',
    deleteFailed: 'Failed to delete demo.',
    empty: 'No data available',
    fetchFailed: 'Error fetching demo data.',
  },
  tutorial: {
    create: '/api/webapi/createTutorial',
    update: '/api/webapi/updateTutorial',
    uploadPage: '/subadmin/Demo/tutorialUpload',
    listPage: '/subadmin/Demo/showtutorial',
    userPage: '/leadspage/tutorial',
    thumb: 100,
    noun: 'tutorial',
    created: 'Tutorial uploaded successfully!',
    createFailed: 'Failed to upload tutorial!',
    updateFailed: 'Failed to update tutorial.',
    deleteFailed: 'Failed to delete tutorial.',
    empty: 'No data available.',
    fetchFailed: 'Failed to fetch tutorials.',
  },
} satisfies Record<MediaKind, Record<string, string | number> & { uploadPage: TitledPath; listPage: TitledPath; userPage: TitledPath }>;

/** A demo as a WhatsApp message: name, description and link (the original app's share). */
export const demoShareText = (m: { name: string; discreption: string; link: string }) => `${m.name}\n${m.discreption}\n${m.link}`;
