// A server started as root gives up root before it opens anything: as root, libwebrtc's threads
// take real-time priority and starve the JavaScript thread that draws the machines' frames (and
// a network service has no business running as root anyway).
import { chownSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, uid, gid);
    else chownSync(full, uid, gid);
  }
}

/** Answers the uid the process now runs as. */
export function dropRootPrivileges(opts: { uid: number; gid: number; dataDir: string }): number {
  const uid = process.getuid?.();
  if (uid !== 0 || opts.uid === 0 || !process.setuid || !process.setgid) return uid ?? -1;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  chownTree(path.resolve(opts.dataDir), opts.uid, opts.gid);
  process.setgroups?.([opts.gid]);
  process.setgid(opts.gid);
  process.setuid(opts.uid);
  return opts.uid;
}
