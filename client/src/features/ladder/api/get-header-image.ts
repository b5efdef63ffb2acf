// GET /api/settings/header-image: { url } (null when none is set).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HeaderImage } from "@shared/types/teams";
import { api } from "@/lib/api-client";

export const headerImageQueryOptions = queryOptions({
  queryKey: ["settings", "header-image"],
  queryFn: () => api.get<HeaderImage>("/api/settings/header-image"),
});

export function useHeaderImage() {
  return useQuery(headerImageQueryOptions);
}
