const COPY: Record<number, { title: string; text: string }> = {
  403: { title: "Pristup odbijen", text: "Nemate dozvolu za pristup ovoj stranici." },
  404: { title: "Stranica nije pronađena", text: "Stranica koju tražite ne postoji ili je premeštena." },
  410: { title: "Stranica više ne postoji", text: "Sadržaj koji tražite je istekao ili je uklonjen." },
  500: {
    title: "Došlo je do greške",
    text: "Nešto nije u redu na našoj strani. Pokušajte ponovo za nekoliko trenutaka.",
  },
};

/** One friendly error page for every route, with a text per status (403, 404, the rest). */
export function ErrorPage({ status, message, stack }: { status: number; message?: string; stack?: string }) {
  const copy = COPY[status] ?? COPY[500];
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Greška {status}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-3 text-slate-600">{message ?? copy.text}</p>
      <div className="mt-8 flex gap-3">
        <a
          href="/"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Početna strana
        </a>
        {status === 403 ? (
          <a
            href="/admin"
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50"
          >
            Kontrolna tabla
          </a>
        ) : null}
      </div>
      {stack ? (
        <pre className="mt-8 max-w-full overflow-auto text-left text-xs text-slate-500">{stack}</pre>
      ) : null}
    </main>
  );
}
