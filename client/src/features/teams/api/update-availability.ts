// PUT /api/user/availability: the signed-in player's own usual week.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import type { MyAvailability } from "@shared/types/availability";
import type { UpdateAvailabilityInput } from "@shared/validators/availability";
import { api } from "@/lib/api-client";
import { teamKeys } from "./keys";

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAvailabilityInput) => api.put<MyAvailability>("/api/user/availability", body),
    // Every team's grid the screens hold (the own team's and an opponent's on the challenge form).
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
