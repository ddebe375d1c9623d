import { PRODUCT_FIELD } from "~/domain/orders/products";
import { wordsFor } from "./words";

/** The words of paid promotion's checkout (spec, word for word); the domain answers `CheckoutErrorCode`s. */
export const CHECKOUT_MESSAGES = {
  unavailable: "Plaćanje karticom trenutno nije dostupno.",
  listing: "Ovaj oglas trenutno ne može biti istaknut.",
  product: "Izabrani paket nije dostupan. Izaberite drugi.",
  providerFailed: "Plaćanje trenutno nije moguće. Pokušajte ponovo za nekoliko minuta.",
} as const;

/** The settings screen's promotion packages (the domain's `PRODUCT_FIELD` codes and screen notices). */
export const PRODUCT_MESSAGES = {
  saved: "Paket je sačuvan.",
  created: "Paket je dodat.",
  saveFailed: "Greška pri čuvanju paketa.",
  notFound: "Paket više ne postoji. Osvežite stranicu.",
  name: "Unesite naziv paketa.",
  price: "Unesite cenu u dolarima, npr. 29 ili 29,90.",
  priceRange: "Cena mora biti između 0,50 $ i 10.000 $.",
  days: "Broj dana mora biti ceo broj od 1 do 365.",
  kind: "Izaberite vrstu oglasa.",
} as const;

export const PRODUCT_FIELD_WORDS = wordsFor(PRODUCT_FIELD, PRODUCT_MESSAGES);
