// GET /api/admin/rating-model (the evaluation table, computed when asked) and POST (switch to a model
// that predicts no worse): docs/product.md, "How good are the ratings?".
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RatingModelEvaluation, RatingModelSwitch } from "@shared/types/ratings";
import { api } from "@/lib/api-client";
import { useMutation } from "@/lib/mutation";
import { adminKeys } from "./keys";

export const ratingModelQueryOptions = queryOptions({
  queryKey: adminKeys.ratingModel(),
  queryFn: () => api.get<RatingModelEvaluation>("/api/admin/rating-model"),
  // A replay of all history per model: only when the admin asks, never refetched behind their back.
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export function useRatingModel(requested: boolean) {
  return useQuery({ ...ratingModelQueryOptions, enabled: requested });
}

export function useSwitchRatingModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (model: string) => api.post<RatingModelSwitch>("/api/admin/rating-model", { model }),
    // Every rating moved: the ladder, profiles, candidates and this table.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
