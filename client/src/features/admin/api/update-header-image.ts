// POST /api/settings/header-image {url} (settings module).
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { HeaderImage } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { headerImageQueryOptions } from "@/features/ladder/api/get-header-image";

export function useUpdateHeaderImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<HeaderImage>("/api/settings/header-image", { url }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: headerImageQueryOptions.queryKey }),
  });
}
