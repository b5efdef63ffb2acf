// One small card per surface (grass, beach, hardcourt), three in a row from md up: a team's court
// performance and its rating history.
import type { ReactNode } from "react";
import { SURFACES, SURFACE_LABELS, type Surface } from "@shared/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

export function SurfaceCards({ headerClassName, children }: { headerClassName?: string; children: (surface: Surface) => ReactNode }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {SURFACES.map((s) => (
        <Card key={s}>
          <CardHeader className={headerClassName}>
            <CardTitle as="h3" className="text-base">
              {SURFACE_LABELS[s]}
            </CardTitle>
          </CardHeader>
          <CardContent>{children(s)}</CardContent>
        </Card>
      ))}
    </div>
  );
}
