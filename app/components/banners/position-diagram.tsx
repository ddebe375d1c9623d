import { cn } from "~/components/ui/cn";
import { phonePlacement, positionKind, positionLabel } from "~/domain/banners/rules";

export { positionLabel };

/** The blocks of a page schematic, top to bottom; `kinds` marks which positions a block is. */
const HOME_BLOCKS: Array<{ kinds: string[]; label: string; h: string; withSidebar?: boolean }> = [
  { kinds: ["top"], label: "vrh", h: "h-2" },
  { kinds: ["hero"], label: "hero", h: "h-6", withSidebar: true },
  { kinds: ["section-1"], label: "sekcija 1", h: "h-2" },
  { kinds: ["section-2", "middle"], label: "sredina", h: "h-2" },
  { kinds: ["section-3"], label: "sekcija 3", h: "h-2" },
  { kinds: ["section-4"], label: "sekcija 4", h: "h-2" },
  { kinds: ["bottom"], label: "dno", h: "h-2" },
];
const LIST_BLOCKS: typeof HOME_BLOCKS = [
  { kinds: ["top"], label: "vrh", h: "h-2" },
  { kinds: ["content"], label: "članci", h: "h-14", withSidebar: true },
  { kinds: ["bottom"], label: "dno", h: "h-2" },
];

/** A small diagram of the page with the banner's position highlighted. */
export function PositionDiagram({ position }: { position: string }) {
  const kind = positionKind(position);
  const blocks = position.startsWith("home") ? HOME_BLOCKS : LIST_BLOCKS;
  const mark = (on: boolean) => (on ? "bg-brand-500" : "bg-slate-200");
  return (
    <div className="w-36 rounded-md border border-slate-200 bg-white p-1.5 shadow-lg" aria-hidden>
      <div className="mb-1 h-1.5 rounded-sm bg-slate-400" />
      <div className="space-y-1">
        {blocks.map((block) => (
          <div key={block.label} className="flex gap-1">
            <div className={cn("flex-1 rounded-sm", block.h, mark(block.kinds.includes(kind)))} />
            {block.withSidebar ? (
              <div className={cn("w-6 rounded-sm", block.h, mark(kind === "sidebar"))} />
            ) : null}
          </div>
        ))}
      </div>
      <p className="mt-1 text-center text-[10px] text-slate-600">{positionLabel(position)}</p>
      <p className="mt-0.5 text-center text-[10px] leading-tight text-slate-500">
        {phonePlacement(position)}
      </p>
    </div>
  );
}

/** The position badge; hovering or focusing it shows the diagram. */
export function PositionBadge({ position }: { position: string }) {
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        className="inline-flex cursor-help items-center rounded-full bg-brand-50 px-2 py-0.5 font-mono text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-200"
        title={positionLabel(position)}
      >
        {position}
      </button>
      <span className="pointer-events-none absolute left-0 top-full z-20 mt-1 hidden group-focus-within:block group-hover:block">
        <PositionDiagram position={position} />
      </span>
    </span>
  );
}
