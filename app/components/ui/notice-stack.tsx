import { useCallback, useRef, useState } from "react";
import { Notice, type NoticeTone } from "./notice";

type Message = { tone: NoticeTone; text: string; key: number };

/**
 * The messages of a settings screen: each `say` adds one (the same text again moves to the end
 * instead of repeating); each fades after 3 s.
 */
export function useNoticeStack() {
  const [messages, setMessages] = useState<Message[]>([]);
  const counter = useRef(0);
  const say = useCallback(
    (tone: NoticeTone, text: string) =>
      setMessages((list) => [...list.filter((m) => m.text !== text), { tone, text, key: ++counter.current }]),
    [],
  );
  return { messages, say };
}

export function NoticeStack({ messages }: { messages: readonly Message[] }) {
  return (
    <div className="mb-4 space-y-2" aria-live="polite">
      {messages.map((m) => (
        <Notice key={m.key} tone={m.tone} message={m.text} vanishAfterMs={3000} />
      ))}
    </div>
  );
}
