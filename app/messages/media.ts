/** The media screens' words (spec §5, §8 word for word); the domain answers `MediaErrorCode`s. */

export const MEDIA_MESSAGES = {
  notImage: "Molimo odaberite sliku (JPG, PNG, GIF, WebP)",
  tooLarge: "Slika je prevelika. Maksimalna veličina je 5MB.",
  uploadFailed: "Greška pri otpremanju slike. Pokušajte ponovo.",
  confirmDelete: "Da li ste sigurni da želite da obrišete ovu sliku?",
  deleteFailed: "Greška pri brisanju slike. Pokušajte ponovo.",
  managerTooLarge: "Fajl je prevelik. Maksimalna veličina je 10MB.",
  tooManyPixels:
    "Slika ima previše piksela. Najveća dozvoljena veličina je 50 megapiksela i 12.000 piksela po strani.",
  svgTooComplex: "SVG je prevelik ili previše složen. Najviše 1MB i 10.000 elemenata.",
} as const;

/**
 * The upload messages a picker shows as they are; anything else (a network error, a server
 * failure) becomes the spec's generic 'Greška pri otpremanju slike. Pokušajte ponovo.'.
 */
export function uploadErrorText(
  message: string | null | undefined,
  fallback: string = MEDIA_MESSAGES.uploadFailed,
): string {
  const known: readonly string[] = [
    MEDIA_MESSAGES.notImage,
    MEDIA_MESSAGES.tooLarge,
    MEDIA_MESSAGES.managerTooLarge,
    MEDIA_MESSAGES.tooManyPixels,
    MEDIA_MESSAGES.svgTooComplex,
  ];
  return message && known.includes(message) ? message : fallback;
}
