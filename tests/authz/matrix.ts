// The authorization matrix: who may make every tRPC call and every legacy REST call, and for the
// calls that take an id of a company's data, how to make them with another company's ids.
// tests/authorization.test.ts generates its tests from these tables; a procedure or route missing
// here (or named here but gone from the server) fails the run.
import type { Part } from '../helpers/multipart.js';
import { GIF, MP4, PNG } from '../helpers/files.js';
import type { OtherCompany, OwnCompany } from './world.js';
import { LEAD_STATUS } from '../../shared/lead-status.js';

export type Role = 'admin' | 'subadmin' | 'Telicaller' | 'Telicaller-hade' | 'Developer';
export const ROLES: Role[] = ['admin', 'subadmin', 'Telicaller', 'Telicaller-hade', 'Developer'];

const USERS: Role[] = ['Telicaller', 'Telicaller-hade', 'Developer'];
const CALLERS: Role[] = ['Telicaller', 'Telicaller-hade'];
const EVERYONE: Role[] = ROLES;
const OWNER: Role[] = ['subadmin'];
const ADMIN: Role[] = ['admin'];

/** A call made with another company's ids: a tRPC input, or a legacy URL with a JSON or multipart body. */
export interface Probe {
  input?: unknown;
  url?: string;
  body?: unknown;
  multipart?: Part[];
  /** the allowed roles to make it as, when not all of them (a head's junior queue) */
  as?: Role[];
}

export interface Entry {
  /**
   * The roles that may make the call. 'public' answers without a session; 'loginAs' only in a
   * session a sub-admin opened as one of its users.
   */
  allow: Role[] | 'public' | 'loginAs';
  /** the call ends the session it is made with, so it is tried with a new one */
  endsSession?: true;
  /**
   * For a call taking an id of a company's data: the calls to make as each allowed role of company A
   * with company B's ids. Each must answer not found and change nothing.
   */
  probes?: (other: OtherCompany, own: OwnCompany) => Probe[];
  /** why a call taking ids has no probes (the platform admin's calls act on every company by design) */
  noProbe?: string;
}

const PLATFORM = 'The platform admin manages every company: its ids are not scoped to one.';
const input = (...inputs: unknown[]): Probe[] => inputs.map((i) => ({ input: i }));
const probeField = { label: 'Probe', type: 'text', choices: null, required: false, statuses: null, callersEdit: true, onCards: false, hidden: false };
const STRANGER_FILE = '00000000-0000-4000-8000-000000000000';
const projectFields = {
  project_name: 'Probe',
  clint_name: 'Probe Client',
  number: '9123456780',
  price: '1000',
  commission_percentage: 10,
  endtime: '2030-01-01',
};

export const PROCEDURES: Record<string, Entry> = {
  'auth.me': { allow: 'public' },
  'auth.sessionEnd': { allow: 'public' },
  'auth.signInAdmin': { allow: 'public' },
  'auth.signInSubadmin': { allow: 'public' },
  'auth.signInUser': { allow: 'public' },
  'auth.signOut': { allow: EVERYONE, endsSession: true },
  'auth.loginAs': { allow: OWNER, probes: (o) => input({ userId: o.telecaller }) },
  'auth.returnToSubadmin': { allow: 'loginAs', endsSession: true },
  'auth.setLanguage': { allow: USERS },
  'subadmins.list': { allow: ADMIN },
  'subadmins.create': { allow: ADMIN },
  'subadmins.setBlocked': { allow: ADMIN, noProbe: PLATFORM },
  'subadmins.remove': { allow: ADMIN, noProbe: PLATFORM },
  'subadmins.updateTerms': { allow: ADMIN, noProbe: PLATFORM },
  'subadmins.dashboard': { allow: ADMIN },
  'complaints.create': { allow: OWNER },
  'complaints.mine': { allow: OWNER },
  'complaints.adminList': { allow: ADMIN },
  'complaints.reply': { allow: ADMIN, noProbe: PLATFORM },
  'complaints.resolve': { allow: ADMIN, noProbe: PLATFORM },
  'complaints.fileAsUser': { allow: USERS },
  'complaints.mineAsUser': { allow: USERS },
  'complaints.fromUsers': { allow: OWNER },
  'complaints.replyToUser': { allow: OWNER, probes: (o) => input({ id: o.userComplaint, reply: 'Probe reply' }) },
  'complaints.resolveFromUser': { allow: OWNER, probes: (o) => input({ id: o.userComplaint }) },
  'notifications.sendToSubadmins': { allow: ADMIN, noProbe: PLATFORM },
  'notifications.sentToSubadmins': { allow: ADMIN },
  'notifications.targetCompanies': { allow: ADMIN },
  'notifications.sendToUsers': { allow: OWNER },
  'notifications.sentToUsers': { allow: OWNER },
  'notifications.inbox': { allow: ['subadmin', ...USERS] },
  'notifications.markRead': { allow: ['subadmin', ...USERS] },
  'notifications.bell': { allow: EVERYONE },
  'users.list': { allow: OWNER },
  'users.options': { allow: OWNER },
  'users.create': { allow: OWNER },
  'users.update': {
    allow: OWNER,
    probes: (o) => input({ id: o.telecaller, name: 'Probe', email: 'probe@probe.test', mobile: '9123456780', user_type: 'Telicaller' }),
  },
  'users.setBlocked': { allow: OWNER, probes: (o) => input({ id: o.telecaller, blocked: true }) },
  'users.remove': { allow: OWNER, probes: (o) => input({ id: o.telecaller }) },
  'profile.get': { allow: OWNER },
  'profile.update': { allow: OWNER },
  'settings.getIndiamart': { allow: OWNER },
  'settings.saveIndiamart': { allow: OWNER },
  'settings.getLeadWork': { allow: OWNER },
  'settings.saveLeadWork': { allow: OWNER },
  'telephonySettings.get': { allow: OWNER },
  'telephonySettings.save': { allow: OWNER },
  'telephonySettings.disable': { allow: OWNER },
  'telephonySettings.callPhones': { allow: OWNER },
  'telephonySettings.setCallPhone': {
    allow: OWNER,
    probes: (o) => input({ userId: o.telecaller, callPhone: '9123456780' }, { userId: o.head, callPhone: null }),
  },
  'indiamart.status': { allow: OWNER },
  'indiamart.pullNow': { allow: OWNER },
  'dashboard.subadmin': { allow: OWNER },
  'dashboard.tiles': { allow: USERS },
  'leads.byTelecaller': { allow: OWNER },
  'leads.ofTelecaller': {
    allow: OWNER,
    probes: (o) => input({ telecallerId: o.telecaller, status: 'pending' }, { telecallerId: o.telecaller, status: 'notSubmitted' }),
  },
  'leads.uploaded': { allow: OWNER },
  'leads.categories': { allow: OWNER },
  'intake.history': { allow: OWNER },
  'intake.batch': { allow: OWNER, probes: (o) => input({ id: o.batch }) },
  'intake.limits': { allow: OWNER },
  'intake.addLead': { allow: ['subadmin', ...CALLERS] },
  // A staged file's id names no other company's file: its path carries the company (server/services/leads/staged-files.ts).
  'intake.analyseFile': { allow: OWNER, probes: () => input({ fileId: STRANGER_FILE }) },
  'intake.importFile': { allow: OWNER, probes: () => input({ fileId: STRANGER_FILE, fileName: 'x.csv', category: 'JustDial', targets: ['mobile'] }) },
  'distribution.pool': { allow: OWNER },
  'distribution.assignees': { allow: OWNER },
  'distribution.distribute': { allow: OWNER, probes: (o) => input({ userIds: [o.telecaller], count: 1, category: 'Local Leads' }) },
  'distribution.takeBack': { allow: OWNER, probes: (o) => input({ userId: o.telecaller }) },
  'work.queue': { allow: CALLERS },
  'work.open': {
    allow: CALLERS,
    probes: (o) => [{ input: { leadId: o.lead, queue: 'new' } }, { input: { leadId: o.handedLead, queue: 'junior' }, as: ['Telicaller-hade'] }],
  },
  'work.submit': {
    allow: CALLERS,
    probes: (o, own) =>
      input(
        { leadId: o.lead, queue: 'new', status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead', call_duration: 10 },
        { leadId: own.lead, queue: 'new', status: LEAD_STATUS.interested, feedback: 'Running', call_duration: 10, telemarketer_handler: o.head },
      ),
  },
  'work.notConnected': { allow: CALLERS, probes: (o) => input({ leadId: o.lead, outcome: 'busy', call_duration: 0, queue: 'new' }) },
  'work.history': { allow: CALLERS, probes: (o) => input({ leadId: o.lead }, { leadId: o.handedLead }) },
  'work.heads': { allow: CALLERS },
  'work.reminders': { allow: CALLERS },
  'work.quality': { allow: CALLERS },
  'telephony.forPhone': { allow: CALLERS },
  'telephony.placeCall': { allow: CALLERS, probes: (o) => input({ leadId: o.lead }, { leadId: o.handedLead }) },
  'telephony.callState': { allow: CALLERS, probes: (o) => input({ callId: o.call }) },
  'alerts.pushKey': { allow: CALLERS },
  'alerts.subscribe': { allow: CALLERS },
  'alerts.unsubscribe': { allow: CALLERS },
  'summaries.loginHours': { allow: CALLERS },
  'summaries.myCallLog': { allow: CALLERS },
  'summaries.myCalledLeads': { allow: CALLERS },
  'summaries.callSummary': { allow: OWNER },
  'summaries.productivity': { allow: OWNER },
  'summaries.callLog': { allow: OWNER, probes: (o) => input({ telecallerId: o.telecaller }) },
  'summaries.callers': { allow: OWNER },
  'speed.report': { allow: OWNER },
  'speed.waiting': { allow: OWNER },
  'speed.mine': { allow: CALLERS },
  'projects.create': { allow: CALLERS, probes: (o) => input({ ...projectFields, advance: '0', lead_id: o.lead }) },
  'projects.mine': { allow: CALLERS },
  'projects.myDetail': { allow: CALLERS, probes: (o) => input({ id: o.runningProject }) },
  'projects.requestUpdate': { allow: CALLERS, probes: (o) => input({ id: o.runningProject, ...projectFields, received: '0' }) },
  'projects.myBusiness': { allow: CALLERS },
  'projects.telecallers': { allow: OWNER },
  'projects.list': { allow: OWNER, probes: (o) => input({ list: 'all', telecallerId: o.telecaller }) },
  'projects.detail': { allow: OWNER, probes: (o) => input({ id: o.runningProject }) },
  'projects.approve': { allow: OWNER, probes: (o) => input({ id: o.pendingProject }) },
  'projects.reject': { allow: OWNER, probes: (o) => input({ id: o.pendingProject }) },
  'projects.complete': { allow: OWNER, probes: (o) => input({ id: o.runningProject }) },
  'projects.pendingUpdates': { allow: OWNER },
  'projects.decideUpdate': { allow: OWNER, probes: (o) => input({ id: o.updateRequest, approve: true }, { id: o.updateRequest, approve: false }) },
  'projects.business': { allow: OWNER },
  'products.list': { allow: ['subadmin', ...CALLERS] },
  'shape.get': { allow: ['subadmin', ...CALLERS] },
  'products.create': { allow: OWNER },
  'products.update': { allow: OWNER, probes: (o) => input({ id: o.product, name: 'Probe product', price: '100', description: 'Probe' }) },
  'products.remove': { allow: OWNER, probes: (o) => input({ id: o.product }) },
  'routing.settings': { allow: OWNER },
  'routing.saveSettings': { allow: OWNER },
  'routing.rules': { allow: OWNER },
  'routing.createRule': {
    allow: OWNER,
    probes: (o, own) =>
      input(
        { field: 'area', match: 'is', value: 'Pune', userIds: [o.telecaller] },
        { field: 'area', match: 'is', value: 'Pune', userIds: [own.telecaller, o.head] },
        { field: 'field', fieldId: o.ruleField, match: 'is', value: 'Solar', userIds: [own.telecaller] },
      ),
  },
  'routing.updateRule': {
    allow: OWNER,
    probes: (o, own) =>
      input(
        { id: o.routingRule, field: 'area', match: 'is', value: 'Pune', userIds: [own.telecaller] },
        { id: o.routingRule, field: 'field', fieldId: o.ruleField, match: 'is', value: 'Solar', userIds: [own.telecaller] },
      ),
  },
  'routing.deleteRule': { allow: OWNER, probes: (o) => input({ id: o.routingRule }) },
  'routing.moveRule': { allow: OWNER, probes: (o) => input({ id: o.routingRule, direction: 'up' }) },
  'routing.availability': { allow: OWNER },
  'routing.setCap': { allow: OWNER, probes: (o) => input({ userId: o.telecaller, cap: 5 }, { userId: o.head, cap: null }) },
  'routing.endBreak': { allow: OWNER, probes: (o) => input({ userId: o.telecaller }) },
  'routing.myBreak': { allow: CALLERS },
  'routing.setMyBreak': { allow: CALLERS },
  'banners.list': { allow: ['subadmin', ...CALLERS] },
  'banners.remove': { allow: OWNER, probes: (o) => input({ id: o.banner }) },
  'media.demos': { allow: ['subadmin', ...CALLERS] },
  'media.tutorials': { allow: ['subadmin', ...CALLERS] },
  'media.remove': { allow: OWNER, probes: (o) => input({ kind: 'demo', id: o.demo }, { kind: 'tutorial', id: o.tutorial }) },
  'tasks.mine': { allow: ['Developer'] },
  'tasks.accept': { allow: ['Developer'], probes: (o) => input({ id: o.newTask }) },
  'tasks.complete': { allow: ['Developer'], probes: (o) => input({ id: o.newTask }) },
  'tasks.list': { allow: OWNER },
  'tasks.approve': { allow: OWNER, probes: (o) => input({ id: o.completedTask }) },
  'tasks.developers': { allow: OWNER },
  'capture.list': { allow: OWNER },
  'capture.create': { allow: OWNER },
  'capture.revoke': { allow: OWNER, probes: (o) => input({ id: o.captureKey }) },
  'leadFields.list': { allow: OWNER },
  'leadFields.add': { allow: OWNER },
  'leadFields.update': { allow: OWNER, probes: (o) => input({ id: o.leadField, ...probeField }) },
  'leadFields.move': { allow: OWNER, probes: (o) => input({ id: o.leadField, direction: 'up' }, { id: o.leadField, direction: 'down' }) },
  'leadFields.setHidden': { allow: OWNER, probes: (o) => input({ id: o.leadField, hidden: true }) },
  'leadFields.retire': { allow: OWNER, probes: (o) => input({ id: o.leadField }) },
  'leadFields.restore': { allow: OWNER, probes: (o) => input({ id: o.leadField }) },
  'feedbackChoices.add': { allow: OWNER },
  'feedbackChoices.update': {
    allow: OWNER,
    probes: (o) => input({ id: o.feedbackChoice, label: 'Probe', needsCallback: false, needsReason: false, needsNote: true }),
  },
  'feedbackChoices.move': { allow: OWNER, probes: (o) => input({ id: o.feedbackChoice, direction: 'down' }) },
  'feedbackChoices.retire': { allow: OWNER, probes: (o) => input({ id: o.feedbackChoice }) },
  'feedbackChoices.restore': { allow: OWNER, probes: (o) => input({ id: o.feedbackChoice }) },
};

const url = (...urls: string[]): Probe[] => urls.map((u) => ({ url: u }));
const body = (u: string, ...bodies: unknown[]): Probe[] => bodies.map((b) => ({ url: u, body: b }));
const mediaForm = (id: number): Part[] => [
  ['id', String(id)],
  ['name', 'Probe'],
  ['discreption', 'Probe'],
  ['link', 'https://example.com/p'],
  ['image', { filename: 'p.png', content: PNG, type: 'image/png' }],
];
const leadListOf = (word: string): Entry => ({ allow: OWNER, probes: (o) => url(`/get${word}LeadsByTelecaller/${o.telecaller}`) });
const legacyProject = { project_name: 'Probe', clint_name: 'Probe Client', number: '9123456780', price: 1000, commission: 10, endtime: '2030-01-01' };

/** Legacy REST calls by method and route as the server registers them (under /api/webapi). */
export const ROUTES: Record<string, Entry> = {
  'POST /admin/login': { allow: 'public' },
  'POST /subadmin/login': { allow: 'public' },
  'POST /auth/login': { allow: 'public' },
  'POST /login': { allow: OWNER, probes: (o) => body('/login', { userId: o.telecaller }) },
  'POST /logout': { allow: EVERYONE, endsSession: true },
  'GET /FetchData': { allow: ADMIN },
  'POST /createsubadmins': { allow: ADMIN },
  'PATCH /subadmins/block/:id': { allow: ADMIN, noProbe: PLATFORM },
  'PATCH /subadmins/unblock/:id': { allow: ADMIN, noProbe: PLATFORM },
  'DELETE /subadmins/:id': { allow: ADMIN, noProbe: PLATFORM },
  'GET /subadmin/fetchcomplaints': { allow: OWNER },
  'POST /subadmin/createcomplaints': { allow: OWNER },
  'POST /submitComplaint': { allow: USERS },
  'GET /getPendingComplaints': { allow: OWNER },
  'GET /getResolvedComplaints': { allow: OWNER },
  'PATCH /subadmin/complaints/reply/:id': { allow: OWNER, probes: (o) => body(`/subadmin/complaints/reply/${o.userComplaint}`, { reply: 'Probe reply' }) },
  'PATCH /subadmin/complaints/resolve/:id': { allow: OWNER, probes: (o) => body(`/subadmin/complaints/resolve/${o.userComplaint}`, {}) },
  'GET /users': { allow: ['subadmin', ...USERS] },
  'POST /createUser': { allow: OWNER },
  'PUT /updateUser': {
    allow: OWNER,
    probes: (o) => body('/updateUser', { id: o.telecaller, name: 'Probe', email: 'probe@probe.test', mobile: '9123456780', user_type: 'Telicaller' }),
  },
  'PATCH /blockUser/:id': { allow: OWNER, probes: (o) => body(`/blockUser/${o.telecaller}`, {}) },
  'PATCH /unblockUser/:id': { allow: OWNER, probes: (o) => body(`/unblockUser/${o.telecaller}`, {}) },
  'DELETE /deleteUser/:id': { allow: OWNER, probes: (o) => url(`/deleteUser/${o.telecaller}`) },
  'GET /SubadminFetch': { allow: OWNER },
  'GET /telecallers': { allow: OWNER },
  'GET /telecallershead': { allow: OWNER },
  'GET /indiamart': { allow: OWNER },
  'POST /indiamartt': { allow: OWNER },
  'GET /getTelecallersWithPendingLeads': { allow: OWNER },
  'GET /getPendingLeadsByTelecaller/:id': leadListOf('Pending'),
  'GET /getTelecallersWithInterestedLeads': { allow: OWNER },
  'GET /getInterestedLeadsByTelecaller/:id': leadListOf('Interested'),
  'GET /getTelecallersWithNotInterestedLeads': { allow: OWNER },
  'GET /getNotInterestedLeadsByTelecaller/:id': leadListOf('NotInterested'),
  'GET /getTelecallersWithFollowUpLeads': { allow: OWNER },
  'GET /getFollowUpLeadsByTelecaller/:id': leadListOf('FollowUp'),
  'GET /getTelecallersWithInvalidLeads': { allow: OWNER },
  'GET /getInvalidLeadsByTelecaller/:id': leadListOf('Invalid'),
  'GET /leads/export.csv': { allow: OWNER, probes: (o) => url(`/leads/export.csv?telecallerId=${o.telecaller}&status=notSubmitted`) },
  'POST /upload-csv': { allow: OWNER },
  'POST /upload-csv/file': { allow: OWNER },
  'GET /upload-batches/:id/refused.csv': { allow: OWNER, probes: (o) => url(`/upload-batches/${o.batch}/refused.csv`) },
  'GET /unassignedLeads': { allow: ['subadmin', 'Telicaller-hade'] },
  'POST /distributeLeads': { allow: OWNER, probes: (o) => body('/distributeLeads', { id: o.telecaller, sendleads: 1, category: 'Local Leads' }) },
  'GET /getLeads': { allow: CALLERS },
  'GET /getLeadsPending': { allow: CALLERS },
  'GET /getLeadsALL': { allow: CALLERS },
  'GET /getCallbacks': { allow: CALLERS },
  'GET /getAssignedLeadsForHandler': { allow: ['Telicaller-hade'] },
  'POST /update-status': {
    allow: CALLERS,
    probes: (o) => body('/update-status', { lead_ids: [o.lead], status: '3', feedback: 'Not Relevant Lead' }, { lead_ids: [o.lead], status: '6' }),
  },
  'POST /submitLeadForm': {
    allow: CALLERS,
    probes: (o, own) =>
      body(
        '/submitLeadForm',
        { customer_id: o.lead, status: '3', feedback: 'Not Relevant Lead', call_duration: 10 },
        { customer_id: own.lead, status: '2', feedback: 'Running', call_duration: 10, telemarketer_handler: o.head },
      ),
  },
  'GET /getCallHistory': { allow: CALLERS, probes: (o) => url(`/getCallHistory?customer_id=${o.lead}`) },
  'GET /getTelicallerHeads': { allow: CALLERS },
  'POST /getTelecallerNames': { allow: CALLERS, probes: (o) => body('/getTelecallerNames', { ids: [o.telecaller, o.head] }) },
  'GET /pendingtellecallerCount': { allow: CALLERS },
  'GET /get-call-summary': { allow: CALLERS },
  'GET /get-all-call-summary': { allow: OWNER },
  'GET /summaries/productivity.csv': { allow: OWNER },
  'GET /speed/telecallers.csv': { allow: OWNER },
  'GET /speed/days.csv': { allow: OWNER },
  'GET /work/new-leads.csv': { allow: CALLERS },
  'POST /createProject': { allow: CALLERS, probes: (o) => body('/createProject', { ...legacyProject, Advance_payment: 0, lead_id: o.lead }) },
  'GET /projects': { allow: CALLERS },
  'POST /approveProjectUpdate': {
    allow: CALLERS,
    probes: (o) => body('/approveProjectUpdate', { id: o.runningProject, ...legacyProject, Advance_payment: 0 }),
  },
  'GET /business-overview': { allow: CALLERS },
  'GET /projecttellecallerCount': { allow: CALLERS },
  'GET /getTelecallersWithProjects': { allow: OWNER },
  'GET /projectsByTelecaller/:id': { allow: OWNER, probes: (o) => url(`/projectsByTelecaller/${o.telecaller}`) },
  'PUT /projects/:id/approve': { allow: OWNER, probes: (o) => body(`/projects/${o.pendingProject}/approve`, {}) },
  'PUT /projects/:id/reject': { allow: OWNER, probes: (o) => body(`/projects/${o.pendingProject}/reject`, {}) },
  'PUT /projects/:id/complete': { allow: OWNER, probes: (o) => body(`/projects/${o.runningProject}/complete`, {}) },
  'GET /pendingProjectUpdates': { allow: OWNER },
  'POST /approveProjectUpdateByAdmin': {
    allow: OWNER,
    probes: (o) =>
      body('/approveProjectUpdateByAdmin', { id: o.updateRequest, approval_status: 'approved' }, { id: o.updateRequest, approval_status: 'rejected' }),
  },
  'GET /projects/business.csv': { allow: OWNER },
  'GET /featchBanner': { allow: ['subadmin', ...CALLERS] },
  'POST /insertBanner': { allow: OWNER },
  'DELETE /deleteBanner/:id': { allow: OWNER, probes: (o) => url(`/deleteBanner/${o.banner}`) },
  'GET /showDemo': { allow: ['subadmin', ...CALLERS] },
  'POST /createDemo': { allow: OWNER },
  'POST /updateDemo': { allow: OWNER, probes: (o) => [{ url: '/updateDemo', multipart: mediaForm(o.demo) }] },
  'DELETE /deleteDemo/:id': { allow: OWNER, probes: (o) => url(`/deleteDemo/${o.demo}`) },
  'GET /fetchTutorial': { allow: ['subadmin', ...CALLERS] },
  'POST /createTutorial': { allow: OWNER },
  'POST /updateTutorial': { allow: OWNER, probes: (o) => [{ url: '/updateTutorial', multipart: mediaForm(o.tutorial) }] },
  'DELETE /deleteTutorial/:id': { allow: OWNER, probes: (o) => url(`/deleteTutorial/${o.tutorial}`) },
  'GET /tasks/getTaskid': { allow: ['Developer'] },
  'GET /tasks/status': { allow: ['Developer'] },
  'GET /tasks/statu': { allow: ['Developer'] },
  'GET /tasks/sta': { allow: ['Developer'] },
  'GET /tasks/stat': { allow: ['Developer'] },
  'PUT /updateTask': { allow: ['Developer'], probes: (o) => body('/updateTask', { id: o.newTask, status: 'Running' }, { id: o.newTask, status: 'Completed' }) },
  'GET /Developer': { allow: OWNER },
  'POST /createTask': {
    allow: OWNER,
    probes: (o) => [
      {
        url: '/createTask',
        multipart: [
          ['name', 'Probe task'],
          ['description', 'Probe'],
          ['start_date', '2030-01-01'],
          ['end_date', '2030-01-02'],
          ['developer_id', String(o.developer)],
          ['image', { filename: 'p.gif', content: GIF, type: 'image/gif' }],
          ['video', { filename: 'p.mp4', content: MP4, type: 'video/mp4' }],
        ],
      },
    ],
  },
  'GET /openapi.json': { allow: 'public' },
  'GET /docs': { allow: 'public' },
};
