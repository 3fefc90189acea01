import { crc32, deflateRawSync } from "node:zlib";

// A ZIP archive of a few files held in memory: what an .xlsx file is. Written here rather than
// taken from a package because the format's subset we need is small, and Node's own zlib
// (native deflate and crc32) is many times faster than a JavaScript deflate.

export type ZipEntry = { name: string; data: Uint8Array };

/** Deflate level: 6 is zlib's default, the usual balance of size and time for XML. */
const LEVEL = 6;
/** Set in the flags of every entry: the names are UTF-8. */
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
/** "2.0": deflate, no ZIP64. */
const VERSION = 20;

/** A time as MS-DOS stores it in a ZIP header: 2-second steps, years 1980–2107, the clock's UTC. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The archive's bytes: each entry deflated, then the central directory. */
export function zip(entries: readonly ZipEntry[], modified: Date): Uint8Array<ArrayBuffer> {
  if (entries.length > 0xffff) throw new Error("A ZIP without ZIP64 holds at most 65,535 files");
  const { time, date } = dosDateTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = deflateRawSync(entry.data, { level: LEVEL });
    if (entry.data.byteLength >= 0xffffffff || offset >= 0xffffffff) {
      throw new Error("A ZIP without ZIP64 holds at most 4 GiB");
    }
    const crc = crc32(entry.data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(entry.data.byteLength, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.byteLength, 20);
    central.writeUInt32LE(entry.data.byteLength, 24);
    central.writeUInt16LE(name.byteLength, 28);
    // Extra field, comment, disk number, internal and external attributes: none.
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  const whole = Buffer.concat([...locals, directory, end]);
  // A Uint8Array over a fresh ArrayBuffer of its own, not a view into Node's shared pool.
  return new Uint8Array(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength));
}
