// Weekly availability answers (docs/product.md, "Weekly availability").
import type { Availability } from "../availability";

export interface PlayerAvailability {
  id: number;
  name: string;
  isCaptain: boolean;
  /** False for a partner who has not accepted the invitation yet (cannot set it). */
  hasLogin: boolean;
  availability: Availability;
  /** False while the player has marked nothing (never usually free). */
  isSet: boolean;
}

/** GET /api/teams/{id}/availability: the team's players' usual weeks. */
export interface TeamAvailability {
  teamId: number;
  teamName: string;
  players: PlayerAvailability[];
}

/** PUT /api/user/availability: what was saved. */
export interface MyAvailability {
  availability: Availability;
}
