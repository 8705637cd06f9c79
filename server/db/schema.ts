import type { Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { Language } from '../../shared/schemas/language.js';
import type { CaptureKeyKind } from '../../shared/schemas/capture.js';
import type { CallDirection, CallStatus, CallVia } from '../../shared/telephony.js';

/*
 * Table types. Portable conventions (docs/product-rules.md#database-conventions): integer ids, booleans as 0/1,
 * timestamps as ISO-8601 UTC text, calendar dates as YYYY-MM-DD text, money as integer paise,
 * durations as integer seconds.
 */

export interface AdminsTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface SubadminsTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  telecaller_creat_limit: number;
  company_name: string;
  mobile: string;
  expiry_date: string;
  gst: string;
  company_bio: string;
  address: string;
  is_blocked: number;
  time_zone: string;
  /** minutes an unanswered lead sits out of the queues */
  retry_delay_minutes: Generated<number>;
  /** unanswered calls after which a lead becomes invalid ('Not reachable') */
  attempt_limit: Generated<number>;
  /** the WhatsApp greeting, with {name} and {company}; null: the default */
  whatsapp_template: string | null;
  /** 1: telecallers and heads may export their leads as CSV; 0: the company turned it off */
  caller_exports_allowed: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type UserType = 'Telicaller' | 'Telicaller-hade' | 'Developer';

export interface UsersTable {
  id: Generated<number>;
  subadmin_id: number;
  name: string;
  email: string;
  mobile: string;
  password_hash: string;
  user_type: UserType;
  is_blocked: number;
  /** the language the user area is shown in */
  language: Generated<Language>;
  /** routing gives them at most this many leads a day (company time zone); null: no cap */
  daily_lead_cap: number | null;
  /** 1: the person marked themself on a break; routing passes them by */
  on_break: Generated<number>;
  break_since: string | null;
  /** the company's day (YYYY-MM-DD) routed_count counts; another day: they were routed none today */
  routed_day: string | null;
  routed_count: Generated<number>;
  /** when routing last gave them a lead (the tie-break: longest since last lead first) */
  last_routed_at: string | null;
  /** the phone a provider's call rings for them; null: their mobile */
  call_phone: Generated<string | null>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type PrincipalKind = 'admin' | 'subadmin' | 'user';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  principal_kind: PrincipalKind;
  principal_id: number;
  subadmin_id: number | null;
  impersonated_by: number | null;
  /** for a login-as session, the sub-admin session it was opened from */
  impersonator_session_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** A submission made on a phone, stored once under the key the phone made for it, with its answer (JSON). */
export interface SubmissionKeysTable {
  user_id: number;
  client_key: string;
  subadmin_id: number;
  lead_id: number;
  result: string;
  created_at: string;
}

export interface UploadBatchesTable {
  id: Generated<number>;
  subadmin_id: number;
  uploaded_by_kind: PrincipalKind;
  uploaded_by_id: number;
  source: string;
  file_name: string | null;
  category: string;
  status: 'running' | 'complete' | 'failed';
  inserted: number;
  duplicates: number;
  invalid: number;
  report: string | null;
  created_at: string;
  completed_at: string | null;
  /** the instance running the upload (config.instanceId), while it runs */
  owner: string | null;
  /** until when the running upload counts as alive; renewed while it runs */
  lease_until: string | null;
  /** rows whose mobile the company already had: repeat enquiries on its existing leads */
  repeats: Generated<number>;
  /** 1: the uploader chose "route these leads now" */
  route_now: Generated<number>;
}

/** A company's routing settings (docs/routing.md); a company without a row has the defaults. */
export interface RoutingSettingsTable {
  subadmin_id: number;
  route_indiamart: Generated<number>;
  route_capture: Generated<number>;
  route_add_lead: Generated<number>;
  /** what an upload's "route these leads now" starts as */
  route_csv: Generated<number>;
  include_heads: Generated<number>;
  /** ISO weekdays worked, 1 (Monday) to 7, comma-separated */
  work_days: Generated<string>;
  /** HH:MM in the company's time zone */
  work_start: Generated<string>;
  work_end: Generated<string>;
  /** a repeat enquiry on a lead closed (invalid or not interested) longer ago than this is routed again */
  repeat_reroute_days: Generated<number>;
  /** a lead untouched for this many working hours goes to the next eligible person; null: off */
  recycle_after_hours: number | null;
  /** recycled at most this often, then back to the pool */
  recycle_max: Generated<number>;
  updated_at: string;
}

/** 'field': one of the company's lead fields, named by field_id */
export type RoutingRuleField = 'category' | 'area' | 'language' | 'field';
export type RoutingRuleMatch = 'is' | 'contains';

/** "category is IndiaMART -> these people": the first matching rule (by position) picks who may get a lead. */
export interface RoutingRulesTable {
  id: Generated<number>;
  subadmin_id: number;
  position: number;
  field: RoutingRuleField;
  match: RoutingRuleMatch;
  value: string;
  /** the lead field a 'field' rule looks at */
  field_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RoutingRuleMembersTable {
  rule_id: number;
  user_id: number;
  subadmin_id: number;
}

export type LeadEventKind = 'routed' | 'waiting' | 'repeat_enquiry' | 'recycled' | 'returned_to_pool' | 'call_in' | 'call_missed';

/** What happened to a lead that is not a call: shown in its history beside the calls. */
export interface LeadEventsTable {
  id: Generated<number>;
  subadmin_id: number;
  lead_id: number;
  kind: LeadEventKind;
  /** who it went to (routed, recycled), or whose it is (repeat enquiry) */
  user_id: number | null;
  /** who it was taken from (recycled) */
  from_user_id: number | null;
  /** the source it arrived through (RoutingSource) */
  source: string | null;
  /** a repeat enquiry's requirement; a recycling's reason */
  detail: string | null;
  /** a repeat enquiry's reference at its source, unique in the company (docs/routing.md#repeat-enquiries) */
  source_ref: string | null;
  created_at: string;
}

/** A row of a running upload whose mobile the company already had: a repeat enquiry, applied when the upload completes. */
export interface UploadRepeatsTable {
  batch_id: number;
  subadmin_id: number;
  name: string;
  mobile: string;
  requirement: string;
  area: string;
  /** the row's line in the file */
  line: Generated<number>;
}

/** A row a CSV upload refused: its file line, why, and its cells as read (JSON array of strings). */
export interface UploadRefusedRowsTable {
  batch_id: number;
  subadmin_id: number;
  line: number;
  reason: string;
  cells: string;
}

export interface LeadsTable {
  id: Generated<number>;
  subadmin_id: number;
  batch_id: number | null;
  /** false (0) while its upload batch is still being written */
  visible: number;
  source_ref: string | null;
  name: string;
  /** lower(name), kept by the database (a generated column): what a name search reads */
  name_key: GeneratedAlways<string>;
  mobile: string;
  requirement: string;
  area: string;
  category: string;
  upload_date: string;
  telicaller_id: number | null;
  telicaller_send_date: string | null;
  status: string;
  handler_id: number | null;
  handler_assigned_by: number | null;
  submit_status: string | null;
  lead_quality: string | null;
  callback_date: string | null;
  callback_time: string | null;
  /** unanswered calls since the last connected one */
  attempts: Generated<number>;
  /** ISO instant until which the lead sits out of the queues after an unanswered call */
  retry_at: string | null;
  /** the status the lead had when it was last opened (Process Lead sets '6') */
  opened_from_status: string | null;
  /** the user it was last taken back from (distribution's take-back), null if never */
  taken_back_from: Generated<number | null>;
  /** 1: in the pool waiting for routing (nobody was eligible when it arrived) */
  route_waiting: Generated<number>;
  /** where a lead under routing came from (RoutingSource), for routing it later */
  route_source: string | null;
  /** how many times recycling moved it to the next telecaller */
  recycle_count: Generated<number>;
  /** the first call attempt on it by anyone (speed to lead), null: never called */
  first_call_at: string | null;
  /** the enquirer's language, when the source said (a routing rule can match it) */
  language: string | null;
  /** the callback ('YYYY-MM-DD HH:MM') whose due alert was raised; another date or time alerts again */
  callback_alerted_for: Generated<string | null>;
  email: string | null;
  /** JSON ExtraDetails (label: value): what a file or a source gave that maps to no field */
  extra_details: string | null;
  /** 1: do not call: never routed, distributed or dialled */
  dnc: Generated<number>;
  /** null: a mobile; 'landline': a landline with its STD code */
  phone_kind: string | null;
  created_at: string;
  updated_at: string;
}

/** 'outcome': a submitted lead form; 'attempt': a call that did not connect. */
export type HistoryKind = 'outcome' | 'attempt';

export interface LeadHistoryTable {
  id: Generated<number>;
  subadmin_id: number;
  lead_id: number;
  user_id: number | null;
  acted_by_subadmin: number | null;
  status: string;
  feedback: string | null;
  call_duration: number;
  remarks: string | null;
  handler_id: number | null;
  demo: number;
  project_name: string | null;
  callback: number;
  callback_date: string | null;
  callback_time: string | null;
  invalid_reason: string | null;
  lead_quality: string | null;
  optional_whatsapp: string | null;
  optional_number: string | null;
  kind: Generated<HistoryKind>;
  /** for an attempt: busy, switched_off, no_answer or not_reachable */
  outcome: string | null;
  /** the actor's user type when it acted (a head's rows read differently) */
  user_type: string | null;
  /** the provider's call behind this row (calls.id), if one */
  call_id: Generated<number | null>;
  /** 'provider': a call placed through the company's provider; 'phone': dialled from the telecaller's own phone; null: no call was made from the app */
  call_via: Generated<CallVia | null>;
  /** the feedback choice chosen (feedback keeps its label as it was then) */
  feedback_id: Generated<number | null>;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  subadmin_id: number;
  telicaller_id: number;
  project_name: string;
  clint_name: string;
  number: string;
  price_paise: number;
  received_paise: number;
  /** the advance the project was created with; received_paise grows with approved payment updates */
  advance_paise: Generated<number>;
  commission_percentage: number;
  endtime: string;
  status: number;
  previous_status: number | null;
  lead_id: number | null;
  /** why the company rejected it, when it said */
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** One approved change of a project's received money: the advance on approval, then each approved update. */
export interface ProjectPaymentsTable {
  id: Generated<number>;
  subadmin_id: number;
  project_id: number;
  amount_paise: number;
  received_after_paise: number;
  kind: 'advance' | 'update';
  request_id: number | null;
  approved_by_kind: PrincipalKind;
  approved_by_id: number;
  approved_by_name: string;
  created_at: string;
}

/** A product or service the company sells, picked from when a project is created. */
export interface ProductsTable {
  id: Generated<number>;
  subadmin_id: number;
  name: string;
  price_paise: number;
  description: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface ProjectUpdateRequestsTable {
  id: Generated<number>;
  subadmin_id: number;
  project_id: number;
  requested_by: number;
  project_name: string;
  clint_name: string;
  number: string;
  price_paise: number;
  received_paise: number;
  commission_percentage: number;
  endtime: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  decided_by_kind: PrincipalKind | null;
  decided_by_id: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  subadmin_id: number;
  developer_id: number;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  status: number;
  image_path: string | null;
  video_path: string | null;
  created_at: string;
  updated_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  subadmin_id: number;
  name: string;
  discreption: string;
  link: string;
  image: string;
  created_at: string;
  updated_at: string;
}

export interface BannersTable {
  id: Generated<number>;
  subadmin_id: number;
  image: string;
  created_at: string;
}

export interface ComplaintsTable {
  id: Generated<number>;
  subadmin_id: number;
  /** 'subadmin': a company's complaint to the platform admin; 'user': a telecaller's to its company */
  from_kind: 'subadmin' | 'user';
  user_id: number | null;
  title: string;
  body: string;
  status: number;
  reply: string | null;
  replied_at: string | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** 'subadmins': admin to companies; 'users': a company to its users */
  audience: 'subadmins' | 'users';
  /** for 'users': the sending company; for 'subadmins': a single company, or null for all */
  subadmin_id: number | null;
  /** for 'users': one user only (a reply to its complaint), or null for every user of the company; for 'subadmins':
   * the company's user a notice from the app is about (an outcome for a lead taken back), null for the admin's */
  user_id: number | null;
  title: string;
  message: string;
  /** a notice the server wrote (NOTICE_KINDS), for the reader's language; null for one a person wrote */
  kind: string | null;
  /** that notice's values, as JSON */
  params: string | null;
  created_at: string;
}

export interface NotificationReadsTable {
  notification_id: number;
  reader_kind: PrincipalKind;
  reader_id: number;
  read_at: string;
}

export interface IndiamartSettingsTable {
  subadmin_id: number;
  api_link: string;
  mobile_number: string;
  last_pull_at: string | null;
  last_pull_code: string | null;
  last_pull_message: string | null;
  last_window_end: string | null;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  subadmin_id: number | null;
  actor_kind: PrincipalKind;
  actor_id: number;
  impersonated_by: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  detail: string | null;
  created_at: string;
}

export interface AppSecretsTable {
  name: string;
  /** base64url */
  value: string;
  created_at: string;
}

export interface DB {
  admins: AdminsTable;
  subadmins: SubadminsTable;
  users: UsersTable;
  sessions: SessionsTable;
  upload_batches: UploadBatchesTable;
  upload_refused_rows: UploadRefusedRowsTable;
  leads: LeadsTable;
  lead_history: LeadHistoryTable;
  projects: ProjectsTable;
  project_update_requests: ProjectUpdateRequestsTable;
  project_payments: ProjectPaymentsTable;
  products: ProductsTable;
  tasks: TasksTable;
  demos: MediaTable;
  tutorials: MediaTable;
  banners: BannersTable;
  complaints: ComplaintsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  indiamart_settings: IndiamartSettingsTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretsTable;
  sign_in_failures: SignInFailuresTable;
  known_devices: KnownDevicesTable;
  lead_counts: LeadCountsTable;
  submission_keys: SubmissionKeysTable;
  lead_sends: LeadSendsTable;
  lead_tallies: LeadTalliesTable;
  routing_settings: RoutingSettingsTable;
  routing_rules: RoutingRulesTable;
  routing_rule_members: RoutingRuleMembersTable;
  lead_events: LeadEventsTable;
  api_keys: ApiKeysTable;
  upload_repeats: UploadRepeatsTable;
  push_subscriptions: PushSubscriptionsTable;
  telephony_settings: TelephonySettingsTable;
  calls: CallsTable;
  recording_plays: RecordingPlaysTable;
  lead_fields: LeadFieldsTable;
  lead_values: LeadValuesTable;
  feedback_choices: FeedbackChoicesTable;
  import_mappings: ImportMappingsTable;
  lead_changes: LeadChangesTable;
}

/**
 * Changes of a lead's field values, a line of its history each (apart from lead_history, whose rows
 * are calls and outcomes that every call figure counts).
 */
export interface LeadChangesTable {
  id: Generated<number>;
  subadmin_id: number;
  lead_id: number;
  /** who changed them: a user, or the company (acted_by_subadmin), or neither (an import, the capture API) */
  user_id: number | null;
  acted_by_subadmin: number | null;
  /** JSON FieldChange[]: key, label as it was, the values before and after as people read them */
  changes: string;
  created_at: string;
}

/** A company's own lead field (docs/lead-fields.md); its type is a FieldType of shared/lead-fields.ts. */
export interface LeadFieldsTable {
  id: Generated<number>;
  subadmin_id: number;
  key: string;
  label: string;
  type: string;
  /** JSON FieldChoice[] for the choice types */
  choices: string | null;
  required: Generated<number>;
  /** JSON array of status codes, or null: the lead's details */
  statuses: string | null;
  callers_edit: Generated<number>;
  on_cards: Generated<number>;
  hidden: Generated<number>;
  retired_at: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** One value of a lead's field: text (indexed), number (indexed) or long text; a multiple choice has a row per choice (item). */
export interface LeadValuesTable {
  lead_id: number;
  field_id: number;
  item: Generated<string>;
  subadmin_id: number;
  v_text: string | null;
  v_num: number | null;
  v_long: string | null;
}

/** A feedback choice under a status a telecaller submits, as the company edits it. */
export interface FeedbackChoicesTable {
  id: Generated<number>;
  subadmin_id: number;
  status: string;
  label: string;
  needs_callback: Generated<number>;
  needs_reason: Generated<number>;
  needs_note: Generated<number>;
  retired_at: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A column mapping a company saved for files with these columns. */
export interface ImportMappingsTable {
  id: Generated<number>;
  subadmin_id: number;
  columns_key: string;
  name: string;
  /** JSON { column: target } */
  mapping: string;
  created_at: string;
  updated_at: string;
}

/** A browser that asked for Web Push alerts (docs/alerts.md): its push service endpoint and its keys. */
/** A company's cloud telephony (docs/telephony.md): one provider, its settings encrypted with the server's key. */
export interface TelephonySettingsTable {
  subadmin_id: number;
  /** a TelephonyProviderId */
  provider: string;
  enabled: Generated<number>;
  /** the provider's settings as JSON, sealed with the server's key (server/services/telephony/secret-box.ts) */
  credentials: string;
  /** JSON array of the company numbers leads see */
  caller_ids: Generated<string>;
  record_calls: Generated<number>;
  /** a head may hear the calls on leads handed to them */
  heads_hear_team: Generated<number>;
  /** a telecaller may hear their own calls */
  callers_hear_own: Generated<number>;
  dialer_countdown_seconds: Generated<number>;
  /** the secret in this company's callback addresses */
  hook_token: string;
  /** when the provider last accepted the credentials */
  checked_at: string | null;
  updated_at: string;
}

/** A call through a provider: a fact, as the provider reported it. */
export interface CallsTable {
  id: Generated<number>;
  subadmin_id: number;
  provider: string;
  /** null until the provider answered the request to place it */
  provider_call_id: string | null;
  lead_id: number | null;
  user_id: number | null;
  direction: CallDirection;
  status: CallStatus;
  from_number: string;
  to_number: string;
  placed_at: string;
  answered_at: string | null;
  ended_at: string | null;
  /** seconds the lead and the telecaller talked, as the provider reported */
  talk_seconds: number | null;
  /** the provider's reference to the recording (never shown to a browser) */
  recording_ref: string | null;
  /** what the provider charged, a positive decimal string as it gave it (docs/telephony.md#calls-are-facts), and its currency */
  cost: string | null;
  cost_currency: string | null;
  /** how many times the provider was asked for the cost */
  cost_checks: Generated<number>;
  /** when it may be asked again (null: from five minutes after the end) */
  cost_check_after: string | null;
  /** 1: placed by the power dialer */
  dialer: Generated<number>;
  updated_at: string;
}

/** Who heard a recording, and when. */
export interface RecordingPlaysTable {
  id: Generated<number>;
  subadmin_id: number;
  call_id: number;
  principal_kind: PrincipalKind;
  principal_id: number;
  played_at: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  subadmin_id: number;
  user_id: number;
  endpoint: string;
  /** the browser's P-256 public key, base64url */
  p256dh: string;
  /** the browser's 16-byte auth secret, base64url */
  auth: string;
  created_at: string;
  /** the last time the push service accepted a message for it */
  last_ok_at: string | null;
}

/** A company's lead capture key: an API key, or a website form's key (docs/lead-capture.md). */
export interface ApiKeysTable {
  id: Generated<number>;
  subadmin_id: number;
  kind: CaptureKeyKind;
  name: string;
  /** the secret's first characters, shown in lists to tell keys apart */
  key_prefix: string;
  /** sha256 (hex) of the secret; the secret itself is never stored */
  key_hash: string;
  /** a form key's page to send the visitor to after a post; null: the built-in one */
  thank_you_url: string | null;
  created_at: string;
  /** updated at most once a minute */
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A browser that signed in to an account (one row per browser and account); the cookie holds the token. */
export interface KnownDevicesTable {
  id: Generated<number>;
  token_hash: string;
  principal_kind: PrincipalKind;
  principal_id: number;
  /** a digest of the account's password hash when it was earned */
  password_mark: string;
  /** ms since the epoch */
  created_at: number;
  expires_at: number;
}

export interface SignInFailuresTable {
  key: string;
  failures: number;
  /** when the window ends, in ms since the epoch */
  reset_at: number;
}

/** Kept by triggers (migration 0013): a company's visible leads and pool per category. */
export interface LeadCountsTable {
  subadmin_id: number;
  category: string;
  visible: number;
  pool: number;
}

/** Kept by triggers (migration 0013): a company's visible assigned leads per quarter hour (UTC) of their send time. */
export interface LeadSendsTable {
  subadmin_id: number;
  /** 'YYYY-MM-DDTHH:' and the quarter's digit, 0-3 */
  quarter: string;
  n: number;
}

/** Kept by triggers (migration 0017): a telecaller's visible leads by what decides their queue. */
export interface LeadTalliesTable {
  subadmin_id: number;
  telicaller_id: number;
  status: string;
  /** 1 while lead_quality is not set */
  unrated: number;
  /** a new lead's send quarter (as lead_sends.quarter), a follow-up's callback date, else '' */
  day_key: string;
  n: number;
}

export type Subadmin = Selectable<SubadminsTable>;
export type NewSubadmin = Insertable<SubadminsTable>;
