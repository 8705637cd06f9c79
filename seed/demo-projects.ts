import type { Deps } from '../server/deps.js';
import type { SubadminActor, UserActor } from '../server/auth/actor.js';
import { createProduct } from '../server/services/products/products.service.js';
import { createProject, requestProjectUpdate } from '../server/services/projects/my-projects.service.js';
import { decideUpdate, moveProject } from '../server/services/projects/company-projects.service.js';
import { addDays, todayIn } from '../shared/dates.js';
import { ProductInput } from '../shared/schemas/products.js';
import { CreateProjectInput, ProjectUpdateInput } from '../shared/schemas/projects.js';

interface Person {
  id: number;
}

const PRODUCTS = [
  { name: 'Business website (5 pages)', price: '24999', description: 'Design, hosting for a year, contact form and Google Maps.' },
  { name: 'Online store', price: '59999', description: 'Catalogue, cart, UPI and card payments, order e-mails.' },
  { name: 'Google listing and local SEO (3 months)', price: '14999', description: 'Business profile, reviews plan, monthly report.' },
  { name: 'Social media management (monthly)', price: '9999', description: '12 posts a month on Instagram and Facebook.' },
];

/**
 * The company's products and a telecaller's projects at every stage: one waiting for approval, one
 * running, one late with a payment update waiting, one completed with its payments, one rejected.
 */
export async function seedProjects(deps: Deps, owner: SubadminActor, rahul: Person): Promise<void> {
  for (const p of PRODUCTS) await createProduct(deps, owner.subadminId, ProductInput.parse(p));
  const caller: UserActor = { kind: 'user', id: rahul.id, subadminId: owner.subadminId, userType: 'Telicaller', impersonatedBy: null, sessionId: 0 };
  const today = todayIn('Asia/Kolkata');
  const make = (name: string, client: string, mobile: string, price: string, advance: string, commission: number, endInDays: number) =>
    createProject(
      deps,
      caller,
      CreateProjectInput.parse({
        project_name: name,
        clint_name: client,
        number: mobile,
        price,
        advance,
        commission_percentage: commission,
        endtime: addDays(today, endInDays),
      }),
    );

  await make('Google listing for Joshi Sweets', 'Meera Joshi', '9000020001', '14999', '0', 10, 45);
  const running = await make('Website for Smile Dental Clinic', 'Dr. Kavya Iyer', '9000020002', '24999', '10000', 10, 20);
  const late = await make('Social media for FitZone Gym', 'Arjun Chauhan', '9000020003', '9999', '5000', 15, -3);
  const done = await make('Online store for Patil Hardware', 'Rohan Patil', '9000020004', '59999', '20000', 5, -10);
  const rejected = await make('Website for a wedding studio', 'Pooja Nair', '9000020005', '24999', '0', 20, 30);

  for (const p of [running, late, done]) await moveProject(deps, owner, p.id, 'approve');
  await moveProject(deps, owner, rejected.id, 'reject', { reason: 'The studio already has a website from another of our teams.' });
  const update = (id: number, values: { name: string; client: string; mobile: string; price: string; received: string; commission: number; end: number }) =>
    requestProjectUpdate(
      deps,
      caller,
      ProjectUpdateInput.parse({
        id,
        project_name: values.name,
        clint_name: values.client,
        number: values.mobile,
        price: values.price,
        received: values.received,
        commission_percentage: values.commission,
        endtime: addDays(today, values.end),
      }),
    );
  const paid = await update(done.id, {
    name: 'Online store for Patil Hardware',
    client: 'Rohan Patil',
    mobile: '9000020004',
    price: '59999',
    received: '59999',
    commission: 5,
    end: -10,
  });
  await decideUpdate(deps, owner, { id: paid.requestId, approve: true });
  await moveProject(deps, owner, done.id, 'complete');
  await update(late.id, {
    name: 'Social media for FitZone Gym',
    client: 'Arjun Chauhan',
    mobile: '9000020003',
    price: '9999',
    received: '9999',
    commission: 15,
    end: 7,
  });
}
