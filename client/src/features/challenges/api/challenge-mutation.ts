// A mutation of a challenge: when it settles, every challenges query (both lists, the table) is read again.
import { useQueryClient } from "@tanstack/react-query";
import { useMutation } from "@/lib/mutation";
import { challengeKeys } from "./keys";

export function useChallengeMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}
