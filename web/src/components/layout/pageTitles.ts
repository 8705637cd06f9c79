import { pageTitle } from './brand';
import { USER_PAGE_TITLES } from './userPageTitles';

export type { UserPagePath } from './userPageTitles';

/**
 * The one title of each page: its heading, its browser tab title and the label of the menu entry that
 * opens it all come from here, so they cannot drift apart. Names follow one choice each: "Subadmin"
 * for a company's account, "Admin" for the platform's, "Telecaller", "Telecaller head", "Developer".
 */
export const PAGE_TITLES = {
  '/signin': 'Sign in',
  '/login': 'Sign in',
  '/adminsignin': 'Admin sign in',
  '/subadminsignin': 'Subadmin sign in',

  '/admin': 'Dashboard',
  '/admin/notifications': 'Subadmin Notifications',
  '/admin/create-notification': 'Create Notification',
  '/admin/subadmin-camplaints/pending': 'Pending Complaints',
  '/admin/subadmin-camplaints/closed': 'Closed Complaints',
  '/admin/subadmin-list': 'All Subadmins',
  '/admin/subadmin-list/form': 'Create Subadmin',

  '/subadmin/dashbord': 'Dashboard',
  '/subadmin/telicallerlist/alltelicaller': 'All Telecallers',
  '/subadmin/telicallerlist/formtelicaller': 'Create Telecaller',
  '/subadmin/uploaddata': 'Upload Leads',
  '/subadmin/Leads/distibutelead': 'Distribute Leads',
  '/subadmin/Leads/myuploadleads': 'Uploaded Leads',
  '/subadmin/Leads/pendingleads': 'Pending Leads',
  '/subadmin/Leads/interestedleads': 'Interested Leads',
  '/subadmin/Leads/notinterestedleads': 'Not Interested Leads',
  '/subadmin/Leads/followupleads': 'Follow-up Leads',
  '/subadmin/Leads/invelidleads': 'Invalid Leads',
  '/subadmin/Leads/notsubmittedleads': 'Not Submitted Leads',
  '/subadmin/Leads/callsummary': 'Telecaller Call Summary',
  '/subadmin/Leads/productivity': 'Productivity',
  '/subadmin/Leads/callloghistory': 'Call Log History',
  '/subadmin/speed-to-lead': 'Speed to lead',
  '/subadmin/adminnotification': 'Admin Notifications',
  '/subadmin/telicallernotification': 'Telecaller Notifications',
  '/subadmin/sendcomplain/pending': 'Pending Complaints to Admin',
  '/subadmin/sendcomplain/close': 'Closed Complaints to Admin',
  '/subadmin/manage-indiamart': 'API Details',
  '/subadmin/lead-capture': 'Lead Capture',
  '/subadmin/calling-rules': 'Calling Rules',
  '/subadmin/lead-fields': 'Lead fields',
  '/subadmin/outcomes': 'Outcomes',
  '/subadmin/telephony': 'Telephony',
  '/subadmin/lead-routing': 'Lead Routing',
  '/subadmin/Profilehandel': 'Profile Update',
  '/subadmin/SubProject/approveproject': 'Approve Projects',
  '/subadmin/SubProject/createproject': 'Running Projects',
  '/subadmin/SubProject/rejectproject': 'Rejected Projects',
  '/subadmin/SubProject/compleatproject': 'Completed Projects',
  '/subadmin/Leads/confirmproject': 'Projects from Leads',
  '/subadmin/payment': 'Pending Project Updates',
  '/subadmin/business': 'Business Overview',
  '/subadmin/products': 'Products',
  '/subadmin/banners': 'Update Banner',
  '/subadmin/task/newtask': 'New Task',
  '/subadmin/task/runningtask': 'Running Tasks',
  '/subadmin/task/dailytask': 'Delay Tasks',
  '/subadmin/task/compleattask': 'Completed Tasks',
  '/subadmin/Demo/Uploaddemo': 'Upload Demo',
  '/subadmin/Demo/showdemo': 'Show Demo',
  '/subadmin/Demo/tutorialUpload': 'Tutorial Upload',
  '/subadmin/Demo/showtutorial': 'Show Tutorials',
  '/subadmin/telicallerComplain/pending': 'Pending Telecaller Complaints',
  '/subadmin/telicallerComplain/close': 'Closed Telecaller Complaints',

  ...USER_PAGE_TITLES,
} as const;

export type TitledPath = keyof typeof PAGE_TITLES;

export const NOT_FOUND_TITLE = 'Page not found';
export const ERROR_TITLE = 'Something went wrong';

/** A route's `head`: the page's own title in the browser tab. */
export const pageHead = (path: TitledPath) => () => ({ meta: [{ title: pageTitle(PAGE_TITLES[path]) }] });
