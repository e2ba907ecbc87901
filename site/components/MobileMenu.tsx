import Menu from "lucide-react/icons/menu";
import { lazy, Suspense, useRef, useState } from "react";
import { plainText } from "../../schemas/phrases.ts";
import { siteByLocale } from "../lib/content/site.ts";
import { useTexts } from "../lib/useLocale.ts";

// Radix Dialog is only needed once someone opens the menu: load it then.
const loadDialog = () => import("./MobileMenuDialog.tsx");
const MobileMenuDialog = lazy(loadDialog);

/**
 * On small screens the navigation links are hidden (spec §2); this button
 * opens the same links in a modal dialog (focus trapped, Escape closes,
 * the current page marked with aria-current).
 */
export function MobileMenu() {
  const { ui } = useTexts(siteByLocale);
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={plainText(ui.openMenu)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-ink md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
