// Boxes that save as soon as they are ticked or cleared (System Settings, My Profile → Notifications,
// Push on this device) show what the member asked for from the click's own render until the save
// has ended, then what the server holds. The box is controlled: were its value to come only from the
// query cache or the mutation's state, which TanStack Query updates after the click's event has been
// handled, React would first put the box back as it was and tick it again a moment later (a flicker,
// and a box that seems not to respond to a quick second look).
import { useCallback, useState } from "react";

export interface AskedSwitches<K extends string> {
  /** What the box shows: the value asked for while it saves, else the saved one. */
  shown(key: K, saved: boolean): boolean;
  /** Call in the change handler, before starting the save. */
  ask(key: K, value: boolean): void;
  /** Call when that save has ended (either way); a later ask of the same box is kept. */
  settle(key: K, value: boolean): void;
}

export function useAskedSwitches<K extends string>(): AskedSwitches<K> {
  const [asked, setAsked] = useState<Partial<Record<K, boolean>>>({});
  const ask = useCallback((key: K, value: boolean) => setAsked((now) => ({ ...now, [key]: value })), []);
  const settle = useCallback(
    (key: K, value: boolean) =>
      setAsked((now) => {
        if (now[key] !== value) return now;
        const rest = { ...now };
        delete rest[key];
        return rest;
      }),
    [],
  );
  return { shown: (key, saved) => asked[key] ?? saved, ask, settle };
}
