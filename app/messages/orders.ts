/** The words of paid promotion's checkout (spec, word for word); the domain answers `CheckoutErrorCode`s. */
export const CHECKOUT_MESSAGES = {
  unavailable: "Plaćanje karticom trenutno nije dostupno.",
  listing: "Ovaj oglas trenutno ne može biti istaknut.",
  product: "Izabrani paket nije dostupan. Izaberite drugi.",
  providerFailed: "Plaćanje trenutno nije moguće. Pokušajte ponovo za nekoliko minuta.",
} as const;
