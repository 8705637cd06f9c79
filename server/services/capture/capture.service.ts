import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { receiveLead, type Arrival } from '../routing/arrivals.service.js';
import type { CaptureKey } from './capture-keys.service.js';
import { companyShape } from '../lead-fields/shape.service.js';
import { readFieldInput } from '../lead-fields/values.js';
import { zonedInstant } from '../../../shared/dates.js';
import { companyTimeZone } from '../company/company.service.js';
import { boundedExtras, type ExtraDetails } from '../../../shared/lead-fields.js';
import { requiredOnCapture } from '../../../shared/capture-fields-schema.js';
import {
  CAPTURE_DEFAULT_SOURCE,
  CAPTURE_KNOWN_KEYS,
  type CaptureFormInput,
  type CaptureLeadAnswer,
  type CaptureLeadInput,
} from '../../../shared/schemas/capture.js';

/** What the API answers, and whether the lead was made now (201) or an earlier post of the same externalId is answered (200). */
export interface CapturedLead {
  answer: CaptureLeadAnswer;
  created: boolean;
}

const sourceRefOf = (externalId: string | null) => (externalId ? `capture:${externalId}` : null);

function answerOf(arrival: Arrival): CaptureLeadAnswer {
  const repeat = arrival.outcome === 'repeat' || arrival.retryOf === 'repeat';
  const status = repeat ? 'repeat' : arrival.routedTo ? 'routed' : arrival.waiting ? 'waiting' : 'pool';
  return { leadId: arrival.leadId, status, routedTo: arrival.routedTo };
}

/**
 * `fields` read against the key's company's fields; any refusal refuses the whole lead, naming the
 * key (fieldErrors `fields.<key>`), and nothing is stored.
 */
async function readCompanyFields(deps: Deps, subadminId: number, input: Readonly<Record<string, unknown>>, namingKeys = true) {
  const { fields } = await companyShape(deps.db, subadminId);
  const read = readFieldInput(fields, input, { required: requiredOnCapture(fields) });
  const errors = Object.entries(read.errors);
  if (errors.length) {
    const fieldErrors = Object.fromEntries(errors.map(([key, message]) => [`fields.${key}`, message]));
    const [key, message] = errors[0]!;
    // a program is told the key it sent; a website's visitor reads the field's own words
    throw new AppError('BAD_REQUEST', namingKeys ? `fields.${key.slice(0, 40)}: ${message}` : message, fieldErrors);
  }
  return { fields, values: read.values };
}

/** What a sender gave under keys the API does not read: kept on the lead as extra details (bounded), never dropped. */
export function extrasOf(body: unknown, known: (key: string) => boolean = (k) => CAPTURE_KNOWN_KEYS.has(k)): ExtraDetails | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>)
    .filter(([k]) => !known(k))
    .map(([k, v]): [string, unknown] => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : v]);
  return boundedExtras(entries);
}

/**
 * A lead posted with an API key, made in the key's company (never another's) by the routing
 * engine, which also answers a retry: a second post with the same externalId makes and changes
 * nothing, and answers the lead the first one made or reached (a repeat enquiry, whose email, field
 * values and extra details are applied to the lead it reached).
 */
export async function captureLead(deps: Deps, key: CaptureKey, input: z.output<typeof CaptureLeadInput>, body?: unknown): Promise<CapturedLead> {
  const { fields, values } = await readCompanyFields(deps, key.subadminId, input.fields);
  const arrival = await receiveLead(
    deps,
    key.subadminId,
    'capture',
    {
      name: input.name,
      mobile: input.mobile,
      requirement: input.requirement,
      area: input.area,
      category: input.source,
      language: input.language,
      sourceRef: sourceRefOf(input.externalId),
      email: input.email,
      values,
      extras: extrasOf(body),
    },
    undefined,
    fields,
  );
  return { answer: answerOf(arrival), created: arrival.outcome !== 'retry' };
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?$/;

/** A browser's date-and-time box sends the time without its zone: it is the company's time. */
async function withZone(deps: Deps, subadminId: number, given: Record<string, unknown>): Promise<Record<string, unknown>> {
  const local = Object.entries(given).filter(([, v]) => typeof v === 'string' && LOCAL_DATE_TIME.test(v));
  if (!local.length) return given;
  const timeZone = await companyTimeZone(deps.db, subadminId);
  const out = { ...given };
  for (const [k, v] of local) {
    const m = LOCAL_DATE_TIME.exec(v as string)!;
    out[k] = zonedInstant(m[1]!, m[2]!, timeZone);
  }
  return out;
}

/** A lead a visitor sent with a company's website form; its category is always "Website". */
export async function captureFormLead(
  deps: Deps,
  key: CaptureKey,
  input: z.output<typeof CaptureFormInput>,
  extras: ExtraDetails | null = null,
): Promise<void> {
  const { fields, values } = await readCompanyFields(deps, key.subadminId, await withZone(deps, key.subadminId, input.fields), false);
  await receiveLead(
    deps,
    key.subadminId,
    'website_form',
    {
      name: input.name,
      mobile: input.mobile,
      requirement: input.requirement,
      area: input.area,
      category: CAPTURE_DEFAULT_SOURCE,
      language: null,
      sourceRef: null,
      email: input.email,
      values,
      extras,
    },
    undefined,
    fields,
  );
}
