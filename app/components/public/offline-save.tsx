/**
 * "Sačuvaj za čitanje bez mreže" (docs/decisions/310, 312): a toggle button on an article. The
 * public script (app/public-client/offline/register.ts) shows it where a service worker can keep
 * the article and asks the worker to keep it until the reader removes it; without JavaScript it is
 * absent (the <noscript> style). It is laid out while still invisible, so showing it moves nothing.
 * The words the script shows after a click come from the hidden texts below, in the page's script.
 */
export function OfflineSaveButton() {
  return (
    <>
      <noscript>
        <style>{"[data-offline-save],[data-offline-save-status]{display:none!important}"}</style>
      </noscript>
      <button
        type="button"
        data-offline-save=""
        aria-pressed="false"
        className="group invisible inline-flex min-h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-700 hover:border-slate-400 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-busy:opacity-70"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="16"
          height="16"
          className="fill-none stroke-current group-aria-pressed:fill-current"
        >
          <path
            d="M5.5 3h9a1 1 0 0 1 1 1v13l-5.5-3.5L4.5 17V4a1 1 0 0 1 1-1z"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        Sačuvaj za čitanje bez mreže
      </button>
      <span role="status" data-offline-save-status="" className="text-sm text-slate-600" />
      <span hidden data-offline-text="saved">
        Sačuvano: ovaj članak možete da čitate i bez mreže.
      </span>
      <span hidden data-offline-text="removed">
        Članak je uklonjen iz sačuvanih.
      </span>
      <span hidden data-offline-text="save-offline">
        Niste na mreži, a članak još nije preuzet. Sačuvajte ga kada se veza vrati.
      </span>
      <span hidden data-offline-text="save-full">
        Nema mesta za još jedan članak (do 15 MB). Uklonite neki od sačuvanih pa pokušajte ponovo.
      </span>
      <span hidden data-offline-text="save-failed">
        Čuvanje nije uspelo. Pokušajte ponovo.
      </span>
    </>
  );
}

/**
 * The words a form shows when it is sent without a connection (every public page; the public
 * script reads them, in the page's script).
 */
export function OfflineFormTexts() {
  return (
    <div hidden>
      <span data-offline-text="form-offline">
        Niste na mreži: obrazac nije poslat. Za slanje je potrebna veza sa internetom — ono što ste upisali
        ostaje ovde, pošaljite kada se veza vrati.
      </span>
      <span data-offline-text="form-online">Veza je ponovo tu: sada možete da pošaljete obrazac.</span>
    </div>
  );
}
