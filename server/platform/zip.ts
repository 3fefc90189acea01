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

type EntryFields = { crc: number; compressed: number; size: number; name: Buffer };

/** Version needed, flags, method, time, date, CRC, both sizes and the name's length, from `at`. */
function writeEntryFields(
  header: Buffer,
  at: number,
  fields: EntryFields,
  time: number,
  date: number,
): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(time, at + 6);
  header.writeUInt16LE(date, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.compressed, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.name.byteLength, at + 22);
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

    // Both headers carry the same run of fields: from byte 4 of the local header, and from
    // byte 6 of the central one (after "version made by"). The extra field, and in the central
    // header the comment, disk number and attributes, are left at zero.
    const fields = { crc, compressed: data.byteLength, size: entry.data.byteLength, name };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields, time, date);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    writeEntryFields(central, 6, fields, time, date);
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
