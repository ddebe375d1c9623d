import { describe, expect, it } from "vitest";
import {
  countOf,
  moderationMessage,
  parseVoteValue,
  preview,
  statusActions,
  TOPIC_FORMS,
  voteTransition,
} from "./rules";

describe("statusActions (spec §4)", () => {
  it("offers approve unless approved, reject unless rejected, back to pending unless pending", () => {
    expect(statusActions("pending")).toEqual(["approve", "reject"]);
    expect(statusActions("approved")).toEqual(["reject", "pending"]);
    expect(statusActions("rejected")).toEqual(["approve", "pending"]);
  });

  it("lets every status reach every other status", () => {
    const reach = { approve: "approved", reject: "rejected", pending: "pending" } as const;
    for (const from of ["pending", "approved", "rejected"] as const) {
      const targets = statusActions(from).map((a) => reach[a]);
      expect(targets.sort()).toEqual(["pending", "approved", "rejected"].filter((s) => s !== from).sort());
    }
  });
});

describe("voteTransition", () => {
  it("casts a vote when there is none", () => {
    expect(voteTransition(0, 1)).toEqual({ next: 1, likes: 1, dislikes: 0 });
    expect(voteTransition(0, -1)).toEqual({ next: -1, likes: 0, dislikes: 1 });
  });

  it("takes the vote back on a second click of the same button", () => {
    expect(voteTransition(1, 1)).toEqual({ next: 0, likes: -1, dislikes: 0 });
    expect(voteTransition(-1, -1)).toEqual({ next: 0, likes: 0, dislikes: -1 });
  });

  it("switches the vote on the other button", () => {
    expect(voteTransition(1, -1)).toEqual({ next: -1, likes: -1, dislikes: 1 });
    expect(voteTransition(-1, 1)).toEqual({ next: 1, likes: 1, dislikes: -1 });
  });

  it("reads only like and dislike from a button", () => {
    expect(parseVoteValue("like")).toBe(1);
    expect(parseVoteValue("dislike")).toBe(-1);
    expect(parseVoteValue("1")).toBeNull();
    expect(parseVoteValue(null)).toBeNull();
  });
});

describe("preview (spec §9)", () => {
  it("keeps short text whole, on one line", () => {
    expect(preview("Kratko\n\npitanje  ovde", 100)).toBe("Kratko pitanje ovde");
  });

  it("cuts long text at a word within the limit and marks the cut", () => {
    const text =
      "Pozdrav svima, treba mi savet od iskusnijih kolega oko parkinga u Ohaju preko vikenda, gde je sigurno?";
    const p = preview(text, 100);
    expect(p.length).toBeLessThanOrEqual(100);
    expect(p.endsWith("…")).toBe(true);
    expect(text.startsWith(p.slice(0, -1))).toBe(true);
    expect(p).toBe(
      "Pozdrav svima, treba mi savet od iskusnijih kolega oko parkinga u Ohaju preko vikenda, gde je…",
    );
  });

  it("cuts a long word hard rather than leaving almost nothing", () => {
    const p = preview(`${"a".repeat(200)} b`, 150);
    expect(p).toHaveLength(150);
  });
});

describe("Serbian counts and messages", () => {
  it("uses the one, few and other forms", () => {
    expect(countOf(1, TOPIC_FORMS)).toBe("1 tema");
    expect(countOf(3, TOPIC_FORMS)).toBe("3 teme");
    expect(countOf(5, TOPIC_FORMS)).toBe("5 tema");
    expect(countOf(11, TOPIC_FORMS)).toBe("11 tema");
    expect(countOf(22, TOPIC_FORMS)).toBe("22 teme");
    expect(countOf(21, TOPIC_FORMS)).toBe("21 tema");
  });

  it("says what a moderator did", () => {
    expect(moderationMessage("topic", "approve", 1)).toBe("Tema je odobrena.");
    expect(moderationMessage("comment", "pending", 1)).toBe("Komentar je vraćen na čekanje.");
    expect(moderationMessage("comment", "reject", 12)).toBe("Odbijeno: 12 komentara.");
    expect(moderationMessage("topic", "approve", 3)).toBe("Odobreno: 3 teme.");
  });
});
