/** Promotion packages: the queries (the settings screen edits them, the public pages offer them). */
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { promotionProducts } from "~/db/schema";
import type { NewProductInput, ProductInput, ProductKind, PromotionProduct } from "./products";

const columns = {
  id: promotionProducts.id,
  kind: promotionProducts.kind,
  name: promotionProducts.name,
  days: promotionProducts.days,
  amount: promotionProducts.amount,
  currency: promotionProducts.currency,
  active: promotionProducts.active,
  position: promotionProducts.position,
};

/** Every package, jobs first, in their order (the settings screen). */
export function listProducts(db: DbOrTx): Promise<PromotionProduct[]> {
  return db
    .select(columns)
    .from(promotionProducts)
    .orderBy(asc(promotionProducts.kind), asc(promotionProducts.position), asc(promotionProducts.id));
}

/** The packages offered for a kind of listing (active ones, in their order). */
export function activeProducts(db: DbOrTx, kind: ProductKind): Promise<PromotionProduct[]> {
  return db
    .select(columns)
    .from(promotionProducts)
    .where(and(eq(promotionProducts.kind, kind), eq(promotionProducts.active, true)))
    .orderBy(asc(promotionProducts.position), asc(promotionProducts.id));
}

export async function getProduct(db: DbOrTx, id: string): Promise<PromotionProduct | null> {
  const [row] = await db.select(columns).from(promotionProducts).where(eq(promotionProducts.id, id)).limit(1);
  return row ?? null;
}

/** Saves an edited package; false when it no longer exists. */
export async function updateProduct(
  db: DbOrTx,
  id: string,
  input: ProductInput,
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(promotionProducts)
    .set({ name: input.name, amount: input.price, days: input.days, active: input.active, updatedAt: now })
    .where(eq(promotionProducts.id, id))
    .returning({ id: promotionProducts.id });
  return rows.length > 0;
}

/**
 * Adds a package at the end of its kind's list. Its id is readable and never reused
 * ("featured-job-14", then "featured-job-14-2"): orders keep product ids forever.
 */
export async function createProduct(db: DbOrTx, input: NewProductInput, now = new Date()): Promise<string> {
  const base = `featured-${input.kind}-${input.days}`;
  const taken = await db
    .select({ id: promotionProducts.id })
    .from(promotionProducts)
    .where(sql`${promotionProducts.id} = ${base} or ${promotionProducts.id} like ${`${base}-%`}`);
  const ids = new Set(taken.map((r) => r.id));
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${promotionProducts.position}), 0) + 1`.mapWith(Number) })
    .from(promotionProducts)
    .where(eq(promotionProducts.kind, input.kind));
  await db.insert(promotionProducts).values({
    id,
    kind: input.kind,
    name: input.name,
    days: input.days,
    amount: input.price,
    active: input.active,
    position: next,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
