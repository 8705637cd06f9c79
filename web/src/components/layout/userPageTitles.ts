/**
 * The titles of the user area's pages (telecaller, head, developer); pageTitles.ts holds them with
 * every other page's. They are also the English of the user area's translations (i18n: `titles`),
 * which other languages translate; the admin's and sub-admin's areas are in English only.
 */
export const USER_PAGE_TITLES = {
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
  '/leadspage/loginhours': 'Talk Time',
  '/leadspage/calllogs': 'Call Logs',
  '/leadspage/cardlogs': 'Calls by Lead',
  '/leadspage/leadquality': 'Lead Quality',
  '/leadspage/createproject': 'Create Project',
  '/waitingproject': 'Waiting for Approval',
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
  '/newtask': 'New Task',
  '/runingtask': 'Running Tasks',
  '/compleattask': 'Completed Tasks',
  '/dailytask': 'Delayed Tasks',
  '/leadspage/tutorial': 'Tutorial',
} as const;

export type UserPagePath = keyof typeof USER_PAGE_TITLES;
