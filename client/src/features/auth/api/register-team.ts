import { useMutation } from "@/lib/mutation";
import type { z } from "zod";
import type { registerSchema } from "@shared/validators/auth";
import type { RegisterTeamResponse } from "@shared/types/accounts";
import { api } from "@/lib/api-client";

export type RegisterTeamBody = z.input<typeof registerSchema>;

export const registerTeam = (body: RegisterTeamBody) => api.post<RegisterTeamResponse>("/api/register-team", body);

export const useRegisterTeam = () => useMutation({ mutationFn: registerTeam });
