import { cn } from "../lib/cn.ts";
import { Phrased } from "./Phrased.tsx";

interface Entity {
  legalName: string;
  address: { street: string; postalCode: string; city: string; country: string };
}

/** The firm's registered name and postal address (imprint, privacy notice), from data/legal.yaml. */
export function LegalAddress({
  entity,
  withName = true,
  className,
  children,
}: {
  entity: Entity;
  /** false where the name is already shown right above. */
  withName?: boolean;
  className?: string;
  /** More contact lines inside the same <address>, like e-mail and phone. */
  children?: React.ReactNode;
}) {
  const { legalName, address } = entity;
  return (
    <address className={cn("not-italic leading-relaxed", className)}>
      {withName && <span className="block font-semibold text-ink">{legalName}</span>}
      <span className="block">
        <Phrased text={address.street} />
      </span>
      <span className="block">
        {address.postalCode} <Phrased text={address.city} />
      </span>
      <span className="block">
        <Phrased text={address.country} />
      </span>
      {children}
    </address>
  );
}

/** A phone number as a tel: link: no spaces in the target, non-breaking ones in the text (never split over lines). */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  return (
    <a href={`tel:${phone.replace(/\s+/g, "")}`} className={cn(linkClass, className)}>
      {phone.replace(/\s+/g, "\u00a0")}
    </a>
  );
}

export function EmailLink({ email, className }: { email: string; className?: string }) {
  return (
    <a href={`mailto:${email}`} className={cn(linkClass, className)}>
      {email}
    </a>
  );
}

const linkClass = "text-link underline underline-offset-4 hover:decoration-2";
