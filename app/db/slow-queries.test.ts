import { describe, expect, it } from "vitest";
import { statementName } from "./slow-queries.server";

describe("slow query statement names", () => {
  it("verb, first table and a hash of the shape", () => {
    const a = statementName('select "id", "title" from "articles" where "id" = $1');
    expect(a).toMatch(/^select articles#[0-9a-f]{6}$/);
    expect(statementName('select  "id", "title"\n from "articles" where "id" = $1')).toBe(a);
    expect(statementName('insert into "jobs" ("kind") values ($1)')).toMatch(/^insert jobs#/);
    expect(statementName('update "public"."jobs" set "status" = $1')).toMatch(/^update jobs#/);
    expect(statementName("begin")).toMatch(/^begin#/);
  });
});
