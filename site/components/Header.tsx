import { plainText } from "../../schemas/phrases.ts";
import { cn } from "../lib/cn.ts";
import { siteByLocale } from "../lib/content/site.ts";
import { useTexts } from "../lib/useLocale.ts";
import { useScrolledHeader } from "../lib/useScrolledHeader.ts";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { Link } from "./Link.tsx";
import { LogoMark } from "./Logo.tsx";
import { MobileMenu } from "./MobileMenu.tsx";
import { NavLink } from "./NavLink.tsx";

/**
 * Sticky header. Its "scrolled" look (shadow and border) only changes
 * colours, never size, so toggling it moves nothing on the page.
 */
export function Header() {
  const scrolled = useScrolledHeader();
  const { firm, nav, ui } = useTexts(siteByLocale);
  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 border-b bg-paper/95 backdrop-blur transition-[box-shadow,border-color] duration-200",
        scrolled ? "border-line shadow-header" : "border-transparent",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-5 sm:h-20 sm:px-8">
        <Link href="/" className="flex items-center gap-3 rounded-md">
          <LogoMark />
          <span className="font-serif text-xl font-semibold tracking-tight text-ink">{firm.name}</span>
        </Link>
        <nav aria-label={plainText(ui.mainNav)} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((link) => (
              <li key={link.label}>
                <NavLink
                  href={link.href}
                  className="rounded-full px-3 py-2 text-sm font-medium text-ink-soft hover:bg-paper-deep hover:text-ink aria-[current]:bg-paper-deep aria-[current]:text-ink"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
