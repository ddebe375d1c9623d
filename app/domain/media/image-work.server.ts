/**
 * Every decode of an uploaded image (re-encoding a listing photo, making WebP variants) runs here,
 * in a bounded pool (docs/decisions/150): at most one decode per core, one core always left to
 * render pages, each decode on a single libvips thread, and no libvips cache (an upload is never
 * decoded twice, and a cached file would keep a removed temporary file open). A burst of uploads
 * then waits its turn instead of taking every core from the pages.
 *
 * Reading an image's header (`sharp().metadata()`: size, format, orientation) decodes no pixel
 * and does not go through the pool.
 */
import os from "node:os";
import sharp from "sharp";
import { Semaphore } from "~/lib/semaphore";

/** Decodes at once in this process: one per core, leaving one core for the pages (at least one). */
export const IMAGE_WORKERS = Math.max(1, os.availableParallelism() - 1);

const pool = new Semaphore(IMAGE_WORKERS);

// sharp's settings are global to the process (every sharp call here is about uploads).
sharp.concurrency(1);
sharp.cache(false);

/** Runs one decode task in the pool (waits for a free worker). */
export function runImageWork<T>(task: () => Promise<T>): Promise<T> {
  return pool.run(task);
}

/** The pool's counters: `started` proves in tests that a refused upload was never decoded. */
export function imageWorkStats() {
  return pool.stats();
}
