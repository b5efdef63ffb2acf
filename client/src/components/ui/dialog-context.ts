// Lets the light dialog.tsx render Radix's Title/Description once dialog-impl.tsx has loaded.
import { createContext, useContext } from "react";
import type * as DialogPrimitive from "@radix-ui/react-dialog";

export interface DialogImplParts {
  Title: typeof DialogPrimitive.Title;
  Description: typeof DialogPrimitive.Description;
}

export const DialogImplContext = createContext<DialogImplParts | null>(null);
export const useDialogImpl = () => useContext(DialogImplContext);
