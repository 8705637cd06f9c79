import { z } from 'zod';
import type { ProjectView } from '../services/projects/project-view.js';
import type { PendingUpdate } from '../services/projects/company-projects.service.js';
import type { BusinessTotals } from '../services/projects/business.service.js';
import { idField } from '../../shared/schemas/users.js';
import { COMMISSION_OPTIONS } from '../../shared/constants.js';
import { CreateProjectInput, ProjectUpdateInput } from '../../shared/schemas/projects.js';
import { mappedBody } from './route.js';

/** A project in the original client's field names: amounts in rupees (docs/product-rules.md#money), Advance_payment is what was received. */
export const toLegacyProject = (p: ProjectView) => ({
  id: p.id,
  project_id: p.id,
  project_name: p.project_name,
  clint_name: p.clint_name,
  number: p.number,
  price: p.price,
  Advance_payment: p.received,
  pending_payment: p.pending,
  commission: p.commission,
  commission_percentage: p.commission_percentage,
  commission_earned: p.commission_earned,
  endtime: p.endtime,
  status: p.status,
  telicaller_id: p.telicaller_id,
  telecaller_name: p.telecaller_name,
  lead_id: p.lead?.id ?? null,
  lead_name: p.lead?.name ?? null,
  created_at: p.created_at,
});

const created = CreateProjectInput.shape;
const updated = ProjectUpdateInput.shape;
const RUPEES = 'In rupees: a number, or text such as "1,250.50".';
const COMMISSION = `A commission of ${COMMISSION_OPTIONS.join(', ')} %`;
const projectFields = {
  project_name: created.project_name,
  clint_name: created.clint_name.describe("The client's name (spelt so)."),
  number: created.number.describe("The client's 10-digit mobile."),
  price: created.price.describe(`The total price. ${RUPEES}`),
  endtime: created.endtime.describe('The end date, YYYY-MM-DD.'),
};

/** createProject's body: the original client's names onto the shared schema's. */
export function createFromLegacy(body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    project_name: b.project_name,
    clint_name: b.clint_name,
    number: b.number,
    price: b.price,
    advance: b.Advance_payment ?? b.advance,
    commission_percentage: b.commission ?? b.commission_percentage,
    endtime: b.endtime,
    ...(b.lead_id !== undefined && b.lead_id !== null && b.lead_id !== '' ? { lead_id: b.lead_id } : {}),
  };
}

export const CreateProjectBody = mappedBody(
  {
    ...projectFields,
    Advance_payment: created.advance.describe(`The advance received, at most the price; absent is 0. ${RUPEES}`),
    advance: created.advance.describe('The advance, when Advance_payment is not sent.'),
    commission: created.commission_percentage.describe(`${COMMISSION}; absent is 2.`),
    commission_percentage: created.commission_percentage.describe('The commission, when commission is not sent.'),
    lead_id: created.lead_id.describe('The lead the project was sold to, if any.'),
  },
  createFromLegacy,
  CreateProjectInput,
);

/** approveProjectUpdate's body (the telecaller's request); its telicaller_id and status are the client's, not ours. */
export function updateFromLegacy(body: unknown) {
  const b = (body ?? {}) as Record<string, unknown>;
  return {
    id: b.id,
    project_name: b.project_name,
    clint_name: b.clint_name,
    number: b.number,
    price: b.price,
    received: b.Advance_payment ?? b.received,
    commission_percentage: b.commission_percentage ?? b.commission,
    endtime: b.endtime,
  };
}

export const ProjectUpdateBody = mappedBody(
  {
    id: updated.id.describe("The project's id."),
    ...projectFields,
    Advance_payment: updated.received.describe(`The payment received so far, at most the price. ${RUPEES}`),
    received: updated.received.optional().describe('The payment received, when Advance_payment is not sent.'),
    commission_percentage: updated.commission_percentage.describe(`${COMMISSION}; absent is 2.`),
    commission: updated.commission_percentage.describe('The commission, when commission_percentage is not sent.'),
  },
  updateFromLegacy,
  ProjectUpdateInput,
);

export const DecisionBody = z.object({
  id: idField.describe("The update request's id (from pendingProjectUpdates)."),
  approval_status: z.enum(['approved', 'rejected'], { error: "approval_status must be 'approved' or 'rejected'." }),
});

export const toLegacyUpdate = (u: PendingUpdate) => ({
  id: u.id,
  project_id: u.project_id,
  project_name: u.proposed.project_name,
  clint_name: u.proposed.clint_name,
  number: u.proposed.number,
  price: u.proposed.price,
  Advance_payment: u.proposed.received,
  pending_payment: u.proposed.pending,
  commission_percentage: u.proposed.commission_percentage,
  endtime: u.proposed.endtime,
  approval_status: 'pending',
  telicaller_id: u.telicaller_id,
  telecaller_name: u.telecaller_name,
  current: {
    project_name: u.current.project_name,
    clint_name: u.current.clint_name,
    number: u.current.number,
    price: u.current.price,
    Advance_payment: u.current.received,
    pending_payment: u.current.pending,
    commission_percentage: u.current.commission_percentage,
    endtime: u.current.endtime,
  },
  created_at: u.created_at,
});

export const toLegacyTotals = (t: BusinessTotals) => ({
  totalProjects: t.projects,
  totalPrice: t.value,
  totalAdvance: t.received,
  totalPending: t.pending,
  totalCommission: t.commission,
  totalCommissionEarned: t.commission_earned,
});

export const toLegacyDetail = (p: ProjectView) => ({
  project_id: p.id,
  projectName: p.project_name,
  clint_name: p.clint_name,
  number: p.number,
  totalPrice: p.price,
  receivedPayment: p.received,
  pendingPayment: p.pending,
  commission: p.commission_percentage,
  commissionValue: p.commission,
  commissionEarned: p.commission_earned,
  status: p.status,
  endtime: p.endtime,
});
