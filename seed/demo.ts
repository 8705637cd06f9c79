import type { Deps } from '../server/deps.js';
import type { AdminActor, SubadminActor } from '../server/auth/actor.js';
import { createAdmin } from '../server/bootstrap.js';
import { createSubadmin } from '../server/services/subadmins/subadmins.service.js';
import { createUser } from '../server/services/users/users.service.js';
import { sendToSubadmins, sendToUsers } from '../server/services/notifications/notifications.service.js';
import { createComplaint } from '../server/services/complaints/complaints.service.js';
import { uploadCsv } from '../server/services/leads/intake.service.js';
import { distributeLeads } from '../server/services/distribution/distribution.service.js';
import { seedProjects } from './demo-projects.js';
import { seedLeadWork } from './demo-lead-work.js';
import { Readable } from 'node:stream';
import { CreateSubadminInput } from '../shared/schemas/subadmins.js';
import { CreateUserInput } from '../shared/schemas/users.js';
import { addDays, todayIn } from '../shared/dates.js';
import { DEMO, DEMO_SECOND_TELECALLER } from './demo-accounts.js';

export { DEMO };

// Seeding acts through the services, with actors that no session backs.
const SEED_SESSION = 0;

/** Demo data on an empty database: one company with every role. Returns the sign-ins to print. */
export async function seedDemo(deps: Deps): Promise<string> {
  const existingAdmin = await deps.db.selectFrom('admins').select('id').executeTakeFirst();
  const adminId = existingAdmin?.id ?? (await createAdmin(deps, { name: 'Demo Admin', ...DEMO.admin }));
  const admin: AdminActor = { kind: 'admin', id: adminId, subadminId: null, sessionId: SEED_SESSION };

  const company = await createSubadmin(
    deps,
    admin,
    CreateSubadminInput.parse({
      name: 'Priya Sharma',
      email: DEMO.subadmin.email,
      password: DEMO.subadmin.password,
      telecaller_creat_limit: '10',
      company_name: 'Sunrise Telecalling Pvt Ltd',
      mobile: '9876543210',
      expiry_date: addDays(todayIn('Asia/Kolkata'), 365),
      gst: '27AAPCS1234F1Z5',
      company_bio: 'Outbound sales for home services across Mumbai and Pune.',
      address: 'Andheri East, Mumbai 400069',
    }),
  );
  const owner: SubadminActor = { kind: 'subadmin', id: company.id, subadminId: company.id, sessionId: SEED_SESSION };

  const people = [
    { name: 'Rahul Verma', email: 'rahul@sunrise.demo', ...DEMO.telecaller, user_type: 'Telicaller' },
    { name: 'Anita Desai', email: 'anita@sunrise.demo', ...DEMO.head, user_type: 'Telicaller-hade' },
    { name: 'Vikram Rao', email: 'vikram@sunrise.demo', ...DEMO.developer, user_type: 'Developer' },
    { name: 'Sneha Kulkarni', email: 'sneha@sunrise.demo', ...DEMO_SECOND_TELECALLER, user_type: 'Telicaller' },
  ];
  const staff = [];
  for (const p of people) staff.push(await createUser(deps, owner, CreateUserInput.parse(p)));

  for (const [category, rows] of Object.entries(demoLeads())) {
    const csv = [['Name', 'Mobile', 'Requirement', 'City'], ...rows].map(csvLine).join('\n');
    const slug = category.toLowerCase().replace(/\s+/g, '-');
    const fileName = slug.endsWith('leads') ? `${slug}.csv` : `${slug}-leads.csv`;
    await uploadCsv(deps, owner, { category, fileName, source: Readable.from([csv]) });
  }
  const [rahul, anita, , sneha] = staff;
  await distributeLeads(deps, owner, { userIds: [rahul!.id, sneha!.id], count: 16, category: 'IndiaMART' });
  await distributeLeads(deps, owner, { userIds: [anita!.id], count: 6, category: 'JustDial' });
  await seedLeadWork(deps, owner, rahul!, anita!);
  await seedProjects(deps, owner, rahul!);

  await sendToSubadmins(deps, admin, {
    title: 'Welcome to Telecall Back Office',
    message: 'Upload your first lead list, create your telecallers and distribute leads from the sidebar.',
  });
  await sendToUsers(deps, owner, {
    title: 'Team meeting at 10:00',
    message: "Daily stand-up in the conference room before calls start. Bring yesterday's callbacks.",
  });
  await createComplaint(deps, owner, {
    title: 'Need a higher telecaller limit',
    body: 'We are hiring five more telecallers next month. Please raise our limit to 15.',
  });

  const adminLine = existingAdmin
    ? '  admin       (the existing admin account)'
    : `  admin       ${DEMO.admin.email} / ${DEMO.admin.password}   at /adminsignin`;
  return [
    adminLine,
    `  subadmin    ${DEMO.subadmin.email} / ${DEMO.subadmin.password}   at /subadminsignin`,
    `  telecaller  ${DEMO.telecaller.mobile} / ${DEMO.telecaller.password}   at /signin`,
    `  head        ${DEMO.head.mobile} / ${DEMO.head.password}   at /signin`,
    `  developer   ${DEMO.developer.mobile} / ${DEMO.developer.password}   at /signin`,
  ].join('\n');
}

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Ishaan', 'Kabir', 'Ananya', 'Diya', 'Saanvi', 'Meera', 'Kavya', 'Rohan', 'Arjun', 'Pooja', 'Nikhil', 'Sana'];
const LAST = ['Patil', 'Deshmukh', 'Iyer', 'Reddy', 'Gupta', 'Khan', 'Nair', 'Joshi', 'Mehta', 'Chauhan', 'Bose', 'Kulkarni'];
export const DEMO_CITIES = ['Pune', 'Mumbai', 'Nagpur', 'Nashik', 'Thane', 'Navi Mumbai', 'Aurangabad'];
const NEEDS: Record<string, string[]> = {
  IndiaMART: [
    'Bulk order of PVC pipes, 500 units',
    'Solar water heater, 200 LPD',
    'CCTV cameras for a 3-floor office',
    'Industrial RO plant 1000 LPH',
    'Office chairs, 40 pieces, ergonomic',
  ],
  JustDial: [
    'Home deep cleaning this weekend',
    'AC servicing for 3 split units',
    'Interior designer for 2BHK',
    'Pest control for a restaurant',
    'Packers and movers Pune to Mumbai',
  ],
  'Local Leads': [
    'Website for a dental clinic',
    'Wedding photography in December',
    'Spoken English classes for kids',
    'Gym membership enquiry',
    'Tiffin service for 10 people',
  ],
};

/** One CSV line; a field with a comma, quote or line break is quoted, as a spreadsheet would write it. */
const csvLine = (fields: string[]) => fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',');

/** Realistic-looking demo leads per category (name, mobile, requirement, city); mobiles are in the 90000xxxxx demo range. */
function demoLeads(): Record<string, string[][]> {
  let n = 0;
  const make = (category: string, count: number) =>
    Array.from({ length: count }, () => {
      const i = n++;
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
      const mobile = `+91 90000 ${String(10000 + i).slice(-5)}`;
      const need = NEEDS[category]![i % NEEDS[category]!.length];
      return [name, mobile, need!, DEMO_CITIES[(i * 3) % DEMO_CITIES.length]!];
    });
  return { IndiaMART: make('IndiaMART', 25), JustDial: make('JustDial', 20), 'Local Leads': make('Local Leads', 15) };
}
