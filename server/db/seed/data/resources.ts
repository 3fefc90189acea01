import type { SeedResource } from "./types.ts";

// Each fileName is a real document in ../files/, generated once and committed, so downloads in the
// demo open a genuine PDF, workbook or deck rather than a placeholder.
export const salesResources: readonly SeedResource[] = [
  {
    title: "AT&T Business Unlimited at a Glance",
    description:
      "One-page flyer comparing Business Unlimited Standard, Advanced and Premium, with a talk " +
      "track and the four qualifying questions that size a deal.",
    type: "flyer",
    carrier: "att",
    deviceType: "phones",
    fileName: "att-business-unlimited-flyer.pdf",
    fileType: "PDF",
    addedDaysAgo: 9,
    downloads: 184,
    tags: ["AT&T", "Business Unlimited", "plan comparison", "talk track"],
  },
  {
    title: "Case Study: 38 Stores on T-Mobile 5G Business Internet",
    description:
      "How a regional retailer added 5G failover to every store, replaced aging DSL at seven and " +
      "cut card-terminal downtime from 61 hours a quarter to 3.",
    type: "case_study",
    carrier: "tmobile",
    deviceType: "fixed_wireless",
    fileName: "tmobile-5g-business-internet-retail-case-study.pdf",
    fileType: "PDF",
    addedDaysAgo: 23,
    downloads: 97,
    tags: ["T-Mobile", "fixed wireless", "retail", "failover", "case study"],
  },
  {
    title: "Verizon Fleet Refresh TCO Calculator",
    description:
      "Excel workbook that compares current carrier spend with a Verizon Business Unlimited " +
      "proposal, including device payments, promotional and trade-in credits, taxes and term savings.",
    type: "business_case",
    carrier: "verizon",
    deviceType: "phones",
    fileName: "verizon-fleet-refresh-tco-calculator.xlsx",
    fileType: "Excel",
    addedDaysAgo: 41,
    downloads: 263,
    tags: ["Verizon", "TCO", "calculator", "device refresh", "business case"],
  },
  {
    title: "T-Mobile Business Hotspots and 5G Routers",
    description:
      "Seven-slide partner deck: the hotspot and router portfolio, which plan fits which job, " +
      "discovery questions and answers to the three most common objections.",
    type: "presentation",
    carrier: "tmobile",
    deviceType: "hotspots",
    fileName: "tmobile-hotspot-router-portfolio.pptx",
    fileType: "PowerPoint",
    addedDaysAgo: 16,
    downloads: 121,
    tags: ["T-Mobile", "hotspots", "5G routers", "pitch deck", "objection handling"],
  },
  {
    title: "Verizon Business Tablet Deployment Guide",
    description:
      "Field guide for tablet rollouts on Verizon: qualifying the use case, matching devices to " +
      "plans, zero-touch enrollment, wave activations and the 30/90-day usage review.",
    type: "guide",
    carrier: "verizon",
    deviceType: "tablets",
    fileName: "verizon-business-tablet-deployment-guide.pdf",
    fileType: "PDF",
    addedDaysAgo: 58,
    downloads: 76,
    tags: ["Verizon", "tablets", "deployment", "MDM", "checklist"],
  },
];
