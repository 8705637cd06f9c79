// Realistic lead rows for the import bench: Indian names, mobiles written several ways (+91, 0,
// spaces, dashes), requirements with quoted commas and the odd line break, cities.
import fs from 'node:fs';
import { once } from 'node:events';

const FIRST = [
  'Rahul',
  'Priya',
  'Amit',
  'Sneha',
  'Vikram',
  'Anjali',
  'Suresh',
  'Kavita',
  'Arjun',
  'Neha',
  'Rohit',
  'Pooja',
  'Sanjay',
  'Deepa',
  'Manoj',
  'Lakshmi',
  'Imran',
  'Fatima',
  'Gurpreet',
  'Joseph',
];
const LAST = [
  'Sharma',
  'Verma',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Singh',
  'Gupta',
  'Khan',
  'Das',
  'Mehta',
  'Joshi',
  'Kulkarni',
  'Banerjee',
  'Chopra',
  'Menon',
];
const NEEDS = [
  'Website design',
  'Need a website, SEO and hosting',
  'Mobile app for my shop',
  'CRM software, 10 users',
  'Digital marketing',
  'Looking for ERP\nfor a small factory',
  'Billing software',
  'Google ads, Facebook ads',
];
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Hyderabad', 'Kolkata', 'Ahmedabad', 'Jaipur', 'Lucknow, UP', 'Kochi', 'Indore'];

export interface BenchLead {
  name: string;
  /** as the file writes it */
  rawMobile: string;
  /** the normalised 10 digits */
  mobile: string;
  requirement: string;
  area: string;
}

/** Row i of the bench file; every row has a distinct valid mobile. */
export function benchLead(i: number): BenchLead {
  const mobile = String(7_000_000_000 + i * 7);
  const f = i % 4;
  const rawMobile =
    f === 0
      ? mobile
      : f === 1
        ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`
        : f === 2
          ? `0${mobile}`
          : `${mobile.slice(0, 3)}-${mobile.slice(3, 6)}-${mobile.slice(6)}`;
  return {
    name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
    rawMobile,
    mobile,
    requirement: NEEDS[(i * 3) % NEEDS.length]!,
    area: CITIES[(i * 5) % CITIES.length]!,
  };
}

const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes a CSV of `rows` leads (CRLF, a header row) and returns its size in bytes. */
export async function writeBenchCsv(file: string, rows: number, start = 0): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write('Name,Mobile Number,Requirement,City\r\n');
  let buf = '';
  for (let i = start; i < start + rows; i++) {
    const l = benchLead(i);
    buf += `${quote(l.name)},${l.rawMobile},${quote(l.requirement)},${quote(l.area)}\r\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return fs.statSync(file).size;
}
