import { compare, hash } from "@node-rs/bcrypt";
import { logger } from "~/lib/logger.server";

/** Spec §9: hash cost 12. */
export const BCRYPT_COST = 12;

export function hashPassword(password: string): Promise<string> {
  return hash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await compare(password, passwordHash);
  } catch (error) {
    // A stored hash that bcrypt cannot read: no sign-in, and someone should look at the row.
    logger.error({ err: error }, "password hash could not be verified");
    return false;
  }
}
