// The data directory holds the embedded database and the token secret: nobody but the server's
// own user may read or write it. PGlite writes its files 0666 whatever the umask (they are made
// in its in-memory file system and copied out with their modes), so the modes are put right at
// every open and close of the database, not only prevented by the umask.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What every file and directory the server makes gets: no group or world bits. */
export const PRIVATE_UMASK = 0o077;

/** Answers how many entries it changed; throws naming an entry the server may not change. */
export function secureDataDir(dir: string): number {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return fixTree(root);
}

function fixTree(dir: string): number {
  let changed = fix(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // A link is left alone: its target is not ours to change (and chmod would follow it).
    if (entry.isSymbolicLink()) continue;
    changed += entry.isDirectory() ? fixTree(full) : fix(full, 0o600);
  }
  return changed;
}

function fix(file: string, mode: number): number {
  const st = lstatSync(file);
  if ((st.mode & 0o777) === mode) return 0;
  try {
    chmodSync(file, mode);
  } catch (e) {
    throw new Error(
      `DATA_DIR: ${file} is mode ${(st.mode & 0o777).toString(8)} and owned by uid ${st.uid}; the server (uid ${process.getuid?.()}) cannot make it ${mode.toString(8)}: give the data directory to the server's user (${(e as Error).message})`,
    );
  }
  return 1;
}
