// The picture-match human check (docs/product.md, "Registration"): one of five emoji groups of six; click the picture that
// matches the one shown. A wrong pick shows a try-again message and a new challenge after 1.5 s.
import { useEffect, useRef, useState } from "react";
import { CheckCircle2, XCircle } from "lucide-react";
import { PICTURE_CHECK_RETRY_MS } from "@shared/constants";
import { cn } from "@/lib/utils";

interface Picture {
  emoji: string;
  label: string;
}

export const PICTURE_GROUPS: readonly (readonly Picture[])[] = [
  [
    { emoji: "🐶", label: "dog" },
    { emoji: "🐱", label: "cat" },
    { emoji: "🐰", label: "rabbit" },
    { emoji: "🦊", label: "fox" },
    { emoji: "🐼", label: "panda" },
    { emoji: "🐸", label: "frog" },
  ],
  [
    { emoji: "🍎", label: "apple" },
    { emoji: "🍌", label: "banana" },
    { emoji: "🍇", label: "grapes" },
    { emoji: "🍓", label: "strawberry" },
    { emoji: "🍒", label: "cherries" },
    { emoji: "🍍", label: "pineapple" },
  ],
  [
    { emoji: "⚽\uFE0F", label: "soccer ball" },
    { emoji: "🏀", label: "basketball" },
    { emoji: "🏈", label: "american football" },
    { emoji: "⚾\uFE0F", label: "baseball" },
    { emoji: "🎾", label: "tennis ball" },
    { emoji: "🏐", label: "volleyball" },
  ],
  [
    { emoji: "🚗", label: "car" },
    { emoji: "🚌", label: "bus" },
    { emoji: "🚲", label: "bicycle" },
    { emoji: "🚀", label: "rocket" },
    { emoji: "⛵\uFE0F", label: "sailboat" },
    { emoji: "🚁", label: "helicopter" },
  ],
  [
    { emoji: "☀️", label: "sun" },
    { emoji: "🌧️", label: "rain cloud" },
    { emoji: "🌈", label: "rainbow" },
    { emoji: "❄️", label: "snowflake" },
    { emoji: "⚡\uFE0F", label: "lightning" },
    { emoji: "🌙", label: "moon" },
  ],
];

interface Challenge {
  options: Picture[];
  target: Picture;
}

function shuffle<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function newChallenge(previous?: Challenge): Challenge {
  for (;;) {
    const group = PICTURE_GROUPS[Math.floor(Math.random() * PICTURE_GROUPS.length)]!;
    const options = shuffle(group);
    const target = options[Math.floor(Math.random() * options.length)]!;
    if (!previous || previous.target.emoji !== target.emoji) return { options, target };
  }
}

type Status = "idle" | "wrong" | "passed";

export function PictureCheck({ onPassedChange }: { onPassedChange: (passed: boolean) => void }) {
  const [challenge, setChallenge] = useState<Challenge>(() => newChallenge());
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const pick = (picture: Picture) => {
    if (status !== "idle") return;
    if (picture.emoji === challenge.target.emoji) {
      setStatus("passed");
      onPassedChange(true);
      return;
    }
    setStatus("wrong");
    onPassedChange(false);
    timer.current = setTimeout(() => {
      setChallenge((c) => newChallenge(c));
      setStatus("idle");
    }, PICTURE_CHECK_RETRY_MS);
  };

  return (
    <fieldset className="rounded-lg border border-border bg-muted/50 p-4" data-testid="picture-check">
      <legend className="px-1 text-sm font-semibold">Human check</legend>
      <p className="text-sm text-muted-foreground" id="picture-check-prompt">
        Click the picture that matches{" "}
        <span className="inline-flex items-center gap-1 rounded-md bg-surface px-2 py-0.5 align-middle text-xl shadow-xs">
          <span aria-hidden="true">{challenge.target.emoji}</span>
          <span className="sr-only">the {challenge.target.label}</span>
        </span>
      </p>
      <div className="mt-3 grid grid-cols-6 gap-2" role="group" aria-labelledby="picture-check-prompt">
        {challenge.options.map((picture) => {
          const chosen = status === "passed" && picture.emoji === challenge.target.emoji;
          return (
            <button
              key={picture.emoji}
              type="button"
              onClick={() => pick(picture)}
              disabled={status !== "idle"}
              aria-label={picture.label}
              data-emoji={picture.emoji}
              className={cn(
                "flex aspect-square min-h-11 items-center justify-center rounded-md border border-border-strong bg-surface text-2xl shadow-xs transition-colors hover:border-primary hover:bg-primary-soft disabled:cursor-default sm:text-3xl",
                chosen && "border-primary bg-primary-soft ring-2 ring-primary",
                status !== "idle" && !chosen && "opacity-60",
              )}
            >
              <span aria-hidden="true">{picture.emoji}</span>
            </button>
          );
        })}
      </div>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm font-medium">
        {status === "passed" && (
          <p className="flex items-start gap-1.5 text-success-text">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> Check passed. You can register now.
          </p>
        )}
        {status === "wrong" && (
          <p className="flex items-start gap-1.5 text-destructive-text">
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> That's not the matching picture. Please try again with a new challenge.
          </p>
        )}
      </div>
    </fieldset>
  );
}
