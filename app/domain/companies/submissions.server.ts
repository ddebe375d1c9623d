/**
 * Company requests (spec §4): pending on creation, then approved or rejected. Only pending
 * requests can be edited or decided — every write below says `status = 'pending'` in its WHERE,
 * so two admins deciding at once cannot both win. Approval creates the active company and marks
 * the request in ONE transaction: a failure anywhere leaves neither a company nor a changed request.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx, Transaction } from "~/db/client.server";
import { companies, companySubmissions, type SUBMISSION_STATUSES } from "~/db/schema";
import type { CompanyData } from "./validation";

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export type Submission = typeof companySubmissions.$inferSelect;
export type StatusCounts = Record<SubmissionStatus | "all", number>;

export type SubmissionErrorCode =
  | "submission.not_found"
  | "submission.not_pending"
  | "submission.update_failed"
  | "submission.approve_failed"
  | "submission.reject_failed"
  | "submission.delete_failed"
  | "submission.reject_note_required";

/** A decision or an edit: done, or why not (a stable code, decision 170). */
export type DecisionOutcome =
  | { ok: true; companyId?: number }
  | { ok: false; code: "submission.not_found" | "submission.not_pending" };

export async function countSubmissionsByStatus(db: DbOrTx): Promise<StatusCounts> {
  const rows = await db
    .select({ status: companySubmissions.status, n: count() })
    .from(companySubmissions)
    .groupBy(companySubmissions.status);
  const counts: StatusCounts = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** Newest first (spec §7), one status or all, paged in SQL. */
export async function listSubmissions(
  db: DbOrTx,
  opts: { status?: SubmissionStatus; page: number; pageSize: number },
): Promise<Submission[]> {
  return db
    .select()
    .from(companySubmissions)
    .where(opts.status ? eq(companySubmissions.status, opts.status) : undefined)
    .orderBy(desc(companySubmissions.submittedAt), desc(companySubmissions.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
}

export async function getSubmission(db: DbOrTx, id: number): Promise<Submission | null> {
  const [row] = await db.select().from(companySubmissions).where(eq(companySubmissions.id, id)).limit(1);
  return row ?? null;
}

/** The public request form: always pending. */
export async function createSubmission(db: DbOrTx, data: CompanyData): Promise<number> {
  const [row] = await db
    .insert(companySubmissions)
    .values({ ...data, status: "pending" })
    .returning({ id: companySubmissions.id });
  return row.id;
}

async function whyNotChanged(db: DbOrTx, id: number): Promise<DecisionOutcome> {
  return (await getSubmission(db, id))
    ? { ok: false, code: "submission.not_pending" }
    : { ok: false, code: "submission.not_found" };
}

const pendingById = (id: number) =>
  and(eq(companySubmissions.id, id), eq(companySubmissions.status, "pending"));

export async function updatePendingSubmission(
  db: DbOrTx,
  id: number,
  data: CompanyData,
): Promise<DecisionOutcome> {
  const rows = await db
    .update(companySubmissions)
    .set(data)
    .where(pendingById(id))
    .returning({ id: companySubmissions.id });
  return rows.length > 0 ? { ok: true } : whyNotChanged(db, id);
}

export type Decision = { reviewer: string; notes: string | null; now?: Date };

type RequestFields = Pick<
  typeof companySubmissions.$inferInsert,
  | "name"
  | "description"
  | "location"
  | "state"
  | "phone"
  | "email"
  | "website"
  | "logo"
  | "category"
  | "services"
  | "yearEstablished"
  | "fleetSize"
  | "specialties"
>;

/** Spec §4: the active company an approval creates from a request (also used by the demo seed). */
export function companyFromRequest(request: RequestFields): typeof companies.$inferInsert {
  return {
    name: request.name,
    description: request.description,
    location: request.location,
    state: request.state,
    phone: request.phone,
    email: request.email,
    website: request.website,
    logo: request.logo,
    category: request.category,
    services: request.services,
    yearEstablished: request.yearEstablished,
    fleetSize: request.fleetSize,
    specialties: request.specialties,
    active: true,
  };
}

/** Thrown inside the approval transaction to roll it back when the request stopped being pending. */
class NotPendingError extends Error {
  constructor() {
    super("company submission is no longer pending");
  }
}

export type ApproveHooks = {
  /** Runs inside the transaction after the company is inserted (tests force a failure here). */
  afterCompanyInsert?: (tx: Transaction, companyId: number) => Promise<void>;
};

export async function approveSubmission(
  db: DbOrTx,
  id: number,
  decision: Decision,
  hooks: ApproveHooks = {},
): Promise<DecisionOutcome> {
  const now = decision.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(companySubmissions)
        .where(eq(companySubmissions.id, id))
        .for("update")
        .limit(1);
      if (!request) return { ok: false, code: "submission.not_found" } as const;
      if (request.status !== "pending") return { ok: false, code: "submission.not_pending" } as const;

      const [company] = await tx
        .insert(companies)
        .values(companyFromRequest(request))
        .returning({ id: companies.id });
      await hooks.afterCompanyInsert?.(tx, company.id);

      const updated = await tx
        .update(companySubmissions)
        .set({
          status: "approved",
          reviewedAt: now,
          reviewedBy: decision.reviewer,
          adminNotes: decision.notes,
        })
        .where(pendingById(id))
        .returning({ id: companySubmissions.id });
      if (updated.length === 0) throw new NotPendingError();
      return { ok: true, companyId: company.id } as const;
    });
  } catch (error) {
    if (error instanceof NotPendingError) return { ok: false, code: "submission.not_pending" };
    throw error;
  }
}

/** Reject: the note is required (checked by the caller with the spec's message). */
export async function rejectSubmission(db: DbOrTx, id: number, decision: Decision): Promise<DecisionOutcome> {
  const rows = await db
    .update(companySubmissions)
    .set({
      status: "rejected",
      reviewedAt: decision.now ?? new Date(),
      reviewedBy: decision.reviewer,
      adminNotes: decision.notes,
    })
    .where(pendingById(id))
    .returning({ id: companySubmissions.id });
  return rows.length > 0 ? { ok: true } : whyNotChanged(db, id);
}

export async function deleteSubmission(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(companySubmissions)
    .where(eq(companySubmissions.id, id))
    .returning({ id: companySubmissions.id });
  return rows.length > 0;
}
