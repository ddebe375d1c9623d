import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
  bodyRuleFor,
  FORM_BODY_LIMIT,
  LISTING_PHOTOS_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT,
} from "./body-limits";

describe("request body limits by path", () => {
  it("gives the buy/sell forms room for 8 photos of 5 MB, with or without JavaScript (.data)", () => {
    expect(LISTING_PHOTOS_BODY_LIMIT).toBeGreaterThan(8 * 5 * 1024 * 1024);
    for (const path of [
      "/kupoprodaja/novi",
      "/kupoprodaja/novi.data",
      "/admin/listings/edit/12",
      "/admin/listings/edit/12.data",
    ]) {
      expect(bodyLimitFor(path)).toBe(LISTING_PHOTOS_BODY_LIMIT);
    }
  });

  it("keeps every other form, the job form included, at the form limit", () => {
    for (const path of [
      "/poslovi/novi",
      "/kupoprodaja",
      "/admin/listings",
      "/admin/listings/edit/x",
      "/kompanije/nova",
    ]) {
      expect(bodyLimitFor(path)).toBe(FORM_BODY_LIMIT);
    }
  });

  it("gives the Stripe webhook 1 MB of JSON, and only that exact path", () => {
    expect(bodyLimitFor("/webhooks/stripe")).toBe(WEBHOOK_BODY_LIMIT);
    expect(WEBHOOK_BODY_LIMIT).toBe(1024 * 1024);
    expect(bodyLimitFor("/webhooks/stripe/x")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/webhooks/stripe.data")).toBe(FORM_BODY_LIMIT);
  });

  it("streams the upload paths' multipart bodies to the route (decision 150), never the webhook's", () => {
    for (const path of [
      "/kupoprodaja/novi",
      "/kupoprodaja/novi.data",
      "/admin/listings/edit/3",
      "/admin/api/media",
    ]) {
      expect(bodyRuleFor(path)?.stream).toBe(true);
    }
    // 8 photos of 5 MB and the form around them, no more.
    expect(LISTING_PHOTOS_BODY_LIMIT).toBe(8 * 5 * 1024 * 1024 + 256 * 1024);
    expect(bodyRuleFor("/webhooks/stripe")?.stream).toBeUndefined();
    expect(bodyRuleFor("/poslovi/novi")).toBeNull();
  });
});
