import type { CertifiedDeviceType } from "#app/lib/domain.ts";
import type { CarrierCode, SeedDevice } from "./types.ts";

type Network =
  | "5G NR, LTE"
  | "5G RedCap, LTE"
  | "LTE"
  | "LTE Cat-4"
  | "LTE Cat-6"
  | "LTE Cat-12"
  | "LTE Cat-16"
  | "LTE Cat-18"
  | "LTE Cat-1"
  | "LTE Cat-1 bis"
  | "LTE Cat-M1"
  | "LTE Cat-M1, NB-IoT";

// Handsets carry LAA/CBRS and mmWave; fixed and embedded radios certify a narrower set; LPWA radios
// (Cat-M1, NB-IoT, Cat-1) only certify the low-power bands each carrier runs those networks on.
type BandProfile = "handset" | "broadband" | "lte" | "lpwa";
interface BandSet {
  readonly lte: string;
  readonly nr: string;
}

const BANDS: Record<CarrierCode, Record<BandProfile, BandSet>> = {
  att: {
    handset: { lte: "2, 4, 5, 12, 14, 17, 29, 30, 46, 66", nr: "n2, n5, n66, n77, n260" },
    broadband: { lte: "2, 4, 5, 12, 14, 17, 29, 30, 66", nr: "n2, n5, n66, n77" },
    lte: { lte: "2, 4, 5, 12, 14, 17, 29, 30, 66", nr: "" },
    lpwa: { lte: "2, 4, 5, 12", nr: "" },
  },
  verizon: {
    handset: { lte: "2, 4, 5, 13, 46, 48, 66", nr: "n2, n5, n48, n66, n77, n261" },
    broadband: { lte: "2, 4, 5, 13, 48, 66", nr: "n2, n5, n48, n66, n77" },
    lte: { lte: "2, 4, 5, 13, 66", nr: "" },
    lpwa: { lte: "4, 13", nr: "" },
  },
  tmobile: {
    handset: { lte: "2, 4, 5, 12, 25, 41, 66, 71", nr: "n25, n41, n66, n71, n258, n260, n261" },
    broadband: { lte: "2, 4, 5, 12, 25, 41, 66, 71", nr: "n25, n41, n66, n71" },
    lte: { lte: "2, 4, 5, 12, 66, 71", nr: "" },
    lpwa: { lte: "2, 4, 12, 66, 71", nr: "" },
  },
};

const HANDSET_TYPES: ReadonlySet<CertifiedDeviceType> = new Set<CertifiedDeviceType>([
  "Phone",
  "Rugged Handheld",
  "Handheld",
  "Tablet",
  "Tablet/Laptop",
  "Laptop",
  "PTT",
  "Wearable",
]);

function bandProfile(type: CertifiedDeviceType, network: Network): BandProfile {
  const handset = HANDSET_TYPES.has(type);
  if (network.startsWith("5G")) return handset ? "handset" : "broadband";
  if (network.includes("Cat-M1") || network.startsWith("LTE Cat-1")) return "lpwa";
  return handset ? "handset" : "lte";
}

function bandsFor(carrier: CarrierCode, type: CertifiedDeviceType, network: Network): BandSet {
  const set = BANDS[carrier][bandProfile(type, network)];
  // 4G-only handsets still certify the handset LTE list, but never advertise NR bands.
  return network.startsWith("5G") ? set : { lte: set.lte, nr: "" };
}

type ModelRow = readonly [
  manufacturer: string,
  model: string,
  deviceType: CertifiedDeviceType,
  deviceSub: string,
  os: string,
  network: Network,
  carriers: readonly CarrierCode[],
];

const ALL: readonly CarrierCode[] = ["att", "verizon", "tmobile"];
const AV: readonly CarrierCode[] = ["att", "verizon"];
const AT: readonly CarrierCode[] = ["att", "tmobile"];
const VT: readonly CarrierCode[] = ["verizon", "tmobile"];
const A: readonly CarrierCode[] = ["att"];
const V: readonly CarrierCode[] = ["verizon"];
const T: readonly CarrierCode[] = ["tmobile"];

const SIERRA = "Semtech (Sierra Wireless)";
const CRADLEPOINT = "Ericsson (Cradlepoint)";
const TELIT = "Telit Cinterion";
const NORDIC = "Nordic Semiconductor";
const MSI = "Motorola Solutions";

// biome-ignore format: one model per line keeps the catalog scannable and diffable.
const MODELS: readonly ModelRow[] = [
  // Phones
  ["Apple", "iPhone 16 Pro Max", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 16 Pro", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 16 Plus", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 16", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 16e", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 15 Pro", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 15", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPhone 14", "Phone", "Smartphone", "iOS 18", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy S25 Ultra", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy S25+", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy S25", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy S25 Edge", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy S24 FE", "Phone", "Smartphone", "Android 14", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy Z Fold6", "Phone", "Foldable", "Android 14", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy Z Flip6", "Phone", "Foldable", "Android 14", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy A36 5G", "Phone", "Smartphone", "Android 15", "5G NR, LTE", VT],
  ["Samsung", "Galaxy A16 5G", "Phone", "Smartphone", "Android 14", "5G NR, LTE", ALL],
  ["Google", "Pixel 9 Pro XL", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Google", "Pixel 9 Pro", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Google", "Pixel 9", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Google", "Pixel 9 Pro Fold", "Phone", "Foldable", "Android 15", "5G NR, LTE", ALL],
  ["Google", "Pixel 9a", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Google", "Pixel 8a", "Phone", "Smartphone", "Android 14", "5G NR, LTE", ALL],
  ["Motorola", "razr+ 2024", "Phone", "Foldable", "Android 14", "5G NR, LTE", ALL],
  ["Motorola", "razr 2024", "Phone", "Foldable", "Android 14", "5G NR, LTE", ALL],
  ["Motorola", "moto g 5G (2025)", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Motorola", "moto g stylus 5G (2025)", "Phone", "Smartphone", "Android 15", "5G NR, LTE", ALL],
  ["Motorola", "edge 2025", "Phone", "Smartphone", "Android 15", "5G NR, LTE", AV],
  ["OnePlus", "13", "Phone", "Smartphone", "Android 15", "5G NR, LTE", T],
  ["Nokia", "2780 Flip", "Phone", "Flip Phone", "KaiOS 3.1", "LTE", ALL],
  ["TCL", "Flip 2", "Phone", "Flip Phone", "", "LTE", V],
  ["Orbic", "Journey V", "Phone", "Flip Phone", "", "LTE", V],

  // Rugged and enterprise handhelds
  ["Sonim", "XP10", "Rugged Handheld", "Rugged Smartphone", "Android 13", "5G NR, LTE", ALL],
  ["Sonim", "XP Pro", "Rugged Handheld", "Rugged Smartphone", "Android 13", "5G NR, LTE", ALL],
  ["Kyocera", "DuraForce PRO 3", "Rugged Handheld", "Rugged Smartphone", "Android 13", "5G NR, LTE", AT],
  ["Kyocera", "DuraForce Ultra 5G UW", "Rugged Handheld", "Rugged Smartphone", "Android 12", "5G NR, LTE", V],
  ["Samsung", "Galaxy XCover7 Pro", "Rugged Handheld", "Rugged Smartphone", "Android 14", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy XCover6 Pro", "Rugged Handheld", "Rugged Smartphone", "Android 14", "5G NR, LTE", ALL],
  ["Zebra", "TC58", "Handheld", "Mobile Computer", "Android 13", "5G NR, LTE", ALL],
  ["Zebra", "TC58e", "Handheld", "Mobile Computer", "Android 14", "5G NR, LTE", ALL],
  ["Zebra", "TC78", "Handheld", "Mobile Computer", "Android 13", "5G NR, LTE", ALL],
  ["Zebra", "EM45", "Handheld", "Enterprise Mobile", "Android 14", "5G NR, LTE", AV],
  ["Honeywell", "CT47", "Handheld", "Mobile Computer", "Android 12", "5G NR, LTE", ALL],
  ["Honeywell", "CT37", "Handheld", "Mobile Computer", "Android 12", "LTE", AT],
  ["Honeywell", "CT60 XP", "Handheld", "Mobile Computer", "Android 11", "LTE", AV],

  // Tablets, 2-in-1s, laptops, Chromebooks
  ["Apple", "iPad Pro 13-inch (M4)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad Pro 11-inch (M4)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad Air 13-inch (M3)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad Air 11-inch (M3)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad (A16)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad mini (A17 Pro)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Apple", "iPad (10th generation)", "Tablet", "", "iPadOS 18", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy Tab S10+ 5G", "Tablet", "", "Android 14", "5G NR, LTE", V],
  ["Samsung", "Galaxy Tab S9 FE 5G", "Tablet", "", "Android 14", "5G NR, LTE", ALL],
  ["Samsung", "Galaxy Tab A9+ 5G", "Tablet", "", "Android 14", "5G NR, LTE", AT],
  ["Samsung", "Galaxy Tab Active5 5G", "Tablet", "Rugged Tablet", "Android 14", "5G NR, LTE", ALL],
  ["Lenovo", "Tab M10 5G", "Tablet", "", "Android 13", "5G NR, LTE", V],
  ["TCL", "TAB 8 LE", "Tablet", "", "Android 11", "LTE", V],
  ["Zebra", "ET45", "Tablet", "Rugged Tablet", "Android 11", "5G NR, LTE", AV],
  ["Panasonic", "TOUGHBOOK A3", "Tablet", "Rugged Tablet", "Android 11", "LTE", AV],
  ["Microsoft", "Surface Pro, 11th Edition (5G)", "Tablet/Laptop", "2-in-1", "Windows 11", "5G NR, LTE", ALL],
  ["Microsoft", "Surface Pro 9 with 5G", "Tablet/Laptop", "2-in-1", "Windows 11", "5G NR, LTE", ALL],
  ["Microsoft", "Surface Go 3 LTE", "Tablet/Laptop", "2-in-1", "Windows 11", "LTE", AV],
  ["Dell", "Latitude 7350 Detachable", "Tablet/Laptop", "2-in-1", "Windows 11", "5G NR, LTE", AV],
  ["Panasonic", "TOUGHBOOK G2", "Tablet/Laptop", "Rugged 2-in-1", "Windows 11", "5G NR, LTE", AV],
  ["Getac", "UX10", "Tablet/Laptop", "Rugged 2-in-1", "Windows 11", "LTE", AT],
  ["Lenovo", "ThinkPad X13s Gen 1", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", ALL],
  ["Lenovo", "ThinkPad T14s Gen 6 (Snapdragon)", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", ALL],
  ["Lenovo", "ThinkPad X1 Carbon Gen 12", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", AV],
  ["Lenovo", "ThinkPad T14 Gen 5", "Laptop", "Notebook", "Windows 11", "LTE", AT],
  ["Dell", "Latitude 7455", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", AV],
  ["Dell", "Latitude 5450", "Laptop", "Notebook", "Windows 11", "LTE", AV],
  ["Dell", "Latitude 7330 Rugged Extreme", "Laptop", "Rugged Notebook", "Windows 11", "LTE", AV],
  ["HP", "EliteBook 840 G11", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", ALL],
  ["HP", "EliteBook 1040 G11", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", V],
  ["HP", "Elite Dragonfly G4", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", AV],
  ["Panasonic", "TOUGHBOOK 40", "Laptop", "Rugged Notebook", "Windows 11", "5G NR, LTE", AV],
  ["Panasonic", "TOUGHBOOK 55 mk3", "Laptop", "Rugged Notebook", "Windows 11", "LTE", ALL],
  ["Getac", "B360", "Laptop", "Rugged Notebook", "Windows 11", "LTE", AV],
  ["Samsung", "Galaxy Book Go 5G", "Laptop", "Notebook", "Windows 11", "5G NR, LTE", V],
  ["Samsung", "Galaxy Chromebook Go LTE", "Computer", "Chromebook", "ChromeOS", "LTE", ALL],
  ["Lenovo", "500e Yoga Chromebook Gen 4", "Computer", "Chromebook", "ChromeOS", "LTE", AV],
  ["Acer", "Chromebook Spin 513 (LTE)", "Computer", "Chromebook", "ChromeOS", "LTE", AV],
  ["Dell", "Latitude 5430 Chromebook", "Computer", "Chromebook", "ChromeOS", "LTE", AV],

  // Hotspots, FWA, routers, gateways
  ["Inseego", "MiFi X PRO 5G (M3100)", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", V],
  ["Inseego", "MiFi X PRO 5G (M3000)", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", AT],
  ["Inseego", "5G MiFi M2100", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", V],
  ["Inseego", "5G MiFi M2000", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", T],
  ["Inseego", "Jetpack MiFi 8800L", "Hotspot", "Mobile Hotspot", "Linux", "LTE Cat-18", V],
  ["Franklin Wireless", "A50", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", T],
  ["Franklin Wireless", "T10", "Hotspot", "Mobile Hotspot", "Linux", "LTE Cat-4", T],
  ["Orbic", "Speed 5G UW (RC545L)", "Hotspot", "Mobile Hotspot", "Linux", "5G NR, LTE", V],
  ["Orbic", "Speed (RC400L)", "Hotspot", "Mobile Hotspot", "Linux", "LTE Cat-4", V],
  ["AT&T", "Turbo Hotspot 2", "Hotspot", "Mobile Hotspot", "Linux", "LTE Cat-4", A],
  ["Netgear", "Nighthawk M6 Pro (MR6550)", "Hotspot/Router", "Mobile Router", "Linux", "5G NR, LTE", AT],
  ["Netgear", "Nighthawk M6 (MR6150)", "Hotspot/Router", "Mobile Router", "Linux", "5G NR, LTE", AT],
  ["Netgear", "Nighthawk M1 (MR1100)", "Hotspot/Router", "Mobile Router", "Linux", "LTE Cat-16", AT],
  ["Franklin Wireless", "RG350", "Hotspot/Router", "LTE Router", "Linux", "LTE Cat-4", VT],
  ["Arcadyan", "5G Internet Gateway (ARC-XCI55AX)", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", V],
  ["Askey", "Internet Gateway (ASK-NCQ1338)", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", V],
  ["Askey", "LTE Home Internet Gateway (ASK-NCM1100)", "FWA", "Indoor Gateway", "Linux", "LTE", V],
  ["Arcadyan", "TMO-G4AR", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", T],
  ["Sercomm", "TMO-G4SE", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", T],
  ["Sagemcom", "Fast 5688W", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", T],
  ["Nokia", "5G21 Gateway", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", T],
  ["Arcadyan", "KVD21", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", T],
  ["AT&T", "Internet Air All-Fi Hub", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", A],
  ["Nokia", "FastMile 5G Gateway 3.2", "FWA", "Indoor Gateway", "Linux", "5G NR, LTE", AV],
  ["Inseego", "Wavemaker 5G Outdoor FG2000e", "FWA", "Outdoor Unit", "Linux", "5G NR, LTE", VT],
  [CRADLEPOINT, "W1850", "FWA", "Outdoor Adapter", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "W1855", "FWA", "Outdoor Adapter", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "W4005", "FWA", "Outdoor Adapter", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "R1900", "Router", "Vehicle Router", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "R980", "Router", "Vehicle Router", "NetCloud OS", "LTE Cat-6", ALL],
  [CRADLEPOINT, "IBR1700", "Router", "Vehicle Router", "NetCloud OS", "LTE Cat-18", ALL],
  [CRADLEPOINT, "E300", "Router", "Branch Router", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "E3000", "Router", "Branch Router", "NetCloud OS", "5G NR, LTE", ALL],
  [CRADLEPOINT, "E102", "Router", "Branch Router", "NetCloud OS", "LTE Cat-6", ALL],
  [CRADLEPOINT, "IBR900", "Router", "IoT Router", "NetCloud OS", "LTE Cat-6", ALL],
  [CRADLEPOINT, "IBR200", "Router", "IoT Router", "NetCloud OS", "LTE Cat-4", ALL],
  [SIERRA, "AirLink XR90", "Router", "Vehicle Router", "ALEOS", "5G NR, LTE", ALL],
  [SIERRA, "AirLink XR80", "Router", "Branch Router", "ALEOS", "5G NR, LTE", ALL],
  [SIERRA, "AirLink XR60", "Router", "Vehicle Router", "ALEOS", "LTE Cat-12", ALL],
  [SIERRA, "AirLink RV55", "Router", "Industrial Router", "ALEOS", "LTE Cat-12", ALL],
  [SIERRA, "AirLink MG90", "Router", "Vehicle Router", "ALEOS", "LTE Cat-12", ALL],
  [SIERRA, "AirLink LX40", "Router", "IoT Router", "ALEOS", "LTE Cat-4", ALL],
  ["Digi", "TX54", "Router", "Vehicle Router", "DAL OS", "LTE Cat-18", ALL],
  ["Digi", "TX64", "Router", "Vehicle Router", "DAL OS", "LTE Cat-12", ALL],
  ["Digi", "EX50", "Router", "Branch Router", "DAL OS", "5G NR, LTE", ALL],
  ["Digi", "IX20", "Router", "Industrial Router", "DAL OS", "LTE Cat-4", ALL],
  ["Digi", "IX30", "Router", "Industrial Router", "DAL OS", "LTE Cat-4", AV],
  ["Digi", "IX40", "Router", "Industrial Router", "DAL OS", "5G NR, LTE", ALL],
  ["Digi", "EX15", "Router", "Branch Router", "DAL OS", "LTE Cat-6", ALL],
  ["Peplink", "MAX BR1 Pro 5G", "Router", "Vehicle Router", "Linux", "5G NR, LTE", ALL],
  ["Peplink", "MAX BR1 Mini", "Router", "Vehicle Router", "Linux", "LTE Cat-4", ALL],
  ["Peplink", "Balance 20X", "Router", "Branch Router", "Linux", "LTE Cat-6", ALL],
  ["Cisco", "Catalyst IR1101", "Router", "Industrial Router", "Cisco IOS XE", "5G NR, LTE", ALL],
  ["Cisco", "Catalyst IR1835", "Router", "Vehicle Router", "Cisco IOS XE", "LTE Cat-18", ALL],
  ["Cisco", "Meraki MX67C", "Router", "Branch Router", "Linux", "LTE Cat-6", ALL],
  ["Inseego", "Skyus 500", "Router", "Enterprise Router", "Linux", "5G NR, LTE", ALL],
  ["Inseego", "Skyus 160", "Router", "IoT Router", "Linux", "LTE Cat-4", ALL],
  ["Inseego", "Wavemaker FX3110", "Router", "Indoor 5G Router", "Linux", "5G NR, LTE", ALL],
  ["Teltonika", "RUTX50", "Router", "Industrial Router", "RutOS", "5G NR, LTE", ALL],
  ["Teltonika", "RUTM50", "Router", "Industrial Router", "RutOS", "5G NR, LTE", AT],
  ["Teltonika", "RUTX11", "Router", "Industrial Router", "RutOS", "LTE Cat-6", AT],
  ["Teltonika", "RUT241", "Router", "Industrial Router", "RutOS", "LTE Cat-4", ALL],
  ["Cisco", "Meraki MG52", "Gateway", "Cellular Gateway", "Linux", "5G NR, LTE", ALL],
  ["Cisco", "Meraki MG51", "Gateway", "Cellular Gateway", "Linux", "5G NR, LTE", ALL],
  ["Cisco", "Meraki MG41", "Gateway", "Cellular Gateway", "Linux", "LTE Cat-18", ALL],
  ["MultiTech", "Conduit 300 (MTCDT3AC)", "Gateway", "IoT Gateway", "mPower Linux", "LTE Cat-4", ALL],
  ["MultiTech", "Conduit AP 300", "Gateway", "LoRaWAN Gateway", "mPower Linux", "LTE Cat-4", ALL],
  ["Digi", "IX15", "Gateway", "IoT Gateway", "DAL OS", "LTE Cat-1", ALL],
  ["Monnit", "ALTA Cellular Gateway", "Gateway", "Sensor Gateway", "RTOS", "LTE Cat-M1", ALL],

  // Modems and embedded radios
  ["MultiTech", "MultiConnect Cell 100 (MTC-LNA7)", "Modem", "Cellular Modem", "", "LTE Cat-4", ALL],
  ["MultiTech", "MultiConnect Cell 100 (MTC-MNA1)", "Modem", "Cellular Modem", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Inseego", "Skyus DS2", "Modem", "Cellular Modem", "Linux", "LTE Cat-4", ALL],
  ["Netgear", "LM1200", "Modem", "LTE Modem", "Linux", "LTE Cat-4", AT],
  ["Netgear", "LM1300", "Modem", "LTE Modem", "Linux", "LTE Cat-12", AT],
  ["Inseego", "Global Modem USB730L", "Modem", "USB Modem", "", "LTE Cat-6", V],
  ["MultiTech", "SocketModem Cell (MTSMC-LNA7)", "Socket Modem", "Embedded Modem", "", "LTE Cat-4", ALL],
  ["MultiTech", "SocketModem Cell (MTSMC-MNA1)", "Socket Modem", "Embedded Modem", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Digi", "XBee 3 Cellular LTE-M/NB-IoT", "Socket Modem", "Embedded Modem", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Digi", "XBee 3 Cellular LTE Cat 1", "Socket Modem", "Embedded Modem", "", "LTE Cat-1", AV],
  ["Airgain (NimbeLink)", "Skywire NL-SW-LTE-QBG96", "Socket Modem", "Embedded Modem", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Airgain (NimbeLink)", "Skywire NL-SW-LTE-EG25", "Socket Modem", "Embedded Modem", "", "LTE Cat-4", ALL],
  ["Telular", "SX7T", "Voice/Data Modem", "Fixed Wireless Terminal", "", "LTE", ALL],
  ["Telular", "SX7P", "Voice/Data Modem", "Fixed Wireless Terminal", "", "LTE", AV],
  [SIERRA, "EM9291", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  [SIERRA, "EM9191", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  [SIERRA, "EM7565", "Module", "M.2 LTE-A Pro", "", "LTE Cat-12", ALL],
  [SIERRA, "EM7511", "Module", "M.2 LTE-A Pro", "", "LTE Cat-18", ALL],
  [SIERRA, "HL7812", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  [SIERRA, "HL7800", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  [SIERRA, "HL7900", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Quectel", "RM520N-GL", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  ["Quectel", "RM530N-GL", "Module", "M.2 5G", "", "5G NR, LTE", AV],
  ["Quectel", "RG255C-GL", "Module", "LGA 5G RedCap", "", "5G RedCap, LTE", ALL],
  ["Quectel", "EG25-G", "Module", "Mini PCIe LTE", "", "LTE Cat-4", ALL],
  ["Quectel", "EC25-AF", "Module", "LCC LTE", "", "LTE Cat-4", ALL],
  ["Quectel", "EG800Q-NA", "Module", "LCC LTE", "", "LTE Cat-1 bis", ALL],
  ["Quectel", "BG96", "Module", "LCC LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Quectel", "BG95-M3", "Module", "LCC LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Quectel", "BG770A-GL", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  [TELIT, "FN990A28", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  [TELIT, "FN920C04", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  [TELIT, "LE910C4-NF", "Module", "LGA LTE", "", "LTE Cat-4", ALL],
  [TELIT, "LE910C1-NF", "Module", "LGA LTE", "", "LTE Cat-1", ALL],
  [TELIT, "ME910C1-WW", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  [TELIT, "ME310G1-WW", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  [TELIT, "EXS82-W", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  ["u-blox", "SARA-R510S", "Module", "LGA LPWA", "", "LTE Cat-M1", ALL],
  ["u-blox", "SARA-R410M-02B", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],
  ["u-blox", "LARA-R6001D", "Module", "LGA LTE", "", "LTE Cat-1", ALL],
  [NORDIC, "nRF9160", "Module", "SiP LPWA", "Zephyr RTOS", "LTE Cat-M1, NB-IoT", ALL],
  [NORDIC, "nRF9161", "Module", "SiP LPWA", "Zephyr RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Murata", "Type 1SC", "Module", "LGA LPWA", "", "LTE Cat-M1", AV],
  ["Fibocom", "FM160-NA", "Module", "M.2 5G", "", "5G NR, LTE", ALL],
  ["Fibocom", "L860-GL-16", "Module", "M.2 LTE", "", "LTE Cat-16", AV],
  ["Sequans", "Monarch 2 GM02S", "Module", "LGA LPWA", "", "LTE Cat-M1, NB-IoT", ALL],

  // Voice, safety and alarm
  ["ZTE", "WF720 Wireless Home Phone Base", "Wireless Home Phone", "Home Phone Base", "", "LTE", A],
  ["ZTE", "WF721 Home Phone Base", "Wireless Home Phone", "Home Phone Base", "", "LTE", T],
  ["Verizon", "LTE Home Phone Connect", "Wireless Home Phone", "Home Phone Base", "", "LTE", V],
  ["Ooma", "AirDial", "POTS Replacement", "Analog Line Replacement", "Linux", "LTE", ALL],
  ["Granite", "EPIK Edge", "POTS Replacement", "Managed POTS", "Linux", "LTE", ALL],
  ["Telguard", "TG-7FS", "Alarm", "Fire Communicator", "", "LTE Cat-1", ALL],
  ["Telguard", "TG-1 Express", "Alarm", "Universal Communicator", "", "LTE Cat-M1", AV],
  ["Napco", "StarLink SLE-LTEV-FIRE", "Alarm", "Fire Communicator", "", "LTE Cat-1", V],
  ["Napco", "StarLink SLE-LTEA-FIRE", "Alarm", "Fire Communicator", "", "LTE Cat-1", A],
  ["Resideo", "LTEM-XV", "Alarm", "Intrusion Communicator", "", "LTE Cat-M1", V],
  ["Resideo", "LTEM-XA", "Alarm", "Intrusion Communicator", "", "LTE Cat-M1", A],
  ["DSC", "LE4020", "Alarm", "Intrusion Communicator", "", "LTE Cat-1", A],
  ["Uplink", "5530M", "Alarm", "Universal Communicator", "", "LTE Cat-M1", AV],
  ["Rath Communications", "RP8500 Cellular Elevator Phone", "Emergency Phone", "Elevator Phone", "", "LTE", AV],
  ["Kings III", "LTE Emergency Phone", "Emergency Phone", "Elevator Phone", "", "LTE", ALL],
  ["Code Blue", "CB 1-s Cellular", "Emergency Phone", "Help Point", "", "LTE", AV],
  ["Lively", "Flip", "Emergency Phone", "Senior Flip Phone", "", "LTE", V],
  ["Lively", "Mobile2", "mPERS", "Medical Alert", "RTOS", "LTE Cat-M1", V],
  ["MobileHelp", "Micro", "mPERS", "Medical Alert", "RTOS", "LTE Cat-M1", A],
  ["Medical Guardian", "MGMini Lite", "mPERS", "Medical Alert", "RTOS", "LTE Cat-M1", AV],
  ["Bay Alarm Medical", "SOS Mobile", "mPERS", "Medical Alert", "RTOS", "LTE", A],
  ["Philips Lifeline", "GoSafe 2", "mPERS", "Medical Alert", "RTOS", "LTE", AV],
  ["Anelto", "Nova", "mPERS", "Medical Alert", "RTOS", "LTE Cat-M1", AT],
  ["AT&T", "LTE-M Button", "Connected Button", "IoT Button", "RTOS", "LTE Cat-M1", A],
  ["Sonim", "XP3plus 5G", "PTT", "Rugged Flip", "Android 12", "5G NR, LTE", ALL],
  ["Sonim", "XP5plus", "PTT", "Rugged Keypad", "Android 10", "LTE", AV],
  ["Kyocera", "DuraXV Extreme+", "PTT", "Rugged Flip", "Android 11", "LTE", ALL],
  [MSI, "LEX L11", "PTT", "Mission-Critical Handheld", "Android 10", "LTE", AV],
  [MSI, "EVOLVE", "PTT", "LMR/LTE Hybrid", "Android 10", "LTE", AV],
  [MSI, "TLK 100", "PTT", "WAVE PTX Radio", "", "LTE", ALL],
  [MSI, "TLK 110", "PTT", "WAVE PTX Radio", "", "LTE", ALL],
  ["Siyata Mobile", "SD7+", "PTT", "Mission-Critical PTT Handset", "Android 12", "LTE", AV],
  [MSI, "TLK 150", "Vehicle Mounted Handset", "WAVE PTX Mobile Radio", "", "LTE", ALL],
  ["Siyata Mobile", "Uniden UV350", "Vehicle Mounted Handset", "In-Vehicle Cellular", "Android 7.1", "LTE", AV],
  ["Siyata Mobile", "VK7 Vehicle Kit", "Vehicle Mounted Handset", "Vehicle Kit", "", "LTE", AV],
  ["Qolsys", "IQ Panel 4", "Smart Home", "Security Panel", "Android 9", "LTE", AV],
  ["Ring", "Alarm Pro", "Smart Home", "Security Hub", "Linux", "LTE", AT],
  ["SimpliSafe", "Base Station (Gen 3)", "Smart Home", "Security Hub", "RTOS", "LTE Cat-M1", AT],
  ["Vivint", "Smart Hub", "Smart Home", "Security Panel", "Linux", "LTE", AV],
  ["ADT", "Command Panel", "Smart Home", "Security Panel", "Linux", "LTE", AV],
  ["ButterflyMX", "Video Intercom Panel", "Intercom", "Video Intercom", "Android 11", "LTE", AV],
  ["DoorKing", "1812 Access Plus Cellular", "Intercom", "Telephone Entry", "", "LTE", ALL],
  ["Swiftlane", "Swiftreader X", "Intercom", "Video Intercom", "Android 11", "LTE", AT],

  // Vehicles and fleets
  ["Geotab", "GO9", "Telematics", "Fleet Telematics", "RTOS", "LTE Cat-M1", ALL],
  ["Geotab", "GO9+", "Telematics", "Fleet Telematics", "RTOS", "LTE Cat-M1", ALL],
  ["Geotab", "GO Focus Plus", "Telematics", "Heavy-Duty Telematics", "RTOS", "LTE", ALL],
  ["Samsara", "VG55", "Telematics", "Vehicle Gateway", "Linux", "LTE", ALL],
  ["Samsara", "VG54", "Telematics", "Vehicle Gateway", "Linux", "LTE", ALL],
  ["Motive", "Vehicle Gateway", "Telematics", "ELD", "Linux", "LTE", ALL],
  ["CalAmp", "LMU-5530", "Telematics", "Fleet Telematics", "RTOS", "LTE Cat-M1", ALL],
  ["CalAmp", "LMU-4230", "Telematics", "Fleet Telematics", "RTOS", "LTE Cat-M1", ALL],
  ["Xirgo (Sensata)", "XT6372R", "Telematics", "Fleet Telematics", "RTOS", "LTE Cat-M1", ALL],
  ["Omnitracs", "IVG", "Telematics", "In-Vehicle Gateway", "Android 9", "LTE", AV],
  ["Zonar", "V4", "Telematics", "ELD", "Linux", "LTE", AV],
  ["Carrier Transicold", "TracKing Reefer Telematics", "Telematics", "Reefer Telematics", "RTOS", "LTE Cat-M1", AV],
  ["CalAmp", "LMU-3640", "OBD II", "Fleet OBD", "RTOS", "LTE Cat-M1", ALL],
  ["Queclink", "GV500MAP", "OBD II", "Fleet OBD", "RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Verizon", "Hum+ OBD Reader", "OBD II", "Vehicle Diagnostics", "", "LTE", V],
  ["T-Mobile", "SyncUP DRIVE", "OBD II", "Vehicle Diagnostics", "", "LTE", T],
  ["AT&T", "Harman Spark", "OBD II", "Vehicle Diagnostics", "", "LTE", A],
  ["Bouncie", "GPS Car Tracker", "OBD II", "Vehicle Diagnostics", "RTOS", "LTE Cat-M1", AV],
  ["LG Electronics", "5G TCU (Gen 2)", "TCU", "Automotive TCU", "Linux", "5G NR, LTE", ALL],
  ["Continental", "5G Hybrid V2X TCU", "TCU", "Automotive TCU", "Linux", "5G NR, LTE", AT],
  ["Harman", "Ready Connect 5G TCU", "TCU", "Automotive TCU", "Linux", "5G NR, LTE", ALL],
  ["Ficosa", "5G TCU", "TCU", "Automotive TCU", "Linux", "5G NR, LTE", AV],
  ["Bosch", "Connectivity Control Unit", "TCU", "Automotive TCU", "Linux", "LTE", AV],
  ["Samsara", "CM32", "Camera", "Dash Cam", "Linux", "LTE", ALL],
  ["Lytx", "DriveCam SF400", "Camera", "Dash Cam", "Linux", "LTE", ALL],
  ["Motive", "AI Dashcam", "Camera", "Dash Cam", "Linux", "LTE", ALL],
  ["Netradyne", "Driveri D-450", "Camera", "Dash Cam", "Linux", "LTE", ALL],

  // Asset tracking
  ["CalAmp", "TTU-730", "Tracking", "Asset Tracker", "RTOS", "LTE Cat-M1", ALL],
  ["Samsara", "AG46P", "Tracking", "Asset Gateway", "RTOS", "LTE Cat-M1", ALL],
  ["Digital Matter", "Oyster3 LTE-M", "Tracking", "Battery Asset Tracker", "RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Digital Matter", "Yabby Edge Cellular", "Tracking", "Battery Asset Tracker", "RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Queclink", "GL320MG", "Tracking", "Personal Tracker", "RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Spytec", "GL300MA", "Tracking", "Personal Tracker", "RTOS", "LTE Cat-M1", AV],
  ["Jiobit", "Smart Tag", "Tracking", "Personal Tracker", "RTOS", "LTE Cat-M1", AT],
  ["Invoxia", "Cellular GPS Tracker", "Tracking", "Personal Tracker", "RTOS", "LTE Cat-M1, NB-IoT", AT],
  ["T-Mobile", "SyncUP TRACKER", "Tracking", "Personal Tracker", "", "LTE Cat-M1, NB-IoT", T],
  ["Verizon", "Smart Locator", "Tracking", "Personal Tracker", "", "LTE Cat-M1", V],
  ["Roambee", "BeeTrac", "Tracking", "Shipment Tracker", "RTOS", "LTE Cat-M1", AV],

  // Wearables
  ["Apple", "Apple Watch Series 10 (GPS + Cellular)", "Wearable", "Smartwatch", "watchOS 11", "LTE", ALL],
  ["Apple", "Apple Watch Ultra 2", "Wearable", "Smartwatch", "watchOS 11", "LTE", ALL],
  ["Apple", "Apple Watch SE (2nd generation, GPS + Cellular)", "Wearable", "Smartwatch", "watchOS 11", "LTE", ALL],
  ["Samsung", "Galaxy Watch7 LTE", "Wearable", "Smartwatch", "Wear OS 5", "LTE", ALL],
  ["Samsung", "Galaxy Watch Ultra LTE", "Wearable", "Smartwatch", "Wear OS 5", "LTE", ALL],
  ["Google", "Pixel Watch 3 LTE", "Wearable", "Smartwatch", "Wear OS 5", "LTE", ALL],
  ["Verizon", "Gizmo Watch 3 Adventure", "Wearable", "Kids Watch", "", "LTE", V],
  ["T-Mobile", "SyncUP KIDS Watch 2", "Wearable", "Kids Watch", "", "LTE", T],

  // Infrastructure, energy, health and retail IoT
  ["ChargePoint", "CT4000", "EV Charger", "Level 2 Commercial", "Linux", "LTE", ALL],
  ["ChargePoint", "CP6000", "EV Charger", "Level 2 Commercial", "Linux", "LTE", ALL],
  ["ChargePoint", "CPF50", "EV Charger", "Level 2 Fleet", "Linux", "LTE", ALL],
  ["ChargePoint", "Express 250", "EV Charger", "DC Fast", "Linux", "LTE", AV],
  ["Blink", "Series 7", "EV Charger", "Level 2 Commercial", "Linux", "LTE", AV],
  ["Blink", "IQ 200", "EV Charger", "Level 2 Commercial", "Linux", "LTE", AV],
  ["ABB", "Terra AC Wallbox", "EV Charger", "Level 2 Commercial", "Linux", "LTE", AT],
  ["ABB", "Terra 184", "EV Charger", "DC Fast", "Linux", "LTE", AV],
  ["EVBox", "Troniq Modular", "EV Charger", "DC Fast", "Linux", "LTE", AT],
  ["SemaConnect", "Series 6", "EV Charger", "Level 2 Commercial", "Linux", "LTE", AV],
  ["Tritium", "RTM75", "EV Charger", "DC Fast", "Linux", "LTE", AV],
  ["Landis+Gyr", "E360 LTE-M", "Meter", "Electric Meter", "RTOS", "LTE Cat-M1", AV],
  ["Aclara", "I-210+c LTE", "Meter", "Electric Meter", "RTOS", "LTE Cat-M1", AV],
  ["Badger Meter", "ORION Cellular LTE-M Endpoint", "Meter", "Water Meter Endpoint", "RTOS", "LTE Cat-M1", AV],
  ["Neptune", "R900 Cellular Endpoint", "Meter", "Water Meter Endpoint", "RTOS", "LTE Cat-M1", AV],
  ["Kamstrup", "flowIQ 2200 NB-IoT", "Meter", "Water Meter", "RTOS", "LTE Cat-M1, NB-IoT", T],
  ["Ubicquia", "UbiCell", "Lighting", "Streetlight Node", "RTOS", "LTE Cat-M1", AV],
  ["Ubicquia", "UbiHub AP2", "Lighting", "Smart Pole Node", "Linux", "LTE", V],
  ["Signify", "Interact City Cellular Node", "Lighting", "Streetlight Controller", "RTOS", "LTE Cat-M1", AT],
  ["Acuity Brands", "ROAM Cellular Node", "Lighting", "Streetlight Controller", "RTOS", "LTE Cat-M1", AT],
  ["Copeland", "ProAct Connect+ Cellular", "HVAC", "Refrigeration Monitoring", "Linux", "LTE", AV],
  ["Carrier", "Abound Cellular Gateway", "HVAC", "Building Controls", "Linux", "LTE", ALL],
  ["Daikin Applied", "Intelligent Equipment Gateway", "HVAC", "Rooftop Unit Controls", "Linux", "LTE", AV],
  ["Trane", "Trane Connect Cellular Gateway", "HVAC", "Building Controls", "Linux", "LTE", AV],
  ["Generac", "Mobile Link Cellular Accessory", "Remote Monitoring", "Generator Monitor", "RTOS", "LTE Cat-M1", AV],
  ["Temperature@lert", "Cellular Edition", "Remote Monitoring", "Environmental Monitor", "RTOS", "LTE Cat-M1", AV],
  ["Sensaphone", "Sentinel Pro Cellular", "Remote Monitoring", "Facility Monitor", "RTOS", "LTE", AV],
  ["SmartCover Systems", "SmartCover X", "Remote Monitoring", "Sewer Level Monitor", "RTOS", "LTE Cat-M1", AV],
  ["Anova", "TankScan TSR-LTE", "Remote Monitoring", "Tank Monitor", "RTOS", "LTE Cat-M1", AT],
  ["Ayyeka", "Wavelet", "Sensor", "Water Infrastructure", "RTOS", "LTE Cat-M1", AV],
  ["Ellenex", "PLD3-N", "Sensor", "Pressure Sensor", "RTOS", "LTE Cat-M1, NB-IoT", T],
  ["Tank Utility", "Propane Monitor", "Sensor", "Tank Level", "RTOS", "LTE Cat-M1", AV],
  ["Sensoneo", "Single Sensor NB-IoT", "Sensor", "Fill-Level Sensor", "RTOS", "LTE Cat-M1, NB-IoT", T],
  ["Lindsay", "FieldNET Pivot Control", "Remote Control Device", "Irrigation Control", "RTOS", "LTE Cat-M1", AV],
  ["Valley Irrigation", "ICON Link", "Remote Control Device", "Pivot Controller", "RTOS", "LTE", AV],
  ["Rain Bird", "IQ4 Cellular Cartridge", "Remote Control Device", "Irrigation Control", "RTOS", "LTE Cat-M1", AV],
  ["Hunter Industries", "ACC2 Cellular Module", "Remote Control Device", "Irrigation Control", "RTOS", "LTE Cat-M1", AT],
  ["BodyTrace", "BT-004 Cellular Scale", "Medical Telematics", "RPM Scale", "RTOS", "LTE Cat-M1", ALL],
  ["Smart Meter", "iBloodPressure", "Medical Telematics", "RPM Blood Pressure", "RTOS", "LTE Cat-M1", ALL],
  ["Smart Meter", "iGlucose", "Medical Telematics", "RPM Glucose", "RTOS", "LTE Cat-M1", ALL],
  ["Tenovi", "Cellular Gateway", "Medical Telematics", "RPM Hub", "RTOS", "LTE Cat-M1", ALL],
  ["Withings", "BPM Connect Pro", "Medical Telematics", "RPM Blood Pressure", "RTOS", "LTE Cat-M1", AT],
  ["Transtek", "TeleRPM BP Monitor", "Medical Telematics", "RPM Blood Pressure", "RTOS", "LTE Cat-M1", AT],
  ["Clover", "Flex (3rd Gen)", "POS", "Handheld POS", "Android 10", "LTE", ALL],
  ["PAX", "A920 Pro", "POS", "Smart Terminal", "Android 10", "LTE", ALL],
  ["PAX", "A77", "POS", "mPOS", "Android 10", "LTE", AT],
  ["Ingenico", "Move/5000", "POS", "Portable Terminal", "Telium TETRA", "LTE", ALL],
  ["Verifone", "V400m 4G", "POS", "Portable Terminal", "Verifone Engage", "LTE", ALL],
  ["Verifone", "T650p", "POS", "Portable Terminal", "Verifone Engage", "LTE", AV],
  ["Cantaloupe", "ePort G11", "Vending Telemetry", "Cashless Reader", "", "LTE Cat-M1", AV],
  ["Cantaloupe", "ePort Engage", "Vending Telemetry", "Cashless Reader", "Linux", "LTE", AV],
  ["Nayax", "VPOS Touch", "Vending Telemetry", "Cashless Reader", "Linux", "LTE", ALL],
  ["Nayax", "Onyx", "Vending Telemetry", "Cashless Reader", "Linux", "LTE", ALL],
  ["Parlevel Systems", "Pico Telemetry", "Vending Telemetry", "DEX Telemetry", "RTOS", "LTE Cat-M1", AT],

  // Field, robotics and everything else
  ["Trimble", "R12i GNSS Receiver", "GPS Smart Antenna", "GNSS Receiver", "Linux", "LTE", ALL],
  ["Trimble", "R780 GNSS Receiver", "GPS Smart Antenna", "GNSS Receiver", "Linux", "LTE", ALL],
  ["Leica Geosystems", "GS18 I", "GPS Smart Antenna", "GNSS Smart Antenna", "Linux", "LTE", AT],
  ["Hemisphere", "S631 Smart Antenna", "GPS Smart Antenna", "GNSS Smart Antenna", "Linux", "LTE", AV],
  ["Topcon", "HiPer VR", "GPS Smart Antenna", "GNSS Receiver", "Linux", "LTE", ALL],
  ["Skydio", "X10", "Drone", "Enterprise Drone", "Linux", "5G NR, LTE", AV],
  ["Skydio", "X10D", "Drone", "Defense Drone", "Linux", "5G NR, LTE", A],
  ["Percepto", "Air Max", "Drone", "Drone-in-a-Box", "Linux", "LTE", A],
  ["Parrot", "ANAFI Ai", "Drone", "Enterprise Drone", "Linux", "LTE", ALL],
  ["Knightscope", "K5", "Robot", "Security Robot", "Linux", "LTE", AV],
  ["Serve Robotics", "RS2", "Robot", "Delivery Robot", "Linux", "LTE", AT],
  ["Starship Technologies", "Delivery Robot (Gen 3)", "Robot", "Delivery Robot", "Linux", "LTE", AT],
  ["Boston Dynamics", "Spot", "Robot", "Inspection Robot", "Linux", "5G NR, LTE", AV],
  ["Arlo", "Go 2", "Camera", "Security Camera", "", "LTE", AV],
  ["Reolink", "Go Ranger PT", "Camera", "Security Camera", "", "LTE", AT],
  ["Tactacam", "Reveal X Gen 2.0", "Camera", "Trail Camera", "", "LTE", AV],
  ["Moultrie Mobile", "Edge 2", "Camera", "Trail Camera", "", "LTE", AV],
  ["Spypoint", "Flex-M", "Camera", "Trail Camera", "", "LTE", AV],
  ["Amazon", "Kindle Oasis (10th Gen) Free Cellular", "eBook Reader", "E-reader", "", "LTE", A],
  ["Amazon", "Kindle Paperwhite (10th Gen) Free Cellular", "eBook Reader", "E-reader", "", "LTE", A],
  ["Particle", "Boron LTE (BRN404X)", "IOT", "Dev Board", "Device OS", "LTE Cat-M1", ALL],
  ["Particle", "B-Series SoM (B404X)", "IOT", "System on Module", "Device OS", "LTE Cat-M1", ALL],
  ["Particle", "Monitor One", "IOT", "Edge Device", "Device OS", "LTE Cat-M1", ALL],
  ["Blues", "Notecard Cellular (NOTE-NBNA)", "IOT", "Cellular Notecard", "", "LTE Cat-M1, NB-IoT", ALL],
  ["Blues", "Notecard Cellular (NOTE-WBNA-500)", "IOT", "Cellular Notecard", "", "LTE Cat-1", ALL],
  [NORDIC, "Thingy:91 X", "IOT", "Prototyping Platform", "Zephyr RTOS", "LTE Cat-M1, NB-IoT", ALL],
  ["Arduino", "MKR NB 1500", "IOT", "Dev Board", "", "LTE Cat-M1, NB-IoT", AT],
  ["Ooma", "Telo 4G Backup", "Other", "VoIP Backup", "", "LTE", T],
  ["Okai", "ES400B Fleet Scooter IoT", "Other", "Micromobility", "RTOS", "LTE Cat-M1", AT],
];

function toDevice(row: ModelRow, carrier: CarrierCode): SeedDevice {
  const [manufacturer, model, deviceType, deviceSub, os, network] = row;
  const bands = bandsFor(carrier, deviceType, network);
  return {
    carrier,
    manufacturer,
    model,
    deviceType,
    deviceSub,
    os,
    network,
    bands: bands.lte,
    fiveGBands: bands.nr,
  };
}

/** One row per model and carrier: a device certified on two carriers appears twice. */
export const certifiedDevices: readonly SeedDevice[] = MODELS.flatMap((row) =>
  row[6].map((carrier) => toDevice(row, carrier)),
);

// ---------------------------------------------------------------------------------------------
// Synthetic catalog for benchmarks
// ---------------------------------------------------------------------------------------------

/** Small, fast, seedable PRNG; good enough for shuffling demo data, not for anything secret. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick() needs a non-empty list");
  return item;
}

// A real model name split around its digit runs, so variants keep the look of the original
// ("Galaxy S25 Ultra" -> "Galaxy S47 Ultra", "R1900" -> "R6318") at the cost of a few concatenations.
interface ModelTemplate {
  readonly row: ModelRow;
  readonly parts: readonly string[]; // even indexes are literal text, odd ones digit runs
  readonly hasDigits: boolean;
  readonly bands: Readonly<Record<CarrierCode, BandSet>>;
}

const DIGIT_LIMITS = [1, 10, 100, 1000, 10000, 100000];

const VARIANT_SUFFIXES: readonly string[] = [
  "",
  "",
  "",
  "",
  " Pro",
  " Plus",
  " Max",
  " Lite",
  " LTE",
  " 5G",
  " X",
  "e",
  " II",
  " Rugged",
  " Fleet",
  " Gov",
];

let templates: readonly ModelTemplate[] | undefined;

function modelTemplates(): readonly ModelTemplate[] {
  if (templates) return templates;
  templates = MODELS.map((row) => {
    const parts = row[1].split(/(\d+)/);
    const [, , type, , , network] = row;
    return {
      row,
      parts,
      hasDigits: parts.length > 1,
      bands: {
        att: bandsFor("att", type, network),
        verizon: bandsFor("verizon", type, network),
        tmobile: bandsFor("tmobile", type, network),
      },
    };
  });
  return templates;
}

function randomDigits(length: number, random: () => number): string {
  const size = Math.min(length, 5);
  const low = DIGIT_LIMITS[size - 1] ?? 1;
  const high = DIGIT_LIMITS[size] ?? 100000;
  return String(low + Math.floor(random() * (high - low)));
}

// Parts are joined once at the end: join() yields a flat string, where += chains leave ropes that
// cost roughly 50 extra bytes per row at a million rows.
function variantModel(template: ModelTemplate, random: () => number): string {
  const out: string[] = [];
  if (template.hasDigits) {
    const { parts } = template;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] ?? "";
      out.push(i % 2 === 1 ? randomDigits(part.length, random) : part);
    }
  } else {
    out.push(template.row[1], " ", randomDigits(3, random));
  }
  out.push(pick(VARIANT_SUFFIXES, random));
  // A revision code on half the rows keeps even short stems selective at a million rows.
  if (random() < 0.5) {
    const letter = String.fromCharCode(65 + Math.floor(random() * 26));
    out.push(" (Rev ", letter, String(10 + Math.floor(random() * 90)), ")");
  }
  return out.join("");
}

/**
 * Deterministic synthetic catalog for search and pagination benchmarks. Every row is built from a
 * real catalog model (its manufacturer, type, OS, network and carriers) with renumbered model
 * names, so filters behave like production data while model searches stay selective.
 */
export function generateDevices(count: number, seed = 42): SeedDevice[] {
  const random = mulberry32(seed);
  const pool = modelTemplates();
  const devices: SeedDevice[] = new Array<SeedDevice>(count);
  for (let i = 0; i < count; i++) {
    const template = pick(pool, random);
    const [manufacturer, , deviceType, deviceSub, os, network, carriers] = template.row;
    const carrier = pick(carriers, random);
    const bands = template.bands[carrier];
    devices[i] = {
      carrier,
      manufacturer,
      model: variantModel(template, random),
      deviceType,
      deviceSub,
      os,
      network,
      bands: bands.lte,
      fiveGBands: bands.nr,
    };
  }
  return devices;
}
