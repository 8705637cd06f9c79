import { CAPTURE_DEFAULT_SOURCE, CAPTURE_STATUSES, CaptureLeadInput } from '../../shared/schemas/capture.js';
import type { BucketLimit } from '../services/capture/token-bucket.js';
import { jsonSchemaOf, type BesideApi, type JsonSchema, type Operation } from './openapi.js';

// The lead capture API (server/rest/capture.routes.ts) in the API's OpenAPI document: not a legacy
// route, so described here, with its own server (/api/capture) and its own key instead of a session.

export const CAPTURE_TAG = 'Lead capture';
const CAPTURE_SERVER = '/api/capture';

const EXAMPLE =
  `curl -X POST "$SERVER${CAPTURE_SERVER}/leads" -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" ` +
  `-d '{"name":"Ravi Kumar","mobile":"+91 98765 43210","email":"ravi@example.com","requirement":"2BHK flat","area":"Whitefield","source":"Website","externalId":"crm-1042","fields":{"budget":"45,00,000","bhk":"2bhk"},"pincode":"560066"}'`;

const description = (limit: BucketLimit) =>
  [
    "Sends one lead to the company the API key belongs to, from a CRM, a website's server or any other program. " +
      'Create the key on the Lead Capture page (sub-admin, under Manage API); it is shown once. Send it as `Authorization: Bearer <key>` or as `X-API-Key: <key>`. ' +
      'A website form key (tcb_form_...) is refused here: it only posts the website form.',
    `The mobile is read as an Indian mobile (+91, 0, spaces and dashes allowed). The source becomes the lead's category ("${CAPTURE_DEFAULT_SOURCE}" when left out). ` +
      'Send your own id of the enquiry as externalId: a retry with the same externalId answers 200 with the lead already made, and makes nothing.',
    "`email` is kept on the lead. `fields` sets the company's own lead fields by key (its Lead fields page lists them; its Lead Capture page shows " +
      'their keys, types and choices as this schema): a key the company has no field for, a retired one or a value of the wrong kind is refused ' +
      'with 400 and a message naming the key (`fields.<key>: …`, also in fieldErrors), and nothing is made; a required field of the lead details must ' +
      'be sent. Any other key of the body is not dropped: it is kept on the lead as an extra detail (its name and value as text; at most 50). ' +
      "A repeat enquiry's email, fields and extra details update the lead it reaches, each change a line of the lead's history.",
    'The answer says what became of the lead: routed (given to a telecaller now, named in routedTo), waiting (routing is on but nobody may take it ' +
      'now: it goes to the next telecaller who can), pool (routing of captured leads is off: it waits for distribution), repeat (the mobile is already ' +
      "one of the company's leads: that lead takes the enquiry and is answered; nothing new is made).",
    `Each key may send ${limit.perMinute} leads a minute, ${limit.burst} at once; past that the answer is 429 with Retry-After in seconds. ` +
      'Other sites may call it from a browser (CORS allows any origin), but a key in a public page can be read by anyone: use a website form key there.',
    `Example: \`${EXAMPLE}\``,
  ].join('\n\n');

const ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['leadId', 'status', 'routedTo'],
  properties: {
    leadId: { type: 'integer', description: 'The lead, in the company of the key.' },
    status: { type: 'string', enum: [...CAPTURE_STATUSES], description: 'What became of the lead (see above).' },
    routedTo: {
      type: 'object',
      nullable: true,
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      description: 'The telecaller it was given to; null when it is waiting or in the pool.',
    },
  },
};

const answer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/CapturedLead' } } } });
const failure = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } });
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

const operation = (limit: BucketLimit): Operation => ({
  operationId: 'postCaptureLeads',
  tags: [CAPTURE_TAG],
  summary: 'Send a lead to your company',
  description: description(limit),
  'x-roles': [],
  servers: [{ url: CAPTURE_SERVER }],
  security: [{ captureKey: [] }, { captureKeyHeader: [] }],
  requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(CaptureLeadInput) } } },
  responses: {
    '200': answer('A retry: a lead with this externalId was made before; nothing new was made.'),
    '201': answer('The lead was made.'),
    '400': ref('BadRequest'),
    '401': ref('CaptureUnauthorized'),
    '403': ref('CaptureForbidden'),
    '429': ref('CaptureTooManyRequests'),
  },
});

/** What the capture API adds to the document: its path, its answer, its failures and its key. */
export const captureDocument = (limit: BucketLimit): BesideApi => ({
  tag: CAPTURE_TAG,
  paths: { '/leads': { post: operation(limit) } },
  schemas: { CapturedLead: ANSWER_SCHEMA },
  responses: {
    CaptureUnauthorized: failure('No key, an unknown or revoked key, or a website form key (those only post the website form).'),
    CaptureForbidden: failure("The key's company is blocked, expired or removed."),
    CaptureTooManyRequests: failure("More leads than the key's limit: wait the seconds the Retry-After header says, then send again."),
  },
  securitySchemes: {
    captureKey: { type: 'http', scheme: 'bearer', description: "A company's lead capture API key (tcb_live_...), made on the Lead Capture page." },
    captureKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The same key, in a header of its own.' },
  },
});
