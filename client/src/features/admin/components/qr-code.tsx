// A QR code drawn as one SVG path (no canvas, no data: URL, so the CSP stays strict). The encoder
// (qrcode) is loaded with the card that needs it.
import { useEffect, useState } from "react";

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const [drawing, setDrawing] = useState<{ path: string; modules: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: "M" });
      const parts: string[] = [];
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
      }
      if (live) setDrawing({ path: parts.join(""), modules: modules.size + 8 });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawing) return <div className="animate-pulse rounded-md bg-muted" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${drawing.modules} ${drawing.modules}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-border bg-white"
    >
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
