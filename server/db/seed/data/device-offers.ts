import { certifiedDevices } from "./devices.ts";
import type { CarrierCode, SeedDeviceOffer, SeedLineKind } from "./types.ts";

/**
 * SAMPLE DEVICE PRICES for the demo, not a live feed (decision 0019). Full retail prices are the
 * makers' US list prices of the cellular models as best known to us around the rate plans' date
 * (rate-plans.ts), the same at every carrier; the monthly installment is that price spread over
 * 36 months, rounded up to the cent as the carriers round it. Only models the certified-device
 * directory holds for a carrier are offered by that carrier. Re-price before quoting a customer.
 */
export const DEVICE_INSTALLMENT_MONTHS = 36;

// biome-ignore format: one model per line keeps the price list scannable and diffable.
const PRICE_LIST: readonly (readonly [manufacturer: string, model: string, kind: SeedLineKind, fullRetailCents: number])[] = [
  // Phones
  ["Apple", "iPhone 16 Pro Max", "voice", 119_999],
  ["Apple", "iPhone 16 Pro", "voice", 99_999],
  ["Apple", "iPhone 16", "voice", 82_999],
  ["Apple", "iPhone 16e", "voice", 59_999],
  ["Samsung", "Galaxy S25 Ultra", "voice", 129_999],
  ["Samsung", "Galaxy S25", "voice", 79_999],
  ["Samsung", "Galaxy A16 5G", "voice", 19_999],
  ["Samsung", "Galaxy XCover7 Pro", "voice", 64_999],
  ["Google", "Pixel 9", "voice", 79_900],
  ["Google", "Pixel 9a", "voice", 49_900],
  ["Motorola", "moto g 5G (2025)", "voice", 19_999],
  ["Sonim", "XP10", "voice", 64_999],
  ["Nokia", "2780 Flip", "voice", 7_999],
  // Tablets and laptops (mobile internet lines)
  ["Apple", "iPad (A16)", "mobile_internet", 49_900],
  ["Apple", "iPad Air 11-inch (M3)", "mobile_internet", 74_900],
  ["Apple", "iPad Air 13-inch (M3)", "mobile_internet", 94_900],
  ["Apple", "iPad Pro 11-inch (M4)", "mobile_internet", 119_900],
  ["Samsung", "Galaxy Tab S9 FE 5G", "mobile_internet", 59_999],
  ["Samsung", "Galaxy Tab Active5 5G", "mobile_internet", 59_999],
  ["Microsoft", "Surface Pro, 11th Edition (5G)", "mobile_internet", 159_999],
  ["Lenovo", "ThinkPad X13s Gen 1", "mobile_internet", 139_999],
  // Hotspots
  ["Inseego", "MiFi X PRO 5G (M3100)", "hotspot", 39_999],
  ["Inseego", "MiFi X PRO 5G (M3000)", "hotspot", 39_999],
  ["Inseego", "5G MiFi M2000", "hotspot", 29_999],
  ["Netgear", "Nighthawk M6 (MR6150)", "hotspot", 49_999],
  ["Orbic", "Speed 5G UW (RC545L)", "hotspot", 14_999],
  ["Franklin Wireless", "A50", "hotspot", 17_999],
  ["AT&T", "Turbo Hotspot 2", "hotspot", 9_999],
  // Wearables
  ["Apple", "Apple Watch Series 10 (GPS + Cellular)", "wearable", 52_900],
  ["Apple", "Apple Watch SE (2nd generation, GPS + Cellular)", "wearable", 29_900],
  ["Samsung", "Galaxy Watch7 LTE", "wearable", 34_999],
  ["Google", "Pixel Watch 3 LTE", "wearable", 39_999],
];

const certifiedOn = new Set(
  certifiedDevices.map((d) => `${d.carrier}\u0000${d.manufacturer}\u0000${d.model}`),
);

const CARRIERS: readonly CarrierCode[] = ["att", "verizon", "tmobile"];

export const deviceOffers: readonly SeedDeviceOffer[] = PRICE_LIST.flatMap(
  ([manufacturer, model, kind, fullRetailCents]) =>
    CARRIERS.filter((carrier) =>
      certifiedOn.has(`${carrier}\u0000${manufacturer}\u0000${model}`),
    ).map((carrier) => ({
      carrier,
      manufacturer,
      model,
      kind,
      fullRetailCents,
      installmentMonths: DEVICE_INSTALLMENT_MONTHS,
      monthlyInstallmentCents: Math.ceil(fullRetailCents / DEVICE_INSTALLMENT_MONTHS),
    })),
);
