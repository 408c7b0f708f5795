// The disks the server writes to (issue 42, point 2): how much room is left under the database's
// folder and BACKUP_DIR, and what uses it, for the owner's dashboard before the disk is full; and
// whether a backup fits before one is written.
import { existsSync, lstatSync, readdirSync, statSync, statfsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DiskWarning } from '@app/contract/serverWarnings';

/** A disk is low with less than 1 GB or 5 % of it free. */
export const lowDisk = { minFreeBytes: 1024 ** 3, minFreeShare: 0.05 } as const;

export type DiskSpace = { freeBytes: number; totalBytes: number };

/** Free space as an ordinary process may use it (statfs's bavail, not the root-only reserve). */
export function diskSpace(path: string): DiskSpace {
  const s = statfsSync(path);
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

export const isLow = (d: DiskSpace) =>
  d.freeBytes < lowDisk.minFreeBytes || d.freeBytes < d.totalBytes * lowDisk.minFreeShare;

/** What a backup must leave free: 5 % of the disk, at most 1 GB (the database's room to write). */
export const backupReserve = (d: DiskSpace) =>
  Math.min(lowDisk.minFreeBytes, Math.floor(d.totalBytes * lowDisk.minFreeShare));

/** A folder that is not there yet is measured where it would be made: its nearest existing parent. */
export function existingFolder(path: string): string {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

/** Bytes of the files under a folder (its subfolders too); 0 when it is not there. */
export function folderBytes(dir: string): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of entries) {
    const path = join(dir, name);
    try {
      const s = lstatSync(path);
      total += s.isDirectory() ? folderBytes(path) : s.isFile() ? s.size : 0;
    } catch {
      // Removed while counted (a backup pruned): not there any more.
    }
  }
  return total;
}

export type Folder = { holds: 'database' | 'backups'; path: string };
export type Uses = { databaseBytes: number | null; backupsBytes: number | null; logsBytes: number | null };

/**
 * The low disks among the folders' (folders on one disk are one warning), with what uses them.
 * `uses` is asked only when a disk is low: sizing the database and the backups costs more than statfs.
 */
export async function diskWarnings(
  folders: Folder[],
  uses: () => Promise<Uses>,
  space: (path: string) => DiskSpace = diskSpace,
): Promise<DiskWarning[]> {
  const byDisk = new Map<number, { holds: Folder['holds'][]; path: string }>();
  for (const f of folders) {
    const path = existingFolder(f.path);
    const device = statSync(path).dev;
    const disk = byDisk.get(device);
    if (disk) disk.holds.push(f.holds);
    else byDisk.set(device, { holds: [f.holds], path });
  }
  const low = [...byDisk.values()].map((d) => ({ ...d, ...space(d.path) })).filter((d) => isLow(d));
  if (low.length === 0) return [];
  const used = await uses();
  return low.map((d) => ({
    holds: d.holds,
    path: d.path,
    freeBytes: d.freeBytes,
    totalBytes: d.totalBytes,
    databaseBytes: d.holds.includes('database') ? used.databaseBytes : null,
    backupsBytes: d.holds.includes('backups') ? used.backupsBytes : null,
    logsBytes: d.holds.includes('database') ? used.logsBytes : null,
  }));
}
