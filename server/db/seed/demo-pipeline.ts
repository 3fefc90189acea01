import type { CompanySize, DealCarrier, DealStage, DealStatus } from "#app/lib/domain.ts";

// The demo company's book of business. Chosen so the dashboard's computed figures equal the
// agent-portal spec's samples: won deals' monthly revenue sums to $12,500 (MRR), three open quotes,
// two won deals ordered but not installed, one installed.

export type DemoCustomer = {
  key: string;
  name: string;
  companyName: string;
  companyWebsite: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  industry: string;
  size: CompanySize;
  addedDaysAgo: number;
};

export const demoCustomers: readonly DemoCustomer[] = [
  {
    key: "harbor",
    name: "Dana Whitfield",
    companyName: "Harbor Logistics",
    companyWebsite: "https://harborlogistics.example",
    email: "dana.whitfield@harborlogistics.example",
    phone: "(206) 555-0142",
    address: "1800 Alaskan Way",
    city: "Seattle",
    state: "WA",
    postalCode: "98101",
    industry: "Transportation",
    size: "201-500",
    addedDaysAgo: 340,
  },
  {
    key: "summit",
    name: "Dr. Priya Raman",
    companyName: "Summit Dental Group",
    companyWebsite: "https://summitdental.example",
    email: "priya.raman@summitdental.example",
    phone: "(303) 555-0117",
    address: "410 17th St",
    city: "Denver",
    state: "CO",
    postalCode: "80202",
    industry: "Healthcare",
    size: "51-200",
    addedDaysAgo: 120,
  },
  {
    key: "brightline",
    name: "Marcus Ortega",
    companyName: "Brightline Construction",
    companyWebsite: "https://brightlinebuild.example",
    email: "marcus@brightlinebuild.example",
    phone: "(512) 555-0193",
    address: "901 E 5th St",
    city: "Austin",
    state: "TX",
    postalCode: "78702",
    industry: "Construction",
    size: "51-200",
    addedDaysAgo: 96,
  },
  {
    key: "cascade",
    name: "Helen Park",
    companyName: "Cascade Home Health",
    companyWebsite: "https://cascadehomehealth.example",
    email: "hpark@cascadehomehealth.example",
    phone: "(503) 555-0178",
    address: "2250 NW Flanders St",
    city: "Portland",
    state: "OR",
    postalCode: "97210",
    industry: "Healthcare",
    size: "11-50",
    addedDaysAgo: 75,
  },
  {
    key: "northwind",
    name: "Tom Becker",
    companyName: "Northwind Retail",
    companyWebsite: "https://northwindretail.example",
    email: "tbecker@northwindretail.example",
    phone: "(312) 555-0105",
    address: "233 S Wacker Dr",
    city: "Chicago",
    state: "IL",
    postalCode: "60606",
    industry: "Retail",
    size: "501-1000",
    addedDaysAgo: 60,
  },
  {
    key: "pinecrest",
    name: "Alicia Gomez",
    companyName: "Pinecrest Property Management",
    companyWebsite: "https://pinecrestpm.example",
    email: "agomez@pinecrestpm.example",
    phone: "(602) 555-0161",
    address: "3300 N Central Ave",
    city: "Phoenix",
    state: "AZ",
    postalCode: "85012",
    industry: "Real Estate",
    size: "11-50",
    addedDaysAgo: 41,
  },
  {
    key: "meridian",
    name: "Jonathan Reeves",
    companyName: "Meridian Legal Partners",
    companyWebsite: "https://meridianlegal.example",
    email: "jreeves@meridianlegal.example",
    phone: "(617) 555-0124",
    address: "100 Federal St",
    city: "Boston",
    state: "MA",
    postalCode: "02110",
    industry: "Legal",
    size: "11-50",
    addedDaysAgo: 22,
  },
  {
    key: "bluewater",
    name: "Keisha Morgan",
    companyName: "Bluewater Marine Services",
    companyWebsite: "https://bluewatermarine.example",
    email: "kmorgan@bluewatermarine.example",
    phone: "(813) 555-0150",
    address: "601 Channelside Dr",
    city: "Tampa",
    state: "FL",
    postalCode: "33602",
    industry: "Marine Services",
    size: "1-10",
    addedDaysAgo: 9,
  },
];

export type DemoDeal = {
  customerKey: string;
  title: string;
  description: string;
  status: DealStatus;
  stage: DealStage;
  probability: number;
  carrier: DealCarrier;
  productType: string;
  voiceLines: number;
  mobileInternetLines: number;
  fixedWirelessLines: number;
  monthlyRateCents: number;
  contractTerm: number;
  oneTimeRevenueCents: number;
  useCase: string;
  createdDaysAgo: number;
  closeInDays: number | null;
  fulfilment?: "ordered" | "installed";
  lostReason?: string;
  /** Notes on the deal's timeline, dated days ago. */
  notes?: readonly { daysAgo: number; body: string }[];
};

export const demoDeals: readonly DemoDeal[] = [
  {
    customerKey: "harbor",
    title: "Harbor Logistics driver fleet refresh",
    description: "Replace 60 driver handsets and move the fleet to pooled business unlimited.",
    status: "closed_won",
    stage: "closing",
    probability: 100,
    carrier: "ATT",
    productType: "Business Unlimited",
    voiceLines: 60,
    mobileInternetLines: 0,
    fixedWirelessLines: 0,
    monthlyRateCents: 7000,
    // A one-year contract won 300 days ago: due for renewal on the dashboard.
    contractTerm: 12,
    oneTimeRevenueCents: 150000,
    useCase: "Field drivers with rugged handsets and push-to-talk",
    createdDaysAgo: 330,
    closeInDays: -300,
    fulfilment: "installed",
  },
  {
    customerKey: "northwind",
    title: "Northwind Retail store connectivity",
    description: "Voice lines for store managers plus tablets for inventory.",
    status: "closed_won",
    stage: "closing",
    probability: 100,
    carrier: "VERIZON",
    productType: "Business Unlimited",
    voiceLines: 50,
    mobileInternetLines: 20,
    fixedWirelessLines: 0,
    monthlyRateCents: 6500,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Store managers and inventory tablets across 20 stores",
    createdDaysAgo: 55,
    closeInDays: -12,
    fulfilment: "ordered",
  },
  {
    customerKey: "summit",
    title: "Summit Dental Group practice lines",
    description: "Clinic phones and hotspots for mobile hygienists.",
    status: "closed_won",
    stage: "closing",
    probability: 100,
    carrier: "TMOBILE",
    productType: "Business Unlimited",
    voiceLines: 40,
    mobileInternetLines: 10,
    fixedWirelessLines: 0,
    monthlyRateCents: 7500,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Clinic staff phones and mobile hygienist hotspots",
    createdDaysAgo: 100,
    closeInDays: -5,
    fulfilment: "ordered",
  },
  {
    customerKey: "brightline",
    title: "Brightline job-site internet",
    description: "Fixed wireless for six job-site trailers.",
    status: "negotiation",
    stage: "negotiation",
    probability: 70,
    carrier: "VERIZON",
    productType: "Fixed Wireless",
    voiceLines: 0,
    mobileInternetLines: 0,
    fixedWirelessLines: 6,
    monthlyRateCents: 6900,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Job-site trailer internet",
    createdDaysAgo: 40,
    closeInDays: 14,
    notes: [
      {
        daysAgo: 33,
        body: "Site survey done: all six trailers get a usable Verizon 5G signal. Marcus wants a 24-month term.",
      },
    ],
  },
  {
    customerKey: "cascade",
    title: "Cascade Home Health nurse devices",
    description: "Phones and tablets for visiting nurses.",
    status: "proposal",
    stage: "proposal",
    probability: 50,
    carrier: "TMOBILE",
    productType: "Business Unlimited",
    voiceLines: 25,
    mobileInternetLines: 25,
    fixedWirelessLines: 0,
    monthlyRateCents: 5500,
    contractTerm: 36,
    oneTimeRevenueCents: 0,
    useCase: "Visiting nurses with EHR tablets",
    createdDaysAgo: 30,
    closeInDays: 21,
    notes: [
      {
        daysAgo: 19,
        body: "Sent the T-Mobile proposal. Helen is checking device financing with their CFO.",
      },
    ],
  },
  {
    customerKey: "pinecrest",
    title: "Pinecrest maintenance crew phones",
    description: "Rugged phones for maintenance technicians.",
    status: "proposal",
    stage: "solution",
    probability: 45,
    carrier: "ATT",
    productType: "Business Unlimited",
    voiceLines: 18,
    mobileInternetLines: 0,
    fixedWirelessLines: 0,
    monthlyRateCents: 6000,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Maintenance technicians across 30 properties",
    createdDaysAgo: 25,
    closeInDays: 30,
  },
  {
    customerKey: "meridian",
    title: "Meridian Legal mobile upgrade",
    description: "Attorney smartphones with international roaming.",
    status: "qualified",
    stage: "qualification",
    probability: 35,
    carrier: "VERIZON",
    productType: "Business Unlimited",
    voiceLines: 22,
    mobileInternetLines: 0,
    fixedWirelessLines: 0,
    monthlyRateCents: 8000,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Attorneys travelling abroad",
    createdDaysAgo: 18,
    closeInDays: 35,
    notes: [
      {
        daysAgo: 6,
        body: "Partners want eSIM on every phone; confirm the carrier's support before quoting.",
      },
    ],
  },
  {
    customerKey: "bluewater",
    title: "Bluewater Marine dockside hotspots",
    description: "Hotspots for dock offices and two service boats.",
    status: "lead",
    stage: "discovery",
    probability: 20,
    carrier: "TMOBILE",
    productType: "Hotspot",
    voiceLines: 0,
    mobileInternetLines: 4,
    fixedWirelessLines: 0,
    monthlyRateCents: 5000,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Dock office and boat connectivity",
    createdDaysAgo: 7,
    closeInDays: 45,
  },
  {
    customerKey: "harbor",
    title: "Harbor Logistics warehouse IoT",
    description: "Asset trackers for trailers and forklifts.",
    status: "qualified",
    stage: "qualification",
    probability: 30,
    carrier: "ATT",
    productType: "IoT",
    voiceLines: 0,
    mobileInternetLines: 120,
    fixedWirelessLines: 0,
    monthlyRateCents: 1000,
    contractTerm: 36,
    oneTimeRevenueCents: 0,
    useCase: "Trailer and forklift tracking",
    createdDaysAgo: 12,
    closeInDays: 60,
  },
  {
    customerKey: "northwind",
    title: "Northwind Retail backup internet",
    description: "LTE failover for point-of-sale at every store.",
    status: "lead",
    stage: "discovery",
    probability: 20,
    carrier: "VERIZON",
    productType: "Fixed Wireless",
    voiceLines: 0,
    mobileInternetLines: 0,
    fixedWirelessLines: 20,
    monthlyRateCents: 3900,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "POS failover",
    createdDaysAgo: 4,
    closeInDays: 30,
  },
  {
    customerKey: "pinecrest",
    title: "Pinecrest leasing office lines",
    description: "Lost to an incumbent cable bundle.",
    status: "closed_lost",
    stage: "closing",
    probability: 0,
    carrier: "ATT",
    productType: "Business Unlimited",
    voiceLines: 6,
    mobileInternetLines: 0,
    fixedWirelessLines: 0,
    monthlyRateCents: 6000,
    contractTerm: 24,
    oneTimeRevenueCents: 0,
    useCase: "Leasing office phones",
    createdDaysAgo: 80,
    closeInDays: -50,
    lostReason: "Chose the incumbent cable company's bundled phones and internet",
  },
];

export type DemoQuote = {
  customerKey: string;
  /** Open quotes only: the dashboard counts them as the pipeline's quotes. */
  status: "draft" | "sent";
  /** Read and priced by the quote engine from the seeded catalog, as Save Quote would. */
  description: string;
  createdDaysAgo: number;
};

export const demoQuotes: readonly DemoQuote[] = [
  {
    customerKey: "cascade",
    status: "sent",
    description: "25 nurse phones and 25 EHR tablets on T-Mobile with device financing.",
    createdDaysAgo: 20,
  },
  {
    customerKey: "pinecrest",
    status: "sent",
    description: "18 rugged handsets for maintenance crews on AT&T.",
    createdDaysAgo: 15,
  },
  {
    customerKey: "brightline",
    status: "draft",
    description: "Six fixed wireless gateways for job-site trailers on Verizon.",
    createdDaysAgo: 3,
  },
];

export const demoNotifications = [
  {
    type: "success",
    title: "Deal won",
    message: "Summit Dental Group practice lines moved to Won.",
    hoursAgo: 5 * 24,
  },
  {
    type: "warning",
    title: "Data usage alert",
    message: "Summit Dental Group is 20% over its pooled data plan. An upgrade is recommended.",
    hoursAgo: 30,
  },
  {
    type: "info",
    title: "New promotion",
    message: "A new carrier promotion is available in Carrier Promos.",
    hoursAgo: 8,
  },
  {
    type: "success",
    title: "Quote sent",
    message: "Your quote to Pinecrest Property Management was sent.",
    hoursAgo: 2,
  },
] as const;
