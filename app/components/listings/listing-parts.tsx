import type { ReactNode } from "react";
import { AddressText } from "~/components/address-text";
import { telHref } from "~/domain/listings/format";
import type { ListingPhoto } from "~/domain/listings/types";
import { responsiveImage, thumbnailUrl } from "~/domain/media/responsive";

/**
 * A listing's photos: a swipeable strip (scroll-snap) with numbered thumbnails that jump to each
 * photo — no JavaScript needed. Every photo is served as WebP variants with its size reserved, and
 * opens the full JPEG when tapped.
 */
export function ListingGallery({ photos, title }: { photos: readonly ListingPhoto[]; title: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-label="Fotografije" className="min-w-0">
      <ol
        data-scroll-x=""
        className="flex snap-x snap-mandatory gap-2 overflow-x-auto rounded-xl [scrollbar-width:thin]"
      >
        {photos.map((photo, i) => {
          const image = responsiveImage(photo.url);
          return (
            <li key={photo.id} id={`foto-${i + 1}`} className="w-full shrink-0 snap-start">
              <a href={photo.url} className="block overflow-hidden rounded-xl bg-slate-100">
                <img
                  src={image.src}
                  srcSet={image.srcSet}
                  sizes="(min-width: 1024px) 720px, 100vw"
                  width={photo.width}
                  height={photo.height}
                  alt={`${title} — fotografija ${i + 1} od ${photos.length}`}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full object-contain"
                />
              </a>
            </li>
          );
        })}
      </ol>
      {photos.length > 1 ? (
        <nav aria-label="Izbor fotografije" className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, i) => {
            return (
              <a
                key={photo.id}
                href={`#foto-${i + 1}`}
                className="block h-14 w-20 shrink-0 overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-brand-400"
                aria-label={`Fotografija ${i + 1}`}
              >
                <img
                  src={thumbnailUrl(photo.url)}
                  alt=""
                  width={80}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </a>
            );
          })}
        </nav>
      ) : null}
    </section>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="currentColor" aria-hidden="true">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.58 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

/** Contact buttons that work on a phone: `tel:` dials, `mailto:` opens the mail app with a subject. */
export function ContactLinks({
  name,
  phone,
  email,
  subject,
}: {
  name: string;
  phone: string | null;
  email: string | null;
  subject: string;
}) {
  return (
    <section aria-labelledby="kontakt" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="kontakt" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Kontakt
      </h2>
      <p className="mt-1 font-medium text-slate-900">{name}</p>
      <div className="mt-3 grid gap-2">
        {phone ? (
          <a
            href={telHref(phone)}
            className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800"
          >
            <PhoneIcon /> Pozovi {phone}
          </a>
        ) : null}
        {email ? (
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
            className="flex min-h-12 items-center justify-center gap-2 break-words rounded-lg border border-slate-300 bg-white px-4 py-3 text-center font-semibold text-slate-800 hover:bg-slate-50"
          >
            <MailIcon /> <AddressText address={email} />
          </a>
        ) : null}
      </div>
      <p className="mt-3 text-xs text-slate-500">Recite da ste oglas videli na sajtu Balkan Vozači.</p>
    </section>
  );
}

/**
 * On a phone, the call and e-mail buttons stay at the bottom of the screen while the listing is read
 * (the contact box itself comes after the text). Hidden from `lg` up, where the box sits beside it.
 */
export function ContactBar({
  phone,
  email,
  subject,
}: {
  phone: string | null;
  email: string | null;
  subject: string;
}) {
  if (!phone && !email) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-5xl gap-2">
        {phone ? (
          <a
            href={telHref(phone)}
            className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 font-semibold text-white"
          >
            <PhoneIcon /> Pozovi
          </a>
        ) : null}
        {email ? (
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}
            className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800"
          >
            <MailIcon /> E-pošta
          </a>
        ) : null}
      </div>
    </div>
  );
}

export function FactList({ facts }: { facts: readonly { label: string; value: string }[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-2">
      {facts.map((f) => (
        <div key={f.label} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{f.label}</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TextSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 whitespace-pre-line break-words text-slate-700">{children}</div>
    </section>
  );
}
