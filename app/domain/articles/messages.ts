/** The article screens' limits and messages (spec §8 quoted word for word). */

export const ARTICLE_LIMITS = {
  title: 300,
  excerpt: 1000,
  content: 200_000,
  author: 120,
  metaTitle: 300,
  metaDescription: 500,
  slug: 100,
  tag: 50,
  tags: 30,
  image: 2000,
} as const;

export const ARTICLE_MESSAGES = {
  title: "Naslov je obavezan.",
  excerpt: "Kratak opis je obavezan.",
  content: "Sadržaj je obavezan.",
  author: "Autor je obavezan.",
  publishedDate: "Datum objave je obavezan.",
  publishedDateInvalid: "Datum objave nije ispravan.",
  category: "Kategorija je obavezna.",
  image: "Glavna slika je obavezna.",
  imageInvalid: "Glavna slika mora biti URL adresa (http(s)://… ili /putanja).",
  tooLong: (max: number) => `Najviše ${max} karaktera.`,
  tooManyTags: `Najviše ${ARTICLE_LIMITS.tags} tagova.`,
  form: "Proverite označena polja.",
  createdPublished: "Članak je kreiran i objavljen.",
  createdDraft: "Članak je kreiran kao nacrt.",
  savedPublished: "Članak je sačuvan i objavljen.",
  savedDraft: "Članak je sačuvan kao nacrt.",
  saveFailed: "Čuvanje članka nije uspelo. Pokušajte ponovo.",
  notFound: "Članak nije pronađen.",
  deleteConfirm: "Da li ste sigurni da želite da obrišete ovaj članak?",
  deleteFailed: "Brisanje nije uspelo. Proverite dozvole i pokušajte ponovo.",
  deleted: "Članak je obrisan.",
  popularFailed: "Izmena nije sačuvana. Pokušajte ponovo.",
} as const;
