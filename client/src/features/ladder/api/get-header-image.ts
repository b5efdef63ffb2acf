// GET /api/settings/header-image: { url } (null when none is set).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HeaderImage } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { ladderKeys } from "./keys";

export const headerImageQueryOptions = queryOptions({
  queryKey: ladderKeys.headerImage(),
  queryFn: () => api.get<HeaderImage>("/api/settings/header-image"),
});

export function useHeaderImage() {
  return useQuery(headerImageQueryOptions);
}
