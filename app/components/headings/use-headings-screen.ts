import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { NoticeTone } from "~/components/ui/notice";
import { ACTION, type ActionResult } from "./action";

/** While a job runs, the screen follows its progress (the work itself runs on the server). */
export function useFollowJob(active: boolean) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const revalidatorState = useRef(revalidator.state);
  revalidatorState.current = revalidator.state;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidatorState.current === "idle") revalidate.current();
    }, 2000);
    return () => clearInterval(timer);
  }, [active]);
}

export type ScreenMessage = { tone: NoticeTone; text: string; key: number };

/**
 * Starting and stopping the jobs: the start fetcher, the "Convert all" confirmation, and the
 * notice each answer leaves on the screen.
 */
export function useJobControls() {
  const jobFetcher = useFetcher<ActionResult>({ key: "headings-job-start" });
  const stopFetcher = useFetcher<ActionResult>({ key: "headings-stop" });
  const [confirmConvertAll, setConfirmConvertAll] = useState(false);
  const [message, setMessage] = useState<ScreenMessage | null>(null);
  const counter = useRef(0);
  useEffect(() => {
    const result = jobFetcher.data ?? null;
    if (jobFetcher.state === "idle" && result) {
      setMessage({ tone: result.tone, text: result.message, key: ++counter.current });
      setConfirmConvertAll(false);
    }
  }, [jobFetcher.state, jobFetcher.data]);
  useEffect(() => {
    const result = stopFetcher.data ?? null;
    if (stopFetcher.state === "idle" && result)
      setMessage({ tone: result.tone, text: result.message, key: ++counter.current });
  }, [stopFetcher.state, stopFetcher.data]);
  return {
    message,
    confirmConvertAll,
    setConfirmConvertAll,
    starting: jobFetcher.state !== "idle",
    start: (intent: "analyze-all" | "convert-all") =>
      jobFetcher.submit({ intent }, { method: "post", action: ACTION }),
  };
}
