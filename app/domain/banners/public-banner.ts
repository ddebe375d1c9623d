import type { Slot } from "./rules";

/** A banner as the public pages receive it (no link, no phone: clicks go through /b/{id}). */
export type PublicBanner = {
  id: number;
  title: string;
  imageUrl: string | null;
  /** Always /b/{id}: the click endpoint records the click and redirects to the stored link. */
  href: string;
  alt: string;
  slot: Slot | null;
  type: string;
  message: string | null;
  backgroundColor: string | null;
  company: string | null;
  width?: number;
  height?: number;
};
