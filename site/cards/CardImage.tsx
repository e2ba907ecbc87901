// Environment: build (Node). The card's layout, for satori (a subset of CSS:
// flexbox only, inline styles, every element with more than one child is a flex box).
import { CARD_HEIGHT, CARD_WIDTH, type CardSpec } from "./card.ts";
import type { CardTheme } from "./theme.ts";

/** Space kept clear at every edge: social sites crop and round a card's corners. */
export const SAFE_MARGIN = 72;
/** The brass band along the foot of the card. */
const BAND = 12;
/** An article's own cover image takes the card's right side. */
export const COVER_WIDTH = 480;

/** The title's size: as large as fits, smaller for longer titles, so 90 characters take at most three lines. */
export function titleSize(title: string, narrow: boolean): number {
  const length = [...title].length;
  const sizes = narrow ? [60, 52, 46, 40] : [76, 66, 58, 52];
  const limits = narrow ? [28, 48, 70] : [36, 56, 72];
  const index = limits.findIndex((limit) => length <= limit);
  return sizes[index === -1 ? sizes.length - 1 : index] as number;
}

export function CardImage({
  spec,
  theme,
  cover,
  hideTitle = false,
}: {
  spec: CardSpec;
  theme: CardTheme;
  cover: string | null;
  hideTitle?: boolean | undefined;
}) {
  const { palette } = theme;
  const narrow = cover !== null;
  return (
    <div
      style={{
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        display: "flex",
        flexDirection: "column",
        backgroundColor: palette.paper,
        fontFamily: "sans",
        color: palette.ink,
      }}
    >
      <div style={{ display: "flex", flexGrow: 1 }}>
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            justifyContent: "space-between",
            width: narrow ? CARD_WIDTH - COVER_WIDTH : CARD_WIDTH,
            padding: `${SAFE_MARGIN - 8}px ${SAFE_MARGIN}px ${SAFE_MARGIN - 16}px`,
          }}
        >
          <Masthead spec={spec} theme={theme} />
          <Headline spec={spec} theme={theme} narrow={narrow} hidden={hideTitle} />
          <Foot spec={spec} theme={theme} narrow={narrow} />
        </div>
        {cover && (
          <img
            src={cover}
            alt=""
            width={COVER_WIDTH}
            height={CARD_HEIGHT - BAND}
            style={{ objectFit: "cover", width: COVER_WIDTH, height: CARD_HEIGHT - BAND, flexShrink: 0 }}
          />
        )}
      </div>
      <div style={{ display: "flex", height: BAND, backgroundColor: palette.brass }} />
    </div>
  );
}

function Masthead({ spec, theme }: { spec: CardSpec; theme: CardTheme }) {
  const { palette, logo } = theme;
  return (
    <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
      <div style={{ display: "flex", alignItems: "center" }}>
        <svg width={56} height={56} viewBox={logo.viewBox} aria-hidden="true">
          <rect width={logo.size} height={logo.size} rx={logo.radius} fill={palette.ink} />
          <path d={logo.star} fill={logo.starFill} />
        </svg>
        <div style={{ marginLeft: 18, fontFamily: "serif", fontSize: 36, fontWeight: 600, color: palette.ink }}>
          {spec.firm}
        </div>
      </div>
      {spec.eyebrow && (
        <div
          style={{
            fontSize: 22,
            fontWeight: 600,
            letterSpacing: 3,
            textTransform: "uppercase",
            color: palette["brass-strong"],
          }}
        >
          {spec.eyebrow}
        </div>
      )}
    </div>
  );
}

function Headline({
  spec,
  theme,
  narrow,
  hidden,
}: {
  spec: CardSpec;
  theme: CardTheme;
  narrow: boolean;
  hidden: boolean;
}) {
  const { palette } = theme;
  const size = titleSize(spec.title, narrow);
  return (
    <div style={{ display: "flex", flexDirection: "column" }}>
      <div style={{ width: 88, height: 5, backgroundColor: palette.brass, marginBottom: 28 }} />
      <div
        data-card="title"
        style={{
          display: "flex",
          fontFamily: "serif",
          fontWeight: 600,
          fontSize: size,
          lineHeight: 1.12,
          letterSpacing: -0.5,
          color: hidden ? palette.paper : palette.ink,
        }}
      >
        {spec.title}
      </div>
      {spec.description && (
        <div
          style={{
            display: "block",
            marginTop: 22,
            fontSize: 28,
            lineHeight: 1.4,
            color: palette.muted,
            lineClamp: 2,
          }}
        >
          {spec.description}
        </div>
      )}
    </div>
  );
}

function Foot({ spec, theme, narrow }: { spec: CardSpec; theme: CardTheme; narrow: boolean }) {
  const { palette } = theme;
  if (!spec.byline) return <div style={{ display: "flex", fontSize: 24, color: palette["ink-soft"] }}>{spec.host}</div>;
  // Beside a cover the foot is narrow: the facts go under the byline.
  return (
    <div
      style={{
        display: "flex",
        flexDirection: narrow ? "column" : "row",
        alignItems: narrow ? "flex-start" : "center",
        justifyContent: "space-between",
      }}
    >
      <div style={{ display: "flex", alignItems: "center" }}>
        <div
          style={{
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            width: 64,
            height: 64,
            borderRadius: 32,
            backgroundColor: palette.ink,
            color: palette.paper,
            fontFamily: "serif",
            fontSize: 26,
            fontWeight: 600,
          }}
        >
          {spec.byline.initials}
        </div>
        <div style={{ display: "flex", flexDirection: "column", marginLeft: 18 }}>
          <div style={{ fontSize: 26, fontWeight: 600, color: palette.ink }}>{spec.byline.name}</div>
          <div style={{ fontSize: 22, color: palette.muted }}>{spec.byline.role}</div>
        </div>
      </div>
      {spec.facts && <div style={{ fontSize: 22, color: palette.muted, marginTop: narrow ? 14 : 0 }}>{spec.facts}</div>}
    </div>
  );
}
