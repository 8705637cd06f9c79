import { describe, expect, it } from 'vitest';
import { buildPullUrl, formatIndiamartTime, parseAnswer, parseApiLink, parseIndiamartTime } from '../server/services/indiamart/client.js';
import { indiamartArea, indiamartRequirement, mapIndiamartRow, mapIndiamartRows } from '../server/services/indiamart/mapping.js';
import { pullWindow } from '../server/services/indiamart/pull.service.js';

describe('IndiaMART times and links', () => {
  it('formats instants as IST DD-Mon-YYYYHH:MM:SS and reads them back', () => {
    expect(formatIndiamartTime(new Date('2026-11-22T04:30:00Z'))).toBe('22-Nov-202610:00:00');
    expect(formatIndiamartTime(new Date('2026-12-31T20:15:09.999Z'))).toBe('01-Jan-202701:45:09');
    expect(formatIndiamartTime(new Date('2026-09-05T00:00:00Z'))).toBe('05-Sep-202605:30:00');
    expect(parseIndiamartTime('22-Nov-202610:00:00')?.toISOString()).toBe('2026-11-22T04:30:00.000Z');
    expect(parseIndiamartTime('2026-11-22 10:00:00')).toBeNull();
  });

  it('appends the window to the saved link and keeps its key', () => {
    const link = parseApiLink('https://mapi.indiamart.com/wservce/crm/crmListing/v2/?glusr_crm_key=ab%2Bc==')!;
    const url = new URL(buildPullUrl(link, new Date('2026-11-21T04:30:00Z'), new Date('2026-11-22T04:30:00Z')));
    expect(url.origin + url.pathname).toBe('https://mapi.indiamart.com/wservce/crm/crmListing/v2/');
    expect(url.searchParams.get('glusr_crm_key')).toBe('ab+c==');
    expect(url.searchParams.get('start_time')).toBe('21-Nov-202610:00:00');
    expect(url.searchParams.get('end_time')).toBe('22-Nov-202610:00:00');
  });

  it('accepts https links anywhere and plain http only to this machine', () => {
    expect(parseApiLink('https://mapi.indiamart.com/x?glusr_crm_key=k')).not.toBeNull();
    expect(parseApiLink('http://127.0.0.1:4000/x?glusr_crm_key=k')).not.toBeNull();
    expect(parseApiLink('http://localhost:4000/x')).not.toBeNull();
    expect(parseApiLink('http://mapi.indiamart.com/x')).toBeNull();
    expect(parseApiLink('ftp://127.0.0.1/x')).toBeNull();
    expect(parseApiLink('not a link')).toBeNull();
  });

  it('takes the window from the last end minus 10 minutes, 24 hours back at first, at most 7 days', () => {
    const now = new Date('2026-11-22T04:30:00Z');
    expect(pullWindow(null, now)).toEqual({ start: new Date('2026-11-21T04:30:00Z'), end: now });
    expect(pullWindow('2026-11-22T04:00:00.000Z', now)).toEqual({ start: new Date('2026-11-22T03:50:00Z'), end: now });
    expect(pullWindow('2026-11-01T00:00:00.000Z', now)).toEqual({ start: new Date('2026-10-31T23:50:00Z'), end: new Date('2026-11-07T23:50:00Z') });
    // a window end in the future (a clock set back) still gives a valid window
    expect(pullWindow('2026-11-23T00:00:00.000Z', now)).toEqual({ start: new Date('2026-11-22T04:20:00Z'), end: now });
  });
});

describe('IndiaMART answers', () => {
  it('reads CODE from the body even when HTTP says 200', () => {
    const ok = parseAnswer(200, JSON.stringify({ CODE: 200, STATUS: 'SUCCESS', MESSAGE: '', TOTAL_RECORDS: 1, RESPONSE: [{ UNIQUE_QUERY_ID: '1' }] }));
    expect(ok).toMatchObject({ code: '200', message: 'Leads received.', totalRecords: 1 });
    expect(ok.rows).toHaveLength(1);
    expect(parseAnswer(200, JSON.stringify({ CODE: 401, STATUS: 'FAILURE', MESSAGE: 'Invalid key' }))).toMatchObject({
      code: '401',
      message: 'Invalid key',
      rows: [],
    });
    expect(parseAnswer(200, JSON.stringify({ CODE: '204', MESSAGE: 'No leads' }))).toMatchObject({ code: '204', rows: [] });
    expect(parseAnswer(200, JSON.stringify({ CODE: 429, MESSAGE: '' })).message).toMatch(/5 minutes/);
  });

  it('turns an unreadable answer into a recorded code', () => {
    expect(parseAnswer(502, '<html>Bad gateway</html>')).toMatchObject({ code: '502', message: 'IndiaMART answered HTTP 502.' });
    expect(parseAnswer(200, 'not json')).toMatchObject({ code: 'BAD_RESPONSE' });
    expect(parseAnswer(200, '[1,2]')).toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('IndiaMART row to lead', () => {
  const row = {
    UNIQUE_QUERY_ID: '2718281828',
    QUERY_TYPE: 'W',
    QUERY_TIME: '2026-11-22 10:15:32',
    SENDER_NAME: '  Ravi Kumar ',
    SENDER_MOBILE: '+91-9876543210',
    SUBJECT: 'Requirement for CCTV Camera',
    SENDER_CITY: 'Pune',
    SENDER_STATE: 'Maharashtra',
    QUERY_PRODUCT_NAME: 'CCTV Camera',
    QUERY_MESSAGE: 'I want to buy CCTV Camera.<br><br>Quantity: 10 Piece<br/>Usage: Office &amp; shop<p>Please call after 5 pm</p>',
  };

  it('maps name, normalised mobile, requirement lines without markup, area and source ref; the query id and time kept as extra details', () => {
    expect(mapIndiamartRow(row)).toEqual({
      ok: true,
      lead: {
        name: 'Ravi Kumar',
        mobile: '9876543210',
        requirement: 'CCTV Camera\nRequirement for CCTV Camera\nI want to buy CCTV Camera.\nQuantity: 10 Piece\nUsage: Office & shop\nPlease call after 5 pm',
        area: 'Pune, Maharashtra',
        sourceRef: '2718281828',
        email: null,
        extraDetails: { 'Query ID': '2718281828', 'Enquiry time': '2026-11-22 10:15:32' },
      },
    });
  });

  it('falls back to the alternative mobile and skips a row without a valid one', () => {
    expect(mapIndiamartRow({ ...row, SENDER_MOBILE: '+1-5551234567', SENDER_MOBILE_ALT: '+91-8123456789' })).toMatchObject({
      ok: true,
      lead: { mobile: '8123456789' },
    });
    expect(mapIndiamartRow({ ...row, SENDER_MOBILE: '' })).toEqual({ ok: false, ref: '2718281828', reason: 'No mobile number' });
    expect(mapIndiamartRow({ ...row, SENDER_MOBILE: '+1-5551234567' })).toMatchObject({ ok: false, reason: 'Not a valid Indian mobile: +1-5551234567' });
  });

  it('builds the area from whichever part is given and keeps an empty requirement empty', () => {
    expect(indiamartArea({ SENDER_CITY: 'Pune' })).toBe('Pune');
    expect(indiamartArea({ SENDER_STATE: 'Goa', SENDER_CITY: '' })).toBe('Goa');
    expect(indiamartArea({ SENDER_CITY: 'Delhi', SENDER_STATE: 'Delhi' })).toBe('Delhi');
    expect(indiamartArea({ SENDER_CITY: null, SENDER_STATE: 42 })).toBe('42');
    expect(indiamartRequirement({ QUERY_PRODUCT_NAME: null, SUBJECT: undefined, QUERY_MESSAGE: '<br>' })).toBe('');
    expect(indiamartRequirement({ QUERY_PRODUCT_NAME: 'Sofa', SUBJECT: 'Sofa', QUERY_MESSAGE: 'Need 2' })).toBe('Sofa\nNeed 2');
  });

  it("counts the same enquiry twice in one answer as a duplicate, and keeps a mobile's second enquiry", () => {
    const out = mapIndiamartRows([
      row,
      { ...row, UNIQUE_QUERY_ID: '2718281829', QUERY_PRODUCT_NAME: 'Solar panel' },
      { ...row, SENDER_MOBILE: '9000000001' },
      { ...row, UNIQUE_QUERY_ID: '3', SENDER_MOBILE: 'x' },
      { ...row, UNIQUE_QUERY_ID: '', SENDER_MOBILE: '9000000002' },
      { ...row, UNIQUE_QUERY_ID: '', SENDER_MOBILE: '9000000002' },
      { ...row, UNIQUE_QUERY_ID: '', SENDER_MOBILE: '9000000002', QUERY_MESSAGE: 'Need 20 now' },
    ]);
    expect(out.leads.map((l) => [l.mobile, l.sourceRef])).toEqual([
      ['9876543210', row.UNIQUE_QUERY_ID],
      ['9876543210', '2718281829'],
      ['9000000002', null],
      ['9000000002', null],
    ]);
    expect(out.leads[1]!.requirement).toContain('Solar panel');
    expect(out.repeated).toBe(2);
    expect(out.invalid).toEqual([{ ref: '3', reason: 'Not a valid Indian mobile: x' }]);
  });
});
