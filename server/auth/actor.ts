// Who is acting: the signed-in user, as the route guards let them through (req.user fits it).
// Services take it in their input as `actor`, typed as the part they read:
// `input: { teamId: number; actor: Pick<Actor, "id" | "isAdmin"> }` (CONTRIBUTING.md, "Services").
export interface Actor {
  id: number;
  username: string | null;
  email: string;
  teamId: number | null;
  isCaptain: boolean;
  isAdmin: boolean;
}
