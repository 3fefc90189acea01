import type { SeedBlogPost } from "./types.ts";

// Marketing blog for the public site. Authors are fictional; readTime is words / 200, rounded up.
export const blogPosts: readonly SeedBlogPost[] = [
  {
    title: "How AI Quoting Works: From Carrier Bill to Signed Proposal",
    slug: "how-ai-quoting-works-from-carrier-bill-to-signed-proposal",
    excerpt:
      "What actually happens between uploading a customer's invoice and sending a proposal: extraction, usage clustering, plan matching, human review and the final quote.",
    content: `Most resellers still build quotes the way they did ten years ago: download the customer's invoice, retype every line into a spreadsheet, look up current plan prices on three carrier portals, and then format a proposal in a word processor. A 40-line account can take most of an afternoon. A 400-line account can take a week, and the quote is stale by the time it is signed.

AI quoting compresses that afternoon into a few minutes. Here is what actually happens between the moment you upload a bill and the moment a customer signs.

## Step 1: Reading the bill

Carrier invoices are long, inconsistent PDFs. The same charge can appear under different names on AT&T, Verizon and T-Mobile bills, and an enterprise invoice can run to hundreds of pages. The first job of the AI is extraction: turning that document into structured rows.

For every line, the model pulls out the phone number, the user or cost center, the rate plan, the device and its remaining installment balance, monthly usage, and every one-time or recurring charge. The output for a single line looks something like this:

\`\`\`json
{
  "number": "(555) 014-2231",
  "user": "Field Service - Truck 14",
  "plan": "Business Unlimited Plus",
  "monthlyPlanCents": 4000,
  "dataUsedGb": 63.4,
  "hotspotUsedGb": 22.1,
  "device": "Galaxy XCover7 Pro",
  "installmentRemainingCents": 31250,
  "features": ["International Day Pass"],
  "overageCents": 0
}
\`\`\`

Two things matter here. First, every extracted number is traceable back to a page of the original invoice, so you can check anything that looks wrong. Second, totals are reconciled: if the extracted lines do not add up to the invoice total, the analysis flags the gap instead of quietly guessing.

## Step 2: Understanding usage

Once the bill is structured, the system groups lines by how they are really used. Typical clusters are:

- **Light lines** that use under 5 GB a month: shared devices, backup phones, lines assigned to people who left.
- **Standard lines** between 5 and 40 GB: most office and field staff.
- **Heavy lines** above 40 GB or with regular hotspot use: road warriors, executives, technicians who tether laptops.
- **Zero-use lines** that have not placed a call or used data in 60 days.

This is where most savings come from. Almost every account has lines on the wrong tier, and very few people have the time to check 200 lines by hand.

## Step 3: Matching plans and devices

With usage clusters in hand, the quoting engine maps each cluster to the current plan catalog for each carrier. It knows which tiers include premium data, how much hotspot each allows, and what the per-line price is at the account's line count. It also checks the certified device list, so a quote never pairs a plan with hardware the carrier will not activate.

The result is not a single answer but a small set of options: stay with the current carrier and re-tier, move to a second carrier, or split the account where coverage demands it. Each option shows the monthly cost, the term cost and the assumptions behind it.

## Step 4: Human review

AI does the reading and arithmetic; the reseller makes the call. Before anything goes to the customer, you review the recommended tiers, adjust for things no invoice shows (the CEO who insists on the top plan, the warehouse with poor coverage on one carrier), and apply promotions you have confirmed in the carrier portal.

A good tool makes this review fast by showing the reasoning next to each recommendation, not hiding it.

## Step 5: The proposal

Finally the approved option becomes a branded proposal: a summary of current spend, the recommended plan mix, device options, promotional credits, and the projected savings over the term. Because the underlying data is structured, the same quote can become an order form the moment the customer says yes.

## What this changes for resellers

Speed is the obvious benefit, but it is not the most important one. When quoting takes minutes, you can afford to quote every prospect, re-run the analysis at every renewal, and show customers a line-by-line audit they have never seen from their carrier rep. That level of detail is what wins trust, and trust is what wins the next deal.`,
    author: "Maya Okafor",
    readTime: 4,
    publishedDaysAgo: 3,
  },
  {
    title: "Carrier Plan Changes in 2025: What Resellers Should Tell Customers",
    slug: "carrier-plan-changes-in-2025-what-resellers-should-tell-customers",
    excerpt:
      "AT&T, Verizon and T-Mobile have all re-tiered their business unlimited plans. Here is how the lineups compare and how to explain the changes in plain language.",
    content: `Carrier plan lineups change more often than most business customers realize. In the last two years all three national carriers have renamed, re-tiered or re-priced their business unlimited plans, and each change shifts which plan is the best value for a given team. If you resell wireless, explaining these changes clearly is one of the easiest ways to look like the expert in the room.

## The shape of the current lineups

All three carriers now sell business phone plans in three broad tiers: an entry tier with no priority data, a middle tier with a premium-data allowance and a meaningful hotspot, and a top tier with unlimited premium data, the largest hotspot and the best video quality. The names differ, but the structure is the same.

| Tier | AT&T | Verizon | T-Mobile | Sample price per line |
| --- | --- | --- | --- | --- |
| Entry | Business Unlimited Standard | Business Unlimited Start | Business Unlimited Essentials | $26 to $30 |
| Middle | Business Unlimited Advanced | Business Unlimited Plus | Business Unlimited Advanced | $35 to $40 |
| Top | Business Unlimited Premium | Business Unlimited Pro | Business Unlimited Ultimate | $45 to $50 |

Prices in the table are sample list prices at five or six lines with AutoPay, as published around mid-2025. They move with line count and promotions, so always confirm in the carrier portal before quoting.

## What actually changed

Four shifts matter more than the plan names.

1. **Priority data is the real differentiator.** On entry tiers, data can be slowed whenever the network is busy. For a warehouse scanner that barely matters; for a field technician streaming a repair video at a congested job site, it matters a lot.
2. **Hotspot allowances grew.** Top tiers now include 60 to 100 GB of high-speed hotspot. That can remove the need for a separate hotspot line for employees who only occasionally tether a laptop.
3. **Mix and match is standard.** Every carrier now lets you put different tiers on the same account. A single-plan account is almost always overpaying.
4. **Taxes and fees are back in the conversation.** Some plans that used to include taxes and fees now list them separately. Compare total cost, not headline price.

## How to explain it to a customer

Customers do not want a lecture on network management. They want to know whether they are paying too much. A simple structure works:

- Start with their usage. Show how many lines used under 5 GB, between 5 and 40 GB, and above 40 GB last month.
- Map each group to a tier. Light users go to the entry tier, most staff to the middle tier, heavy users and frequent tetherers to the top tier.
- Show the before and after monthly cost, including taxes and fees.
- Point out what they gain, not just what they save: priority data for field staff, a bigger hotspot for the sales team.

## Grandfathered plans and when to leave them alone

Many long-time customers sit on plans that are no longer sold. Sometimes those plans are genuinely cheaper than anything available today, especially older pooled-data plans for light users. Moving them can raise the bill. Before recommending a change, compare the grandfathered price against the current lineup at the same line count, and check whether a device upgrade would force a plan change anyway.

## Watch the fine print on promotions

The most attractive device offers usually require a specific tier, a new line or a trade-in, and they pay out as monthly bill credits over 24 or 36 months. If the customer downgrades the line or cancels early, the remaining credits disappear. Put those conditions in the proposal in plain language; a customer who discovers them later will not trust the next quote.

## Keep a living price book

The practical lesson is that a price list in a shared drive goes stale within a quarter. Keep plan data in one place, date every price with the day it was captured, and re-run open quotes when a carrier announces a change. If you can do that faster than the competing rep, you will catch the renewal conversations they miss.`,
    author: "Daniel Brennan",
    readTime: 4,
    publishedDaysAgo: 11,
  },
  {
    title: "Device Certification 101: Why Carrier-Approved Hardware Wins IoT Deals",
    slug: "device-certification-101-why-carrier-approved-hardware-wins-iot-deals",
    excerpt:
      "Regulatory approval, industry certification and carrier certification are not the same thing. Learn how to check a device before you quote SIMs for it.",
    content: `Every reseller eventually gets the call: a customer has bought 2,000 trackers, sensors or routers from an overseas supplier, and now they want you to "just add SIM cards." Sometimes that works. Often it ends with devices that will not attach to the network, a stalled rollout and a customer who blames you. Understanding device certification is how you avoid that call going badly.

## What certification means

Before a device can run on a carrier network at scale, it has to pass several layers of testing:

- **Regulatory approval.** In the United States every radio device needs FCC authorization. This is the legal minimum and says nothing about carrier compatibility.
- **Industry certification.** Programs such as [PTCRB](https://www.ptcrb.com/) test that the cellular radio behaves according to 3GPP standards: it registers properly, hands over between cells, and does not misbehave on the network.
- **Carrier certification.** Each carrier runs its own approval program on top of industry testing. It checks band support, network features such as VoLTE, LTE-M power saving or 5G standalone, firmware update behavior and how the device recovers from outages.

Only devices that clear the carrier's program appear on its certified device list. Those are the devices the carrier commits to activating and supporting.

## Modules versus end devices

A common source of confusion is the difference between a certified module and a certified device. Cellular modules from manufacturers like Quectel, Telit Cinterion, Semtech (Sierra Wireless) and u-blox are pre-certified, which makes life much easier for device makers. But a tracker built around a certified module is not automatically certified itself. The antenna design, enclosure, power supply and firmware can all change how the radio performs, so carriers usually require the finished product to go through at least a reduced test plan.

When a customer says "it uses a certified module," the right follow-up question is whether the end device has its own carrier approval.

## Why it matters for your deal

Uncertified hardware creates three kinds of risk.

1. **Activation risk.** Carriers can block device identifiers that are not on their approved list, especially for IoT rate plans.
2. **Performance risk.** A device that lacks a carrier's key bands (for example, band 13 on Verizon, band 14 on AT&T or band 71 on T-Mobile) may work in a city and fail in rural areas where those low bands carry most of the coverage.
3. **Lifecycle risk.** Network changes such as the shutdown of 3G, and in time older LTE categories, hit uncertified devices first, with no warning from the manufacturer.

## How to check a device in minutes

Before you quote SIMs for any IoT or data device, look it up. In a searchable certified device catalog you can filter by carrier, device type and network technology, then compare the LTE and 5G bands the device supports against the carrier's network. A few minutes of checking prevents weeks of troubleshooting.

Key fields to confirm:

- The exact model and hardware revision, not just the product family.
- The network technology: LTE, LTE Cat-M1, NB-IoT or 5G.
- The band list, especially the low bands that drive rural coverage.
- Whether certification is for the carrier the customer actually wants to use.

## Choosing the right network technology

Certification also forces a useful conversation about which network the device should use in the first place. Battery-powered trackers and meters usually belong on LTE Cat-M1 or NB-IoT, which trade speed for years of battery life and better building penetration. Cameras, routers and kiosks need full LTE or 5G bandwidth. Picking the wrong technology can double the cost of a deployment over its life. It is worth asking how long the devices must run between battery changes and how much data each one really sends per day before settling on a module.

## Common pitfalls we see

A few mistakes come up again and again on IoT deals:

- **Buying on price alone.** A tracker that is ten dollars cheaper but uncertified can cost far more in truck rolls when it fails to connect in the field.
- **Assuming one approval covers every carrier.** Certification is per carrier. A device approved on AT&T may still need testing before it runs on Verizon or T-Mobile.
- **Ignoring firmware.** Carriers certify specific firmware builds. A manufacturer that pushes an untested update can knock a fleet offline, so ask how updates are tested and staged.
- **Forgetting the SIM.** Some devices need a particular SIM form factor or an eSIM profile that the carrier's IoT platform must support.

## Build certification into your sales process

The resellers who win IoT deals treat certification as part of discovery, not an afterthought. Ask for the exact model numbers on the first call, check them against each carrier's list, and recommend certified alternatives when the customer's choice is not approved. Customers remember the partner who saved them from a failed rollout, and they bring that partner their next project.`,
    author: "Priya Raman",
    readTime: 5,
    publishedDaysAgo: 24,
  },
  {
    title: "The Bill Audit Playbook: Where 15 to 25 Percent of Wireless Spend Hides",
    slug: "the-bill-audit-playbook-where-15-to-25-percent-of-wireless-spend-hides",
    excerpt:
      "Zero-use lines, mismatched tiers, forgotten features and missing credits: a step-by-step audit workflow that turns a prospect's invoice into a savings story.",
    content: `When a prospect says their wireless bill is "about right," they almost always mean nobody has looked at it closely in years. A structured bill audit is the single best door-opener a telecom reseller has: it costs the customer nothing, it produces a number they care about, and it positions you as the person who understands their account better than their carrier does.

In our experience, a first audit of a business wireless account typically finds savings in the range of 15 to 25 percent of monthly spend. Here is where that money hides and how to find it.

## 1. Zero-use and low-use lines

Lines outlive the people who used them. Employees leave, devices go into drawers, and the line keeps billing. Look for:

- Lines with no voice or data activity in the last 60 to 90 days.
- Lines using under 1 GB a month on unlimited plans.
- Tablets and hotspots that have not connected since the project they were bought for ended.

Zero-use lines can be suspended or cancelled; low-use lines can often move to a cheaper tier or a shared data plan.

## 2. Plans that do not match usage

The second-largest source of waste is tier mismatch. A heavy hotspot user stuck on an entry plan pays for a separate hotspot line; a receptionist on the top tier pays for 4K video and 100 GB of hotspot she will never use. Group lines by actual data and hotspot use, then map each group to the right tier.

## 3. Features nobody remembers adding

Scan every line for recurring features: international day passes left on after a trip, device protection on phones that were replaced, visual voicemail, caller ID add-ons, and legacy data features that are now included in the plan. Individually they are a few dollars; across a few hundred lines they add up quickly.

## 4. Device installments and credits

Check every line with a device payment plan:

- Is the promotional credit actually posting each month? Credits can stop after a plan change.
- Are any lines paying installments on devices that were returned or traded in?
- Which lines will finish their installments soon? Those are the natural candidates for an upgrade offer.

## 5. Taxes, surcharges and fees

Fees are not negotiable, but they vary by plan and location. Make sure lines are billed to the correct service address, that tax-exempt organizations are actually coded as exempt, and that the customer is not paying recovery fees on lines that should have been cancelled.

## 6. Overage and roaming

Even on unlimited plans, international roaming, premium messaging and data overages on older plans still appear. A single month of unplanned roaming on a few lines can erase a year of savings elsewhere. Recommend the right international feature for frequent travelers instead of paying per-day charges.

## A simple audit workflow

| Step | What you do | What you deliver |
| --- | --- | --- |
| Collect | Get the last three invoices, not just one | A baseline that smooths out one-off charges |
| Extract | Turn every line into structured data | A line-by-line inventory |
| Classify | Group lines by usage and features | Clusters with a recommended action each |
| Price | Re-price each cluster on current plans | Before and after monthly cost |
| Present | Walk the customer through the findings | A one-page summary plus the full detail |

AI-assisted bill analysis makes the extract and classify steps take minutes instead of days, which means you can offer an audit to every prospect instead of only the largest ones.

## Present savings the customer can verify

A credible audit shows its work. Tie every finding to the line and invoice page it came from, separate guaranteed savings (cancelling unused lines) from estimates (re-tiering based on last quarter's usage), and never count a promotional credit as savings unless you have confirmed it applies.

Customers who see that level of detail stop treating you as a vendor and start treating you as their telecom department. That is the relationship that leads to renewals, new locations and referrals.`,
    author: "Luis Ortega",
    readTime: 4,
    publishedDaysAgo: 39,
  },
  {
    title: "Winning Renewals: A 120-Day Playbook for Telecom Resellers",
    slug: "winning-renewals-a-120-day-playbook-for-telecom-resellers",
    excerpt:
      "Most renewals are lost by showing up late. A day-by-day plan for reviewing usage, meeting decision makers and closing before a competitor gets a foot in the door.",
    content: `Renewals are where reseller businesses are made or lost. Winning a new account is expensive; keeping one is mostly a matter of doing the right things early enough. The most common reason a reseller loses a renewal is not price. It is showing up too late, after the customer has already heard a pitch from someone else.

This playbook starts 120 days before the agreement ends. Between usage reviews, budget approvals, device orders and porting, four months is barely enough.

## Day 120: Know what is expiring

You cannot start early on a renewal you do not know about. Keep every customer's agreement end date, device installment end dates and promotional credit end dates in one place, and set alerts at 120, 90, 60 and 30 days. Device installments often end at different times than the service agreement; each is a reason to call.

At this stage, gather:

- The last three invoices and current line count.
- Any open support issues or complaints from the last year.
- Who signed the original deal, and whether they are still there.

## Day 90: Run a fresh analysis

Re-run the bill analysis you did when you won the account. Usage has changed, plans have changed, and the carrier has probably launched new tiers since the original quote. Look for:

1. Lines that have gone quiet and can be cancelled.
2. Heavy users who now need a higher tier.
3. Devices that will be paid off and are ready for an upgrade.
4. New locations or teams that were never added.

Write it up as an account review, not a pitch. The point is to show the customer you have been paying attention.

## Day 75: Meet the decision makers

Book a review meeting with both the day-to-day contact and the person who approves the budget. Walk through the account review: what they spent, what changed, and what you recommend. Ask directly whether anyone else has approached them. If a competitor has already quoted, you want to know now, not in week twelve.

Good questions for this meeting:

- What is changing in the business over the next two years: hiring, new sites, remote work?
- What frustrated you about the service or about us this year?

## Day 60: Present options, not a single price

Bring two or three options: a straightforward renewal with re-tiered lines, an upgrade path with new devices and promotions, and, where it makes sense, an alternative carrier or a split account. Show monthly and term cost for each, with the assumptions spelled out. Customers who choose between options rarely go shopping for a third.

## Day 45: Handle objections and negotiate

Most renewal objections fall into a few buckets:

- **"The other carrier is cheaper."** Compare total cost, including taxes, fees and device credits, not headline price. Often the difference disappears.
- **"Coverage has been poor at one site."** Offer a targeted fix: a different carrier for that site, a signal booster, or fixed wireless backup.
- **"We want to wait."** Show what waiting costs: month-to-month pricing, expiring promotions, devices out of warranty.

## Day 30: Close and schedule

Get the paperwork signed with enough time to order devices and schedule activations before the agreement ends.

## After the renewal: Start the next one

The day after a renewal closes is day one of the next cycle. Schedule a 90-day check-in to confirm credits are posting and the new plans fit. Customers who hear from you between renewals, with useful information and not just offers, are the ones who renew without a competitive bid.`,
    author: "Maya Okafor",
    readTime: 3,
    publishedDaysAgo: 58,
  },
  {
    title: "Fixed Wireless for SMBs: When 5G Beats Cable (and When It Does Not)",
    slug: "fixed-wireless-for-smbs-when-5g-beats-cable-and-when-it-does-not",
    excerpt:
      "5G fixed wireless is fast to deploy and easy to sell, but it is not right for every site. A practical checklist for qualifying FWA deals honestly.",
    content: `Fixed wireless access (FWA) has gone from a rural niche to a mainstream business product in a few years. T-Mobile, Verizon and AT&T now all sell 5G or LTE internet for business locations, usually at a flat monthly price with no long contract and a self-install gateway. For resellers it is an attractive product: quick to deploy, easy to explain, and a natural add-on to a wireless account.

It is not the right answer everywhere, though. Selling FWA where it does not fit creates unhappy customers fast. Here is how to tell the difference.

## How fixed wireless works

An indoor or outdoor gateway connects to the nearest cell site over 5G or LTE and shares that connection over Wi-Fi and Ethernet. The service is tied to a registered address, and the carrier manages capacity per sector, which is why availability is checked address by address. Speeds depend on signal strength, the spectrum the carrier has at that site, and how many other customers share it.

## Where 5G beats cable

FWA is a strong fit when:

- **The alternative is DSL or nothing.** Many small businesses are still on aging copper that carriers are retiring. FWA is often several times faster.
- **Speed to service matters.** A gateway can be live the day it arrives; a new wired circuit can take weeks. Pop-up stores, job sites, seasonal locations and new branches benefit most.
- **It is the backup path.** As a failover link behind a firewall, FWA gives a second, physically diverse connection that does not share a cable route with the primary.
- **Usage is moderate.** Point-of-sale, cloud apps, email, and a few video calls at a time run comfortably on a good 5G signal.

## Where cable or fiber still wins

Be honest with customers when:

- **Upload-heavy work is constant.** Video production, large file transfers and many simultaneous video calls can strain a shared cell sector, especially in busy hours.
- **They need static IPs or hosted services.** Some FWA services do not offer public static IPs, which rules out hosting servers or certain VPN setups.
- **Signal at the address is weak.** A building with thick walls or a basement office may need an outdoor antenna, and sometimes even that is not enough.
- **They need contractual service levels.** Dedicated fiber comes with guaranteed bandwidth and repair times; FWA is typically best-effort.

## A quick qualification checklist

| Question | Good sign for FWA | Warning sign |
| --- | --- | --- |
| What do they have today? | DSL, no backup, or slow cable | Symmetric fiber they are happy with |
| How many users at the site? | Under 25 | 50 or more heavy users |
| What runs on the connection? | POS, cloud apps, email | Servers, large uploads all day |
| How fast do they need it? | This week | Can wait for a wired build |
| Coverage check at the address | Strong 5G signal | Weak LTE only |

## Run a pilot before you scale

For multi-location customers, pick three representative sites: one urban, one suburban, one rural. Install gateways as backup links first, measure real speeds and failover behavior for a month, then decide site by site whether FWA should be primary, backup or not used at all. The pilot data does most of the selling for you.

Before quoting, check the [FCC National Broadband Map](https://broadbandmap.fcc.gov/) and each carrier's address lookup for the locations in question. Coverage maps are a starting point; a handheld speed test at the front door is better.

## Selling it well

Position FWA around outcomes, not speeds: no more lost card payments during an outage, a new site open on schedule, one bill instead of five internet providers. Offer installation and failover configuration as a paid service. And keep an eye on usage after go-live; a site that outgrows its FWA connection is an opportunity to sell a wired circuit, not a reason to lose the customer.`,
    author: "Daniel Brennan",
    readTime: 4,
    publishedDaysAgo: 83,
  },
  {
    title: "Right-Sizing Rate Plans Across a 500-Line Fleet with AI",
    slug: "right-sizing-rate-plans-across-a-500-line-fleet-with-ai",
    excerpt:
      "Large accounts drift into overspend. How AI-assisted plan optimization clusters lines, explains every recommendation and saved one fleet $27,600 a year.",
    content: `On a ten-line account you can check every line by hand. On a 500-line account you cannot, and that is exactly where the money is. Large fleets drift: people change roles, devices get shared, projects end, and the plan mix that made sense two years ago quietly turns into overspend. AI-assisted plan optimization is how resellers keep big accounts right-sized without spending a week in spreadsheets every quarter.

## Why big accounts drift

A few patterns show up on almost every large account:

- **Default plans.** New hires get whatever plan the last order used, regardless of their role.
- **Role changes.** A technician promoted to a desk job keeps the top-tier plan with 100 GB of hotspot.
- **Shared devices.** Scanners, kiosks and loaner phones sit on full smartphone plans.
- **Seasonal swings.** Lines added for a busy season are never suspended when it ends.
- **Duplicate connectivity.** An employee has both a phone with a large hotspot allowance and a separate hotspot line.

Each one is small. Multiplied across hundreds of lines, they routinely add up to thousands of dollars a month.

## What the AI actually does

Plan optimization is a combination of good data and simple, explainable rules, with machine learning helping where the patterns are fuzzy.

1. **Build a usage profile for every line.** Three to six months of data, hotspot, voice and international usage, not a single month that might be an outlier.
2. **Cluster similar lines.** Lines with similar patterns are grouped, so a recommendation covers "the 140 light users in operations" instead of 140 separate decisions.
3. **Score each plan for each cluster.** For every eligible plan the engine estimates the monthly cost and the risk of throttling or overage, using the carrier's current price at the account's line count.
4. **Respect constraints.** Lines tied to device promotions that require a specific tier, executives on a protected list, and lines in areas where only one carrier has coverage are handled as fixed inputs.
5. **Explain the result.** Every recommendation comes with the reason: "used 2.1 GB average over 6 months, no hotspot use, eligible for entry tier."

The explanation step is what makes the output usable. Nobody will move 500 lines on the strength of a number they cannot check.

## A worked example

Consider a 500-line field services company with everyone on a middle-tier plan at $40 a line, or $20,000 a month before taxes. Six months of usage show:

| Usage group | Lines | Recommended tier | Price per line | Monthly cost |
| --- | --- | --- | --- | --- |
| Under 5 GB, no hotspot | 180 | Entry | $30 | $5,400 |
| 5 to 40 GB | 240 | Middle | $40 | $9,600 |
| Over 40 GB or heavy hotspot | 60 | Top | $45 | $2,700 |
| No activity in 90 days | 20 | Suspend or cancel | $0 | $0 |

The new monthly cost is $17,700, a saving of $2,300 a month or about $27,600 a year, and the 60 heavy users actually get a better plan than before. That combination of saving money and improving service is what gets a recommendation approved.

## Keep it running

Right-sizing is not a one-time project. Re-run the analysis every quarter, or whenever a carrier changes its lineup, and send the customer a short summary: what moved, why, and what it saved. Small adjustments each quarter beat a painful overhaul every three years.

## Guardrails that keep customers happy

- Never downgrade a line in the middle of a promotion that requires its current tier.
- Warn users before their plan changes, especially if their hotspot allowance shrinks.
- Track throttling complaints after a change and move lines back quickly if needed.
- Keep a change log so every move can be explained at renewal time.

Done well, plan optimization turns a large account from a static contract into an ongoing service relationship, and that relationship is very hard for a competitor to break.`,
    author: "Priya Raman",
    readTime: 4,
    publishedDaysAgo: 121,
  },
  {
    title: "Adding Wireless to Your Managed Services Stack: A Guide for MSPs",
    slug: "adding-wireless-to-your-managed-services-stack-a-guide-for-msps",
    excerpt:
      "MSPs already support their clients' phones. Here is how to turn business wireless into a managed service, from first bill audit to per-device bundles.",
    content: `Managed service providers already own the relationship with their clients' technology. They manage the laptops, the network, the security stack and the help desk. Yet in many MSP portfolios, the phones and mobile data that every employee carries are still bought directly from a carrier store, outside the MSP's view. That gap is both a support headache and a missed revenue stream.

Adding business wireless to a managed services stack is simpler than most MSPs expect, and it fits naturally with what you already do.

## Why wireless belongs in the MSP stack

- **You already support the devices.** When a user's phone cannot get email or a hotspot will not connect, the ticket lands on your help desk anyway.
- **Mobile is part of security.** Lost phones, unmanaged devices and personal hotspots are real risks. Managing the line and the device together closes the gap.
- **Connectivity is infrastructure.** Failover links for offices, routers for vehicles and connectivity for IoT devices are network services, and networks are your core business.
- **It is recurring revenue.** Carrier compensation and managed-mobility fees add monthly income on services clients pay for anyway.

## Three ways to add it

1. **Referral.** You introduce the client to a carrier or a wireless reseller and earn a referral fee. Lowest effort, least control.
2. **Resell through a partner platform.** You quote, sell and manage lines through a reseller platform that handles carrier agreements, pricing data and order processing. This is where most MSPs start.
3. **Full managed mobility.** You add device procurement, staging, mobile device management, expense management and a mobile help desk, billed as a per-device monthly service.

Most MSPs move from the second model toward the third as the practice grows.

## What to offer first

Start with the services closest to your existing strengths:

- **Office failover** using 5G fixed wireless or a cellular router behind the firewall you already manage.
- **Mobile device management** for company phones and tablets, bundled with the line.
- **Bill audit and plan optimization** at onboarding, which usually pays for itself in the first month.
- **Device lifecycle**: ordering, staging, enrollment, and secure wipe and recycling at end of life.

## Packaging and pricing

Clients respond better to a simple bundle than to a list of line items. A common structure is a per-device monthly fee that covers management, support and security, with carrier service billed separately at the carrier's rate:

| Bundle | Includes | Typical use |
| --- | --- | --- |
| Essentials | MDM enrollment, policy, remote lock and wipe | Company-owned phones and tablets |
| Managed | Essentials plus help desk, replacements and quarterly plan review | Most client devices |
| Connected Site | Cellular router or FWA gateway, failover monitoring, configuration | Offices, retail stores, job sites |

## Operational tips

- **Own the inventory.** Keep a single record of every line, device, user and plan. It is the foundation for support, billing and renewals.
- **Standardize devices.** Offer two or three certified phone models and one rugged option. Fewer models mean faster support and simpler staging.
- **Automate enrollment.** Zero-touch enrollment through Apple Business Manager or Android Zero-Touch means devices arrive ready to work.
- **Review quarterly.** Re-check usage, cancel idle lines and adjust plans. Share the savings with the client; it reinforces your value.

## Getting started

Pick two or three existing clients with 25 to 100 employees, offer a free bill audit, and use the findings to propose a managed mobility bundle. The audit creates the conversation, the savings fund the service, and the first few deployments teach your team the operational details. Industry groups such as [CompTIA](https://www.comptia.org/) and carrier partner programs publish useful guidance on building a mobility practice if you want to go deeper.

Wireless is one of the few services every client already buys. Bringing it into your stack means they buy it from you.`,
    author: "Luis Ortega",
    readTime: 4,
    publishedDaysAgo: 176,
  },
];
