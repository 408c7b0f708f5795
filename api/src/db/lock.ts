import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite is a single-process database: two servers on one folder would corrupt it. A pid file
 * marks the folder as taken; a stale file (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server (pid ${pid}); stop it first or set DATA_DIR to another folder.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
