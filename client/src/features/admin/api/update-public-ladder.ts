// POST /api/settings/public-ladder {enabled} (settings module): the signed-out ladder on or off.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { PublicLadder } from "@shared/types/teams";
import { api } from "@/lib/api-client";
import { publicLadderQueryOptions } from "@/features/ladder/api/get-public-ladder";

export function useUpdatePublicLadder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.post<PublicLadder>("/api/settings/public-ladder", { enabled }),
    onSuccess: (answer) => queryClient.setQueryData(publicLadderQueryOptions.queryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicLadderQueryOptions.queryKey }),
  });
}
