import type { Deps } from '../../deps.js';
import type { SubadminActor } from '../../auth/actor.js';
import { UTF8_BOM, csvLine } from '../leads/lead-export.js';
import { companyBusiness, type BusinessTotals } from './business.service.js';

const HEADER = [
  'Section',
  'Telecaller / month',
  'Projects',
  'Value sold (INR)',
  'Received (INR)',
  'Pending (INR)',
  'Commission on price (INR)',
  'Commission earned (INR)',
];

const money = (n: number) => n.toFixed(2);
const cells = (section: string, label: string, t: BusinessTotals) =>
  csvLine([section, label, t.projects, money(t.value), money(t.received), money(t.pending), money(t.commission), money(t.commission_earned)]);

/** The company's business view as CSV: per telecaller, per month and the total, as the page shows it. */
export async function openBusinessExport(deps: Deps, actor: SubadminActor, input: { from?: string; to?: string }) {
  const b = await companyBusiness(deps, actor, input);
  const lines = [
    UTF8_BOM + csvLine(HEADER),
    ...b.byTelecaller.map((r) => cells('Telecaller', r.telecaller_name, r)),
    ...b.byMonth.map((m) => cells('Month', m.month, m)),
    cells('Total', b.from === b.to ? b.from : `${b.from} to ${b.to}`, b.totals),
  ];
  return { fileName: b.from === b.to ? `business-${b.from}.csv` : `business-${b.from}-to-${b.to}.csv`, body: lines.join('') };
}
