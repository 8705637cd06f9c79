import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { receiveLead, type Arrival } from '../routing/arrivals.service.js';
import type { CaptureKey } from './capture-keys.service.js';
import { CAPTURE_DEFAULT_SOURCE, type CaptureFormInput, type CaptureLeadAnswer, type CaptureLeadInput } from '../../../shared/schemas/capture.js';

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
 * A lead posted with an API key, made in the key's company (never another's) by the routing
 * engine, which also answers a retry: a second post with the same externalId makes and changes
 * nothing, and answers the lead the first one made or reached (a repeat enquiry).
 */
export async function captureLead(deps: Deps, key: CaptureKey, input: z.output<typeof CaptureLeadInput>): Promise<CapturedLead> {
  const arrival = await receiveLead(deps, key.subadminId, 'capture', {
    name: input.name,
    mobile: input.mobile,
    requirement: input.requirement,
    area: input.area,
    category: input.source,
    language: input.language,
    sourceRef: sourceRefOf(input.externalId),
  });
  return { answer: answerOf(arrival), created: arrival.outcome !== 'retry' };
}

/** A lead a visitor sent with a company's website form; its category is always "Website". */
export async function captureFormLead(deps: Deps, key: CaptureKey, input: z.output<typeof CaptureFormInput>): Promise<void> {
  await receiveLead(deps, key.subadminId, 'website_form', {
    name: input.name,
    mobile: input.mobile,
    requirement: input.requirement,
    area: input.area,
    category: CAPTURE_DEFAULT_SOURCE,
    language: null,
    sourceRef: null,
  });
}
