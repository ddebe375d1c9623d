/**
 * The public pop-up's island (spec §2 Public pop-up overlay, §4 Popup). On the server and at
 * hydration it renders nothing; after the page has loaded it checks, in the visitor's browser,
 * whether the pop-up may show (times per day, hours apart), preloads the image and the overlay's
 * code (a separate chunk), and shows it 1.5 s after the load. The overlay is fixed on top of the
 * page, so nothing on the page moves (docs/decisions/103).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { mayShowPopup, POPUP_HISTORY_KEY, parseHistory, withShow } from "~/domain/popup/frequency";
import type { PublicPopup } from "~/domain/popup/rules";

/** Spec §4: the pop-up appears 1.5 seconds after page load. */
export const POPUP_DELAY_MS = 1500;

const loadOverlay = () => import("./popup-overlay");
const PopupOverlay = lazy(loadOverlay);

/** Decided once per page load (shown, or not allowed): client-side navigation does not bring it back. */
let decidedThisPageLoad = false;

function readHistory(): number[] | null {
  try {
    return parseHistory(window.localStorage.getItem(POPUP_HISTORY_KEY));
  } catch {
    return null; // no storage: the limits cannot be kept, so the pop-up stays away
  }
}

function recordShow(): void {
  try {
    const history = parseHistory(window.localStorage.getItem(POPUP_HISTORY_KEY));
    window.localStorage.setItem(POPUP_HISTORY_KEY, JSON.stringify(withShow(history, Date.now())));
  } catch {
    // Storage went away between the check and the show: nothing to record.
  }
}

export function PopupIsland({ popup }: { popup: PublicPopup | null }) {
  const [visible, setVisible] = useState(false);
  const image = popup?.image;
  const link = popup?.link ?? null;
  const maxShowsPerDay = popup?.maxShowsPerDay ?? 0;
  const minHoursBetween = popup?.minHoursBetween ?? 0;

  useEffect(() => {
    if (!image || decidedThisPageLoad) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const begin = () => {
      if (cancelled || decidedThisPageLoad) return;
      const history = readHistory();
      if (!history || !mayShowPopup(history, Date.now(), { maxShowsPerDay, minHoursBetween })) {
        decidedThisPageLoad = true;
        return;
      }
      const showAt = performance.now() + POPUP_DELAY_MS;
      const preload = new Image();
      preload.decoding = "async";
      preload.onload = () => {
        if (cancelled) return;
        loadOverlay()
          .then(() => {
            if (cancelled) return;
            timer = setTimeout(
              () => {
                if (cancelled || decidedThisPageLoad) return;
                decidedThisPageLoad = true;
                recordShow();
                setVisible(true);
              },
              Math.max(0, showAt - performance.now()),
            );
          })
          .catch(() => {
            // The overlay's code could not load (offline): no pop-up this time.
          });
      };
      // An image that fails to load means no pop-up (spec §4: it closes itself).
      preload.onerror = () => {
        decidedThisPageLoad = true;
      };
      preload.src = image;
    };
    if (document.readyState === "complete") begin();
    else window.addEventListener("load", begin, { once: true });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener("load", begin);
    };
  }, [image, maxShowsPerDay, minHoursBetween]);

  if (!visible || !popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupOverlay popup={{ image: popup.image, link }} onClosed={() => setVisible(false)} />
    </Suspense>
  );
}
