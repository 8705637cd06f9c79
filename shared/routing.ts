/** Where a lead arrived from, as routing and a lead's history name it. */
export const ROUTING_SOURCES = ['indiamart', 'capture', 'website_form', 'add_lead', 'csv', 'phone'] as const;
export type RoutingSource = (typeof ROUTING_SOURCES)[number];

/** A stored source (leads.route_source) as a RoutingSource; one the list does not know (or none) reads as the capture API. */
export const routingSourceOf = (s: string | null): RoutingSource => ROUTING_SOURCES.find((x) => x === s) ?? 'capture';

/** The category of a lead made from a call to a company number by an unknown caller (source 'phone'). */
export const PHONE_ENQUIRY_CATEGORY = 'Phone enquiry';

/** The company's routing settings, as the server reads them (defaults for a company that saved none). */
export interface RoutingSettings {
  routeIndiamart: boolean;
  routeCapture: boolean;
  routeAddLead: boolean;
  /** what an upload's "route these leads now" starts as */
  routeCsv: boolean;
  includeHeads: boolean;
  /** ISO weekdays, 1 Monday … 7 Sunday */
  workDays: number[];
  workStart: string;
  workEnd: string;
  repeatRerouteDays: number;
  /** null: recycling is off */
  recycleAfterHours: number | null;
  recycleMax: number;
}

export const DEFAULT_ROUTING_SETTINGS: RoutingSettings = {
  routeIndiamart: false,
  routeCapture: false,
  routeAddLead: false,
  routeCsv: false,
  includeHeads: false,
  workDays: [1, 2, 3, 4, 5, 6],
  workStart: '09:30',
  workEnd: '18:30',
  repeatRerouteDays: 30,
  recycleAfterHours: null,
  recycleMax: 2,
};
