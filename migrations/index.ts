import type { Migration } from './types.js';
import { initial } from './0001_initial.js';
import { uniqueLeadMobile } from './0002_unique_lead_mobile.js';
import { partialLeadIndexes } from './0003_partial_lead_indexes.js';
import { loginAsOrigin } from './0004_login_as_origin.js';
import { appSecrets } from './0005_app_secrets.js';
import { leadWork } from './0006_lead_work.js';
import { callbackHistory } from './0007_callback_history.js';
import { leadWorkCover } from './0008_lead_work_cover.js';
import { projects } from './0009_projects.js';
import { products } from './0010_products.js';
import { userNotices } from './0011_user_notices.js';
import { signInFailures } from './0012_sign_in_failures.js';
import { leadCounts } from './0013_lead_counts.js';
import { uploadBatchLeases } from './0014_upload_batch_leases.js';
import { submissionKeys } from './0015_submission_keys.js';
import { userLanguage } from './0016_user_language.js';
import { leadTallies } from './0017_lead_tallies.js';
import { knownDevicesCompanyEmails } from './0018_known_devices_company_emails.js';
import { canonicalTimeZones } from './0019_canonical_time_zones.js';
import { boundedLeadReads } from './0020_bounded_lead_reads.js';
import { leadTakenBackFrom } from './0021_lead_taken_back_from.js';
import { refusedRowsAndCallerExports } from './0022_refused_rows_and_caller_exports.js';
import { projectDecisionNotices } from './0023_project_decision_notices.js';
import { leadRouting } from './0024_lead_routing.js';
import { captureKeys } from './0025_capture_keys.js';
import { pushSubscriptions } from './0026_push_subscriptions.js';
import { projectAdvance } from './0027_project_advance.js';
import { enquiryRefs } from './0028_enquiry_refs.js';
import { calls } from './0029_calls.js';
import { unsettledCalls } from './0030_unsettled_calls.js';
import { callCosts } from './0031_call_costs.js';
import { companyShape } from './0032_company_shape.js';
import { routingByField } from './0033_routing_by_field.js';
import { leadValueStatistics } from './0035_lead_value_statistics.js';

// Listed by hand, in order: bundlers and tsx break folder scanning. Never edit a landed one.
export const migrations: Migration[] = [
  initial,
  uniqueLeadMobile,
  partialLeadIndexes,
  loginAsOrigin,
  appSecrets,
  leadWork,
  callbackHistory,
  leadWorkCover,
  projects,
  products,
  userNotices,
  signInFailures,
  leadCounts,
  uploadBatchLeases,
  submissionKeys,
  userLanguage,
  leadTallies,
  knownDevicesCompanyEmails,
  canonicalTimeZones,
  boundedLeadReads,
  leadTakenBackFrom,
  refusedRowsAndCallerExports,
  projectDecisionNotices,
  leadRouting,
  captureKeys,
  pushSubscriptions,
  projectAdvance,
  enquiryRefs,
  calls,
  unsettledCalls,
  callCosts,
  companyShape,
  routingByField,
  leadValueStatistics,
];
export type { Dialect, Migration } from './types.js';
