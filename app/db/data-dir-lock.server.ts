/**
 * PGlite does not lock its data directory, and two processes on one directory corrupt it. The
 * server and the command-line tools (seed, backup, restore) therefore take `DATA_DIR/db.lock`
 * (the process id) before opening the embedded database, and refuse while a live process holds it.
 */
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Ugrađenu bazu (${path.dirname(lockFile)}) već koristi proces ${pid}: zaustavite ga pre ove komande ` +
        "(PGlite dozvoljava samo jedan proces po DATA_DIR).",
    );
    this.name = "DataDirLockedError";
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    // A recycled pid of some other program does not hold the lock.
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/** Takes the lock of the embedded database in `dataDir` (DATA_DIR); returns its release. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(path.resolve(dataDir), "db.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(file, "utf8").trim());
      if (pid && pid !== process.pid && isNodeProcess(pid)) throw new DataDirLockedError(file, pid);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not take ${file}`);
}
