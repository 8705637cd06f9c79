import type { Deps } from '../../deps.js';
import type { SubadminActor, UserActor } from '../../auth/actor.js';
import type { Page } from '../../../shared/schemas/paging.js';
import { monthStart, rangeBounds, todayIn } from '../../../shared/dates.js';
import { paiseToRupees, percentOfPaise } from '../../../shared/money.js';
import { rangeDates } from '../../../shared/schemas/summaries.js';
import { toView, type ProjectView } from './project-view.js';
import { approvedProjectsCreated, approvedProjectsOf } from './projects.repository.js';
import { companyRules } from '../company/company.service.js';

/** Money sums in rupees; each commission is rounded per project before it is added (shared/money.ts). */
export interface BusinessTotals {
  projects: number;
  value: number;
  received: number;
  pending: number;
  commission: number;
  commission_earned: number;
}

interface MoneyRow {
  price_paise: number;
  received_paise: number;
  commission_percentage: number;
}

class Sums {
  projects = 0;
  value = 0;
  received = 0;
  commission = 0;
  earned = 0;
  add(r: MoneyRow) {
    this.projects++;
    this.value += Number(r.price_paise);
    this.received += Number(r.received_paise);
    this.commission += percentOfPaise(Number(r.price_paise), r.commission_percentage);
    this.earned += percentOfPaise(Number(r.received_paise), r.commission_percentage);
  }
  totals(): BusinessTotals {
    return {
      projects: this.projects,
      value: paiseToRupees(this.value),
      received: paiseToRupees(this.received),
      pending: paiseToRupees(this.value - this.received),
      commission: paiseToRupees(this.commission),
      commission_earned: paiseToRupees(this.earned),
    };
  }
}

/**
 * Total Business: the telecaller's approved projects (running, completed, or with an update
 * waiting), their totals, and one page of them.
 */
export async function myBusiness(
  deps: Deps,
  actor: UserActor,
  input: { page: number; pageSize: number },
): Promise<{ totals: BusinessTotals; projects: Page<ProjectView> }> {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  const [money, page] = await approvedProjectsOf(deps.db, actor.subadminId, actor.id, input);
  const sums = new Sums();
  for (const r of money) sums.add(r);
  return { totals: sums.totals(), projects: { ...page, items: page.items.map((p) => toView(p, { today, companyName: company.companyName })) } };
}

export interface CompanyBusiness {
  from: string;
  to: string;
  totals: BusinessTotals;
  byTelecaller: Array<BusinessTotals & { telicaller_id: number; telecaller_name: string }>;
  /** months (YYYY-MM) of the range, each with its totals, in order */
  byMonth: Array<BusinessTotals & { month: string }>;
}

/**
 * The company's business: approved projects created in the range (company zone), summed per
 * telecaller and per month of creation.
 */
export async function companyBusiness(deps: Deps, actor: SubadminActor, input: { from?: string; to?: string }): Promise<CompanyBusiness> {
  const company = await companyRules(deps.db, actor.subadminId);
  const today = todayIn(company.timeZone);
  // Business is read by the month: with no range given, this month so far.
  const { from, to } = input.from || input.to ? rangeDates(input, today) : { from: monthStart(today), to: today };
  const bounds = rangeBounds(from, to, company.timeZone);
  const rows = await approvedProjectsCreated(deps.db, actor.subadminId, bounds);
  const all = new Sums();
  const people = new Map<number, { name: string; sums: Sums }>();
  const months = new Map<string, Sums>();
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = nextMonth(m)) months.set(m, new Sums());
  const monthOf = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone, year: 'numeric', month: '2-digit' });
  for (const r of rows) {
    all.add(r);
    const person = people.get(r.telicaller_id) ?? { name: r.telecaller_name ?? 'Unknown', sums: new Sums() };
    person.sums.add(r);
    people.set(r.telicaller_id, person);
    months.get(monthOf.format(new Date(r.created_at)).slice(0, 7))?.add(r);
  }
  return {
    from,
    to,
    totals: all.totals(),
    byTelecaller: [...people.entries()]
      .map(([id, p]) => ({ telicaller_id: id, telecaller_name: p.name, ...p.sums.totals() }))
      .sort((a, b) => b.value - a.value || a.telecaller_name.localeCompare(b.telecaller_name)),
    byMonth: [...months.entries()].map(([month, s]) => ({ month, ...s.totals() })),
  };
}

function nextMonth(ym: string): string {
  const y = Number(ym.slice(0, 4));
  const m = Number(ym.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
