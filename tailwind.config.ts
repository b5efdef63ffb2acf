/**
 * Tailwind CSS v4 configuration for doubles-ladder.
 *
 * Tailwind 4 is configured CSS-first: the colour tokens live in `client/src/index.css` (`@theme`),
 * where they are also plain CSS variables. This file is the JS side of the theme, loaded by
 * `@config "../../tailwind.config.ts";` in index.css. It holds what reads better as data: the
 * system font stacks and the motion (keyframes + animations) used by dialogs, toasts and tooltips.
 * Content scanning is automatic in v4; `content` below only documents what is scanned.
 */
import type { Config } from "tailwindcss";

const config: Config = {
  content: ["./client/index.html", "./client/src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          "Arial",
          '"Noto Sans"',
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", '"Liberation Mono"', "monospace"],
      },
      keyframes: {
        "fade-in": { from: { opacity: "0" }, to: { opacity: "1" } },
        // Only the motion itself: the dialog is centred by the `translate` property (-translate-x-1/2),
        // which adds to `transform`; a translate(-50%) here moved it half its size off centre (and
        // off a phone's screen) while it opened.
        "dialog-in": {
          from: { opacity: "0", transform: "translateY(2%) scale(0.97)" },
          to: { opacity: "1", transform: "none" },
        },
        "drawer-in": { from: { transform: "translateX(-100%)" }, to: { transform: "translateX(0)" } },
        "toast-in": { from: { opacity: "0", transform: "translateY(0.5rem) scale(0.98)" }, to: { opacity: "1", transform: "none" } },
        "toast-out": { from: { opacity: "1" }, to: { opacity: "0", transform: "translateX(100%)" } },
      },
      animation: {
        "fade-in": "fade-in 150ms ease-out",
        "dialog-in": "dialog-in 150ms ease-out",
        "drawer-in": "drawer-in 200ms ease-out",
        "toast-in": "toast-in 200ms ease-out",
        "toast-out": "toast-out 150ms ease-in forwards",
      },
    },
  },
};

export default config;
