// The ladder's two filters, competition category and surface (docs/product.md, "Ladder page"): the
// ladder page and a season's archive page (docs/product.md, "Season archives") show the same ones.
import { COMPETITION_TYPES, SURFACES, SURFACE_LABELS, type CompetitionType, type Surface } from "@shared/constants";
import { Label } from "./label";
import { Options, Select } from "./select";

export interface LadderFiltersProps<S extends string> {
  /** Prefix of the controls' ids (one page may not hold two with the same). */
  idPrefix: string;
  category: CompetitionType | "all";
  onCategoryChange: (category: CompetitionType | "all") => void;
  surface: S | "all";
  onSurfaceChange: (surface: S | "all") => void;
  /** The surfaces to choose from (default: the three surfaces) and their labels. */
  surfaces?: readonly S[];
  labels?: Record<S, string>;
}

export function LadderFilters<S extends string = Surface>({
  idPrefix,
  category,
  onCategoryChange,
  surface,
  onSurfaceChange,
  surfaces = SURFACES as unknown as readonly S[],
  labels = SURFACE_LABELS as unknown as Record<S, string>,
}: LadderFiltersProps<S>) {
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-category`}>Competition Category</Label>
        <Select id={`${idPrefix}-category`} value={category} onChange={(e) => onCategoryChange(e.target.value as CompetitionType | "all")}>
          <option value="all">All</option>
          <Options values={COMPETITION_TYPES} />
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-surface`}>Surface Type</Label>
        <Select id={`${idPrefix}-surface`} value={surface} onChange={(e) => onSurfaceChange(e.target.value as S | "all")}>
          <option value="all">All</option>
          <Options values={surfaces} labels={labels} />
        </Select>
      </div>
    </div>
  );
}
