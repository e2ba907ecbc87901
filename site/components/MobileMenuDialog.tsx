import * as Dialog from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import { plainText } from "../../schemas/phrases.ts";
import { siteByLocale } from "../lib/content/site.ts";
import { useTexts } from "../lib/useLocale.ts";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { LogoMark } from "./Logo.tsx";
import { NavLink } from "./NavLink.tsx";

/** The menu itself; loaded on first use by MobileMenu. */
export default function MobileMenuDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { firm, nav, ui } = useTexts(siteByLocale);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-night/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100%)] flex-col bg-paper p-6 shadow-header"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="flex items-center gap-3 font-serif text-xl font-semibold">
              <LogoMark />
              {firm.name}
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-white"
              aria-label={plainText(ui.closeMenu)}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label={plainText(ui.mainNav)} className="mt-8">
            <ul className="flex flex-col gap-1">
              {nav.map((link) => (
                <li key={link.label}>
                  <NavLink
                    href={link.href}
                    onClick={() => onOpenChange(false)}
                    className="block rounded-xl px-4 py-3 text-lg font-medium text-ink hover:bg-paper-deep aria-[current]:bg-ink aria-[current]:text-white"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher className="mt-8" layout="menu" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
