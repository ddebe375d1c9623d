/**
 * A file input that says at once what was chosen: "Izabrano: 2.", or which files are too large,
 * or that there is room for fewer (the server checks every file by its bytes anyway). Markup:
 *
 *   <input type="file" multiple data-file-summary="#status-id" data-file-room="8" data-file-max-bytes="5242880">
 *   <p id="status-id" role="status" aria-live="polite"></p>
 *
 * Used by the public enhancement script (pages without React) and by the admin listing editor.
 */
const MB = 1024 * 1024;

export function describeChosenFiles(
  files: readonly { name: string; size: number }[],
  room: number,
  maxBytes: number,
): { ok: boolean; text: string } {
  if (files.length === 0) return { ok: true, text: "" };
  if (files.length > room) return { ok: false, text: `Možete dodati još najviše ${room} fotografija.` };
  const tooLarge = files.filter((f) => f.size > maxBytes).map((f) => f.name);
  if (tooLarge.length > 0) {
    return { ok: false, text: `Prevelike (više od ${Math.round(maxBytes / MB)} MB): ${tooLarge.join(", ")}` };
  }
  return { ok: true, text: `Izabrano: ${files.length}.` };
}

export function bindFileSummaries(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>("input[type='file'][data-file-summary]")) {
    if (input.dataset.fileBound) continue;
    input.dataset.fileBound = "1";
    input.addEventListener("change", () => {
      const status = document.querySelector<HTMLElement>(input.dataset.fileSummary ?? "");
      if (!status) return;
      const room = Number(input.dataset.fileRoom ?? "99");
      const maxBytes = Number(input.dataset.fileMaxBytes ?? String(5 * MB));
      const result = describeChosenFiles([...(input.files ?? [])], room, maxBytes);
      status.textContent = result.text;
      status.dataset.state = result.ok ? "ok" : "problem";
      if (result.ok) input.removeAttribute("aria-invalid");
      else input.setAttribute("aria-invalid", "true");
    });
  }
}
