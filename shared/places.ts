// Surfaces from location text (docs/product.md, "Surfaces and locations").
import type { Surface } from "./constants";

/** The surface a location names (case-insensitive: grass, beach, hardcourt), or undefined. */
export function surfaceFromLocation(location: string | null | undefined): Surface | undefined {
  const text = (location ?? "").toLowerCase();
  if (text.includes("hardcourt")) return "hardcourt";
  if (text.includes("beach")) return "beach";
  if (text.includes("grass")) return "grass";
  return undefined;
}

/** The history table's badge: Grass, Beach, Hard (text contains "hard"), else Court. */
export function surfaceBadge(location: string | null | undefined): "Grass" | "Beach" | "Hard" | "Court" {
  const text = (location ?? "").toLowerCase();
  if (text.includes("grass")) return "Grass";
  if (text.includes("beach")) return "Beach";
  if (text.includes("hard")) return "Hard";
  return "Court";
}
