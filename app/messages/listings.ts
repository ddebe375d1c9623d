/**
 * The words of jobs and buy/sell (spec §5, §8; decisions 091–093): the posting forms' field codes
 * (LISTING_FIELD), the photos' refusals (PHOTO_FIELD, each naming its photo) and the screens'
 * notices. The domain answers with codes; `app/http/errors.ts` and the form pipeline map them here.
 */

import { LISTING_LIFETIME_DAYS, type ListingKind, MAX_PHOTOS, type PayUnit } from "~/domain/listings/options";
import { OWNER_FIELD } from "~/domain/listings/owner-rules";
import { LIMITS, LISTING_FIELD, MODERATION_FIELD, PHOTO_FIELD } from "~/domain/listings/validation";
import { MEDIA_MESSAGES } from "./media";
import { wordsFor } from "./words";

export const LISTING_MESSAGES = {
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  failed: "Slanje nije uspelo. Molimo pokušajte ponovo.",
  photosAgain: "Izaberite fotografije ponovo — iz bezbednosnih razloga pregledač ih ne čuva posle greške.",
  tooLarge: "Oglas sa fotografijama je prevelik. Pošaljite najviše 8 fotografija do 5 MB.",
  busy: "Server trenutno prima mnogo fotografija. Pokušajte ponovo za minut.",
  notFound: "Oglas nije pronađen.",
  notAllowed: "Ova akcija nije moguća za oglas u ovom statusu.",
  rejectNoteRequired: "Molimo unesite razlog odbijanja u napomene.",
  approved: "Oglas je odobren i objavljen.",
  approvedMany: (n: number) => `Odobreno oglasa: ${n}.`,
  rejected: "Oglas je odbijen.",
  rejectedMany: (n: number) => `Odbijeno oglasa: ${n}.`,
  toPending: "Oglas je vraćen na čekanje.",
  renewed: `Oglas je obnovljen na ${LISTING_LIFETIME_DAYS} dana.`,
  deleted: "Oglas je obrisan.",
  saved: "Izmene oglasa su sačuvane.",
  actionFailed: "Akcija nije uspela. Pokušajte ponovo.",
  noneSelected: "Izaberite bar jedan oglas.",
} as const;

export const PAY_RANGE_MESSAGES: Record<PayUnit, string> = {
  "per-mile": "Plata po milji mora biti između 0,10 i 5 $.",
  "per-week": "Nedeljna plata mora biti između 100 i 20.000 $.",
  percent: "Procenat mora biti između 1 i 100.",
  "per-year": "Godišnja plata mora biti između 1.000 i 1.000.000 $.",
};

export const FIELD_MESSAGES = {
  titleRequired: "Unesite naslov oglasa.",
  titleShort: `Naslov mora imati najmanje ${LIMITS.title.min} karaktera.`,
  titleLong: `Naslov može imati najviše ${LIMITS.title.max} karaktera.`,
  descriptionRequired: "Unesite opis oglasa.",
  descriptionShort: `Opis mora imati najmanje ${LIMITS.description.min} karaktera.`,
  descriptionLong: `Opis može imati najviše ${LIMITS.description.max} karaktera.`,
  cityRequired: "Unesite grad.",
  state: "Izaberite jednu od 50 američkih država.",
  contactName: "Unesite ime osobe za kontakt.",
  phone: "Unesite ispravan broj telefona (samo cifre, razmaci, +, -, zagrade).",
  email: "Unesite ispravnu adresu e-pošte (npr. ime@primer.com).",
  contactRequired: "Unesite telefon ili adresu e-pošte da bi vas zainteresovani mogli kontaktirati.",
  companyName: "Unesite naziv kompanije.",
  position: "Izaberite vrstu posla.",
  routeType: "Izaberite vrstu tura.",
  equipment: "Izaberite opremu sa liste.",
  cdlClass: "Izaberite potrebnu CDL klasu.",
  endorsements: "Izaberite dozvole (endorsements) sa liste.",
  payAmount: "Unesite iznos kao broj (npr. 0,65 ili 1800).",
  payUnitMissing: "Izaberite kako se plata računa.",
  payMinMissing: "Unesite iznos plate.",
  payMaxBelowMin: "Najveći iznos ne može biti manji od najmanjeg.",
  homeTime: "Izaberite koliko često je vozač kod kuće.",
  saleCategory: "Izaberite šta prodajete.",
  makeRequired: "Unesite marku (npr. Freightliner, Utility).",
  year: (max: number | string) => `Godište mora biti između ${LIMITS.minYear} i ${max}.`,
  mileage: "Pređene milje unesite kao ceo broj od 0 do 5.000.000.",
  price: "Unesite cenu u dolarima (npr. 45000) ili ostavite prazno za „po dogovoru“.",
  condition: "Izaberite stanje.",
  photosCount: `Možete dodati najviše ${MAX_PHOTOS} fotografija.`,
  companyId: "Izaberite kompaniju iz imenika.",
  payRange: (unit: string) => PAY_RANGE_MESSAGES[unit as PayUnit],
} as const;

export const PHOTO_MESSAGES = {
  tooManyPixels: "Fotografija ima previše piksela (najviše 50 megapiksela).",
  tooManyPixelsTogether:
    "Fotografije zajedno imaju previše piksela (najviše 120 megapiksela po oglasu). Smanjite ih ili pošaljite manje fotografija.",
  failed: "Fotografiju nije moguće obraditi. Pokušajte sa drugom.",
} as const;

export const LISTING_FIELD_WORDS = wordsFor(LISTING_FIELD, FIELD_MESSAGES);
export const MODERATION_FIELD_WORDS = wordsFor(MODERATION_FIELD, LISTING_MESSAGES);

/** A refused photo is named: "kamion.heic: Molimo odaberite sliku (JPG, PNG, GIF, WebP)". */
const named = (message: string) => (label: string) => `${label}: ${message}`;
export const PHOTO_FIELD_WORDS = wordsFor(PHOTO_FIELD, {
  notImage: named(MEDIA_MESSAGES.notImage),
  tooLarge: named(MEDIA_MESSAGES.tooLarge),
  imageTooManyPixels: named(MEDIA_MESSAGES.tooManyPixels),
  tooManyPixels: named(PHOTO_MESSAGES.tooManyPixels),
  failed: named(PHOTO_MESSAGES.failed),
  tooManyPixelsTogether: PHOTO_MESSAGES.tooManyPixelsTogether,
});

/** The poster's pages and e-mails through the management link (docs/decisions/300). */
export const OWNER_MESSAGES = {
  linkInvalid: "Link za upravljanje oglasom nije ispravan. Proverite da ste ga otvorili celog iz e-pošte.",
  linkRevoked:
    "Ovaj link više ne važi: zatražen je novi. Otvorite link iz poslednje e-pošte ili zatražite novi.",
  notAllowed: "Ova akcija nije moguća za oglas u ovom stanju.",
  failed: "Akcija nije uspela. Pokušajte ponovo.",
  edited: "Izmene su sačuvane i čekaju odobrenje. Dok ih ne odobrimo, na sajtu je prethodna verzija oglasa.",
  editedPending: "Izmene su sačuvane. Oglas čeka odobrenje.",
  filled: {
    job: "Oglas je označen kao popunjen i uklonjen sa spiska poslova.",
    sale: "Oglas je označen kao prodat i uklonjen sa spiska.",
  } as Record<ListingKind, string>,
  renewed: `Oglas je obnovljen i važi još ${LISTING_LIFETIME_DAYS} dana. Na spisku je ponovo.`,
  deleted: "Oglas je obrisan i više se ne vidi na sajtu.",
  newLinkSent:
    "Ako je to adresa sa kojom je oglas objavljen, poslali smo na nju novi link za upravljanje. Prethodni linkovi više ne važe.",
  newLinkFix: "Proverite označena polja i pošaljite ponovo.",
  posterEmailRequired: "Unesite svoju adresu e-pošte: na nju šaljemo privatni link za upravljanje oglasom.",
  posterEmailInvalid: "Unesite ispravnu adresu e-pošte (npr. ime@primer.com).",
  listingIdInvalid: "Unesite broj oglasa (nalazi se na dnu stranice oglasa).",
} as const;

export const OWNER_FIELD_WORDS = wordsFor(OWNER_FIELD, OWNER_MESSAGES);
