/**
 * Damage made to a backup archive (a plain ustar file, app/domain/backups/archive.server.ts) the way
 * a disk or a copy damages one: one byte of one member's content flipped, the headers left intact.
 */
import fs from "node:fs";

export type TarMember = { name: string; offset: number; size: number };

/** The regular files of a tar archive: their names (without `./`), where their data starts, their size. */
export function tarMembers(file: string): TarMember[] {
  const bytes = fs.readFileSync(file);
  const members: TarMember[] = [];
  let at = 0;
  while (at + 512 <= bytes.length) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString("latin1")
        .replace(/\0.*$/s, "");
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1);
    if (type === "0" || type === "")
      members.push({ name: name.replace(/^\.\//, ""), offset: at + 512, size });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return members;
}

/** A copy of `archive` at `out` with one byte in the middle of member `name` flipped. */
export function corruptMember(archive: string, out: string, name: string): void {
  const member = tarMembers(archive).find((m) => m.name === name);
  if (!member || member.size === 0) throw new Error(`${name} is not a non-empty member of ${archive}`);
  const bytes = fs.readFileSync(archive);
  bytes[member.offset + Math.floor(member.size / 2)] ^= 0xff;
  fs.writeFileSync(out, bytes);
}
