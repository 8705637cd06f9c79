import { pageTitle } from './brand';

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
  '/subadmin/Leads/callsummary': 'Telecaller Call Summary',
  '/subadmin/Leads/productivity': 'Productivity',
  '/subadmin/Leads/callloghistory': 'Call Log History',
  '/subadmin/adminnotification': 'Admin Notifications',
  '/subadmin/telicallernotification': 'Telecaller Notifications',
  '/subadmin/sendcomplain/pending': 'Pending Complaints to Admin',
  '/subadmin/sendcomplain/close': 'Closed Complaints to Admin',
  '/subadmin/manage-indiamart': 'API Details',
  '/subadmin/calling-rules': 'Calling Rules',
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
  '/subadmin/Demo/Uploaddemo': 'Upload Demo',
  '/subadmin/Demo/showdemo': 'Show Demo',
  '/subadmin/Demo/tutorialUpload': 'Tutorial Upload',
  '/subadmin/Demo/showtutorial': 'Show Tutorials',
  '/subadmin/telicallerComplain/pending': 'Pending Telecaller Complaints',
  '/subadmin/telicallerComplain/close': 'Closed Telecaller Complaints',

  '/': 'Home',
  '/formlead': 'Add Lead',
  '/usernotification': 'Notifications',
  '/leadspage/leads': 'New Leads',
  '/leadspage/pendingleads': 'Pending Leads',
  '/TellyCalerHad/HeadPending': 'Pending Leads',
  '/TellyCalerHad/LeadsHead': 'Junior Leads',
  '/leadspage/callback': "Today's Callbacks",
  '/leadspage/interestedleads': 'Interested Leads',
  '/leadspage/notinterestedleads': 'Not Interested Leads',
  '/leadspage/followupleads': 'Follow-up Leads',
  '/leadspage/invalidleads': 'Invalid Leads',
  '/leadspage/notsubmitleads': 'Not Submitted Leads',
  '/leadspage/lead/$leadId': 'Lead Details',
  '/leadspage/loginhours': 'Login Hours',
  '/leadspage/calllogs': 'Call Logs',
  '/leadspage/cardlogs': 'Calls by Lead',
  '/leadspage/leadquality': 'Lead Quality',
  '/leadspage/createproject': 'Create Project',
  '/Runningproject': 'Running Projects',
  '/Rejectproject': 'Rejected Projects',
  '/leadspage/compleatproject': 'Completed Projects',
  '/dailayproject': 'Delayed Projects',
  '/pendingpayment': 'Pending Payment',
  '/leadspage/updatepayment': 'Update Payment',
  '/totalbusniness': 'Total Business',
  '/leadspage/listproduct': 'Products',
  '/complainsuggestion': 'Complaint / Suggestion',
  '/leadspage/demo': 'Demo',
  '/leadspage/tutorial': 'Tutorial',
} as const;

export type TitledPath = keyof typeof PAGE_TITLES;

export const NOT_FOUND_TITLE = 'Page not found';
export const ERROR_TITLE = 'Something went wrong';

/** A route's `head`: the page's own title in the browser tab. */
export const pageHead = (path: TitledPath) => () => ({ meta: [{ title: pageTitle(PAGE_TITLES[path]) }] });
