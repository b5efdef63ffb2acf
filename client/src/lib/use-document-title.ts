import { useEffect } from "react";

export const APP_NAME = "Doubles Ladder";

/** Sets `document.title` to '{title} · Doubles Ladder' while the calling page is mounted. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
