import { AboutSection } from "./AboutSection.tsx";
import { ApproachSection } from "./ApproachSection.tsx";
import { ClientsSection } from "./ClientsSection.tsx";
import { ContactSection } from "./ContactSection.tsx";
import { HeroSection } from "./HeroSection.tsx";
import { PeopleSection } from "./PeopleSection.tsx";
import { ResultsSection } from "./ResultsSection.tsx";

export default function Page() {
  return (
    <>
      <HeroSection />
      <AboutSection />
      <PeopleSection />
      <ClientsSection />
      <ApproachSection />
      <ResultsSection />
      <ContactSection />
    </>
  );
}
