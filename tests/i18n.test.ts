import { describe, expect, it } from 'vitest';
import { en } from '../web/src/i18n/en.js';
import { hi, hiServer } from '../web/src/i18n/hi.js';
import { USER_PAGE_TITLES } from '../web/src/components/layout/userPageTitles.js';
import { FEEDBACK_OPTIONS, LeadFormInput, MESSAGES, NO_SUBMIT_FEEDBACK, NotConnectedInput } from '../shared/schemas/lead-work.js';
import { DateRangeInput } from '../shared/schemas/summaries.js';
import { LeadQualityInput } from '../shared/schemas/lead-quality.js';
import { SetLanguageInput } from '../shared/schemas/language.js';
import { CreateProjectInput, PROJECT_MESSAGES, ProjectUpdateInput } from '../shared/schemas/projects.js';
import { UserComplaintInput } from '../shared/schemas/complaints.js';
import { AddLeadInput } from '../shared/schemas/intake.js';
import { TASK_MESSAGES } from '../shared/schemas/tasks.js';
import type { ZodType } from 'zod';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { formatClock, formatDate, formatDateTime, formatDayMonth, formatMonth, setDisplayLanguage, zonedParts } from '../web/src/lib/format.js';
import { formatHms } from '../shared/durations.js';

// The user area's texts (web/src/i18n): Hindi says everything English says, and the messages the
// lead form and its neighbours can show (the shared schemas', which the server sends too) are known.

type Tree = { [key: string]: string | Tree };
const english: Tree = { ...en, titles: USER_PAGE_TITLES };

/** Every text as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the user area in Hindi', () => {
  const enTexts = new Map(leaves(english));
  const hiTexts = new Map(leaves(hi as unknown as Tree));

  it('has every key of English and no other, none of them empty', () => {
    expect(enTexts.size).toBeGreaterThan(250);
    expect(
      [...enTexts.keys()].filter((k) => !hiTexts.has(k)),
      'missing in hi',
    ).toEqual([]);
    expect(
      [...hiTexts.keys()].filter((k) => !enTexts.has(k)),
      'not in en',
    ).toEqual([]);
    expect(
      [...hiTexts].filter(([, v]) => v.trim() === '').map(([k]) => k),
      'empty in hi',
    ).toEqual([]);
    expect(
      [...enTexts].filter(([, v]) => v.trim() === '').map(([k]) => k),
      'empty in en',
    ).toEqual([]);
  });

  it('keeps every placeholder of the English text', () => {
    const lost = [...enTexts].filter(([k, v]) => placeholders(v).join() !== placeholders(hiTexts.get(k) ?? '').join()).map(([k]) => k);
    expect(lost).toEqual([]);
    // A server message is whole text: its numbers (15 digits, 366 days) must be kept instead.
    const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => m[0]).sort();
    for (const [message, text] of Object.entries(hiServer)) expect(numbers(text), message).toEqual(numbers(message));
  });

  it('is written in Devanagari, numbers in Latin digits', () => {
    // Names that stay as they are (brands, the browsers' own menu words, CSV) aside, each text has Hindi in it.
    const latinOnly = [...hiTexts].filter(([, v]) => !/[\u0900-\u097F]/.test(v)).map(([k]) => k);
    // A reply to a complaint is the company's words, shown as written.
    expect(latinOnly).toEqual(['shared.notice.complaintReplied.message', 'install.android']);
    expect([...hiTexts, ...Object.entries(hiServer)].filter(([, v]) => /[\u0966-\u096F]/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('names every feedback the lead form sends, by the value it sends', () => {
    const values = [...Object.values(FEEDBACK_OPTIONS).flat(), ...NO_SUBMIT_FEEDBACK];
    expect(Object.keys(en.feedback).sort()).toEqual([...new Set(values)].sort());
    for (const v of values) expect(en.feedback[v as keyof typeof en.feedback]).toBe(v);
  });

  const messages = (schema: ZodType, inputs: unknown[]) =>
    inputs.flatMap((input) => {
      const result = schema.safeParse(input);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    });

  it('knows every message the lead form, the date filters and the language switch can show', () => {
    const lead = { leadId: 1 };
    const shown = new Set([
      ...messages(LeadFormInput, [
        { ...lead },
        { ...lead, variant: 'noSubmit' },
        { ...lead, status: LEAD_STATUS.notInterested },
        { ...lead, status: LEAD_STATUS.notInterested, feedback: 'Nonsense' },
        { ...lead, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead' },
        { ...lead, status: LEAD_STATUS.followUp, feedback: 'Follow-up Option', callback: true },
        { ...lead, status: LEAD_STATUS.followUp, feedback: 'Follow-up Option', callback: true, callback_date: '2030-01-01' },
        { ...lead, status: LEAD_STATUS.followUp, feedback: 'Follow-up Option', callback: true, callback_date: '2030-02-30', callback_time: '25:00' },
        { ...lead, status: LEAD_STATUS.interested, feedback: 'Running', whatsapp: 'abc', optional_number: 'x1' },
        { ...lead, status: LEAD_STATUS.interested, feedback: 'Running', whatsapp: '1'.repeat(16), optional_number: '2'.repeat(16) },
        { ...lead, status: LEAD_STATUS.interested, feedback: 'Running', telemarketer_handler: -1 },
        { ...lead, status: LEAD_STATUS.interested, feedback: 'Running', project_name: 'p'.repeat(201), remarks: 'r'.repeat(2001) },
        { ...lead, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead', invalid_reason: 'i'.repeat(501) },
        { ...lead, status: LEAD_STATUS.notInterested, feedback: 'f'.repeat(101) },
        { ...lead, queue: 'nowhere', status: LEAD_STATUS.notInterested, feedback: 'Price Issue' },
      ]),
      ...messages(NotConnectedInput, [{ ...lead, outcome: 'asleep' }]),
      ...messages(DateRangeInput, [{ from: '2026-13-01' }, { from: '2026-03-05', to: '2026-03-01' }, { from: '2024-01-01', to: '2026-01-01' }]),
      ...messages(LeadQualityInput, [
        { from: 'soon', to: 'later' },
        { from: '2026-03-05', to: '2026-03-01' },
      ]),
      ...messages(SetLanguageInput, [{ language: 'fr' }]),
      // The server's answer to a head working a lead it has submitted.
      MESSAGES.headSubmitted,
    ]);
    expect(shown.size).toBeGreaterThan(20);
    expect([...shown].filter((m) => !(m in hiServer))).toEqual([]);
  });

  it('knows the messages of the project, complaint, Add Lead and task forms, and their answers', () => {
    const project = { project_name: 'Site', clint_name: 'Asha', number: '9876543210', price: '1000', endtime: '2030-01-01' };
    const shown = new Set([
      ...messages(CreateProjectInput, [
        {},
        { ...project, price: '0', advance: 'abc', commission_percentage: 7, endtime: '2030-02-30' },
        { ...project, price: '1.234', number: '12' },
        { ...project, price: '1000000001', advance: '1000000001' },
        { ...project, advance: '2000', project_name: 'p'.repeat(201), clint_name: 'c'.repeat(201) },
      ]),
      ...messages(ProjectUpdateInput, [
        { id: 1 },
        { id: 1, ...project, received: 'x' },
        { id: 1, ...project, received: '1000000001' },
        { id: 1, ...project, received: '2000' },
      ]),
      ...messages(UserComplaintInput, [{}, { reason: ' ', description: ' ' }, { reason: 'r'.repeat(201), description: 'd'.repeat(5001) }]),
      ...messages(AddLeadInput, [{}, { name: 'n'.repeat(201), mobile: '12', requirement: 'r'.repeat(5001), area: 'a'.repeat(201), category: 'c'.repeat(61) }]),
      PROJECT_MESSAGES.created,
      PROJECT_MESSAGES.updateSent,
      PROJECT_MESSAGES.updateWaiting,
      TASK_MESSAGES.accepted,
      TASK_MESSAGES.completed,
    ]);
    expect(shown.size).toBeGreaterThan(30);
    expect([...shown].filter((m) => !(m in hiServer))).toEqual([]);
  });
});

describe('dates, times and durations for a Hindi reader', () => {
  const LATIN = /[A-Za-z]/;

  it('are written by Intl in hi-IN: no English month, AM/PM or unit letters', () => {
    const when = '2026-11-25T03:43:00Z';
    expect(zonedParts(when, 'Asia/Kolkata', 'hi')).toEqual({ date: '25 नव॰ 2026', time: 'सुबह 9:13' });
    expect(formatDate('2026-03-05', 'hi')).toBe('05 मार्च 2026');
    expect(formatDayMonth('2026-03-05', 'hi')).toBe('05 मार्च');
    expect(formatMonth('2026-03', 'hi')).toBe('मार्च 2026');
    expect(formatClock('09:30', 'hi')).toBe('सुबह 9:30');
    expect(formatClock('18:30', 'hi')).toBe('शाम 6:30');
    expect(formatHms(22, 'hi')).toBe('22 सेकंड');
    expect(formatHms(270, 'hi')).toBe('4 मिनट 30 सेकंड');
    expect(formatHms(7509, 'hi')).toBe('2 घंटे 5 मिनट 9 सेकंड');
    for (const text of [formatDate('2026-11-30', 'hi'), formatMonth('2026-01', 'hi'), formatClock('23:59', 'hi'), formatHms(3600, 'hi')])
      expect(text).not.toMatch(LATIN);
  });

  it('follow the display language the user area sets, and stay English by default', () => {
    const when = '2026-11-25T03:43:00Z';
    expect(formatDateTime(when, 'Asia/Kolkata')).toBe('25 Nov 2026, 09:13 AM');
    setDisplayLanguage('hi');
    try {
      expect(formatDateTime(when, 'Asia/Kolkata')).toBe('25 नव॰ 2026, सुबह 9:13');
      expect(formatDate('2026-03-05')).toBe('05 मार्च 2026');
    } finally {
      setDisplayLanguage('en');
    }
    expect(formatHms(22)).toBe('22s');
    expect(formatClock('18:30')).toBe('06:30 PM');
  });

  it('say the reply to a complaint in Hindi, with the complaint and the reply as written', () => {
    expect(hi.shared.notice.complaintReplied.title).toBe('आपकी शिकायत का जवाब: {{complaint}}');
  });
});
