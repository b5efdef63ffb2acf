// Shapes both sides agree on: errors, the signed-in user, pages of results.
import type { CompetitionType } from "./constants";

/** Every refusal answers this body (DECISIONS: API conventions). */
export interface ApiErrorBody {
  message: string;
  title?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** The signed-in user as GET /api/user returns it: never the password hash or token fields. */
export interface CurrentUser {
  id: number;
  username: string | null;
  name: string;
  email: string;
  avatar: string | null;
  phone: string | null;
  location: string | null;
  bio: string | null;
  joinedAt: string;
  isAdmin: boolean;
  isApproved: boolean;
  isSuspended: boolean;
  isEmailVerified: boolean;
  isCaptain: boolean;
  isPartner: boolean;
  teamId: number | null;
  teamName: string | null;
  competitionType: CompetitionType | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}
