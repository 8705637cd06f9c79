import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { mutate, query } from './helpers/http.js';
import { insertCallFact, storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { chargeOf, sumCharges } from '../server/services/telephony/charge.js';
import { formatCallCost } from '../web/src/lib/format.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };

describe('a provider’s price as the amount charged', () => {
  it('drops the sign, keeps the digits, and refuses what is not an amount', () => {
    expect(['-0.01350', '1.20', '0', '-3', ' 2.5 '].map(chargeOf)).toEqual(['0.01350', '1.20', '0', '3', '2.5']);
    expect([null, undefined, '', 'free', '1e3', '-', '1.', 12].map(chargeOf)).toEqual([null, null, null, null, null, null, null, null]);
  });
  it('adds charges on their digits, to the most precise one’s decimals', () => {
    expect(sumCharges(['0.01350', '0.0425'])).toBe('0.05600');
    expect(sumCharges(['0.1', '0.2'])).toBe('0.3');
    expect(sumCharges(['0.001'])).toBe('0.001');
    expect(sumCharges(['12', '3.50'])).toBe('15.50');
  });
  it('is shown in rupees, or with its currency’s code', () => {
    expect(formatCallCost('1.20', 'INR')).toBe('₹1.20');
    expect(formatCallCost('0.05600', 'USD')).toBe('USD 0.056');
    expect(formatCallCost('2', 'GBP')).toBe('GBP 2.00');
  });
});

/** The company's call log shows what each call cost; a telecaller's own log does not. */
describe.each(dialects)('call costs in the call log on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;

  it('gives the company the cost and its currency, and the telecaller neither', async () => {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.noSubmit });
    const callId = await insertCallFact(db(), w.company.id, {
      status: 'completed',
      lead_id: leadId,
      user_id: w.caller.id,
      talk_seconds: 64,
      ended_at: nowIso(),
      cost: '1.20',
      cost_currency: 'INR',
    });
    const form = {
      leadId,
      status: LEAD_STATUS.interested,
      feedback: FEEDBACK_OPTIONS[LEAD_STATUS.interested][0],
      telemarketer_handler: w.head.id,
      call_id: callId,
    };
    const submitted = await mutate(t.app, 'work.submit', form, w.caller.session);
    expect(submitted.status, JSON.stringify(submitted.error)).toBe(200);

    const company = await query(t.app, 'summaries.callLog', { page: 1, pageSize: 20 }, w.owner);
    expect(company.status, JSON.stringify(company.error)).toBe(200);
    expect(company.data.items[0]).toMatchObject({ call_cost: '1.20', call_cost_currency: 'INR' });
    const own = await query(t.app, 'summaries.myCallLog', { page: 1, pageSize: 20 }, w.caller.session);
    expect(own.status, JSON.stringify(own.error)).toBe(200);
    expect(own.data.items[0]).toMatchObject({ call_cost: null, call_cost_currency: null });
  });
});
