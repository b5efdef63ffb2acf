// Labels of the preferred court surface (the three ladder surfaces plus clay, which has no ladder).
import { SURFACE_LABELS, type PreferredSurface } from "@shared/constants";

export const PREFERRED_SURFACE_LABELS: Record<PreferredSurface, string> = { ...SURFACE_LABELS, clay: "Clay" };
