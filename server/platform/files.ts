import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, normalize, resolve, sep } from "node:path";

/** The file storage port: a local folder under DATA_DIR today, an S3-compatible bucket later. */
export type FileStorage = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  remove(key: string): Promise<void>;
};

export function createLocalStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathFor = (key: string) => {
    const full = resolve(join(root, normalize(key)));
    // Keys come from our own code, but a path outside the root must never be reachable.
    if (!full.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const path = pathFor(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathFor(key)));
      } catch (error) {
        if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathFor(key), { force: true });
    },
  };
}

/**
 * "acme-dental" from "Café Acme Dental!": ASCII letters, digits and dashes, so a download's file
 * name survives every browser and mail client.
 */
export function fileNameSlug(text: string, max = 40): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, max);
}
