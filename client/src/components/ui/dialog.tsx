// Dialogs. The API mirrors Radix Dialog (Dialog, DialogTrigger, DialogContent, DialogTitle…), but
// Radix itself (focus trap, scroll lock, portal: ~14 KB gzip) is loaded only when a dialog first
// opens, so pages with "Forgot password?"-style dialogs keep a small first-load bundle.
import {
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from "react";
import type * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { useDialogImpl } from "./dialog-context";

const DialogImpl = lazy(() => import("./dialog-impl"));

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
  contentId: string;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(component: string): DialogState {
  const ctx = useContext(DialogContext);
  if (!ctx) throw new Error(`<${component}> must be used inside <Dialog>`);
  return ctx;
}

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

export function Dialog({ open: openProp, defaultOpen = false, onOpenChange, children }: DialogProps) {
  const [inner, setInner] = useState(defaultOpen);
  const open = openProp ?? inner;
  const returnFocus = useRef<HTMLElement | null>(null);
  const contentId = useId();
  const setOpen = useCallback(
    (next: boolean) => {
      if (openProp === undefined) setInner(next);
      onOpenChange?.(next);
    },
    [openProp, onOpenChange],
  );
  // Remember what had focus when the dialog opens (also for controlled opens), to restore it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnFocus.current = document.activeElement;
    }
  }, [open]);
  return (
    <DialogContext.Provider value={{ open, setOpen, returnFocus, contentId }}>{children}</DialogContext.Provider>
  );
}

interface SlotButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Render the single child element instead of a <button>, adding the behaviour to it. */
  asChild?: boolean;
}

type ButtonClick = (event: MouseEvent<HTMLButtonElement>) => void;

function slotted(
  asChild: boolean | undefined,
  children: ReactNode,
  props: ButtonHTMLAttributes<HTMLButtonElement> & Record<`data-${string}`, string>,
  action: () => void,
) {
  const { onClick, ...rest } = props;
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ onClick?: ButtonClick }>;
    return cloneElement(child, {
      ...rest,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        child.props.onClick?.(event);
        onClick?.(event);
        if (!event.defaultPrevented) action();
      },
    });
  }
  return (
    <button
      type="button"
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) action();
      }}
    >
      {children}
    </button>
  );
}

export function DialogTrigger({ asChild, children, ...props }: SlotButtonProps) {
  const ctx = useDialog("DialogTrigger");
  return slotted(
    asChild,
    children,
    {
      ...props,
      "aria-haspopup": "dialog",
      "aria-expanded": ctx.open,
      "aria-controls": ctx.open ? ctx.contentId : undefined,
      "data-state": ctx.open ? "open" : "closed",
    },
    () => ctx.setOpen(true),
  );
}

export function DialogClose({ asChild, children, ...props }: SlotButtonProps) {
  const ctx = useDialog("DialogClose");
  return slotted(asChild, children, props, () => ctx.setOpen(false));
}

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Hide the top-right close button (e.g. for confirm dialogs). */
  hideClose?: boolean;
}

/** Mounts the Radix dialog the first time it opens; keeps it mounted afterwards. */
export function DialogContent(props: DialogContentProps) {
  const ctx = useDialog("DialogContent");
  const [everOpened, setEverOpened] = useState(ctx.open);
  if (ctx.open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl
        id={ctx.contentId}
        {...props}
        open={ctx.open}
        onOpenChange={ctx.setOpen}
        returnFocus={ctx.returnFocus}
      />
    </Suspense>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  const impl = useDialogImpl();
  if (!impl) return null;
  return <impl.Title className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Description>) {
  const impl = useDialogImpl();
  if (!impl) return null;
  return <impl.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content between the description and the buttons (e.g. a reason textarea). */
  children?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  destructive?: boolean;
  /** Shows a spinner on the confirm button and keeps the dialog open. */
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
}

/** An alert-dialog style confirmation built on Dialog (role="alertdialog", no outside-click close). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        hideClose
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          {description ? (
            <DialogDescription>{description}</DialogDescription>
          ) : (
            <DialogDescription className="sr-only">Please confirm this action.</DialogDescription>
          )}
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button
            variant={destructive ? "destructive" : "default"}
            loading={pending}
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
