// rjsf's text and textarea widgets, offering the `{tokens}` that exist when
// `{` is typed in a free text (a string with no pattern, format or choices:
// a slug or an e-mail address takes no token). The list follows the caret:
// Down and Up move through it, Enter puts the token in, Escape closes it.
import { getDefaultRegistry } from "@rjsf/core";
import { ariaDescribedByIds, type Widget, type WidgetProps } from "@rjsf/utils";
import { type KeyboardEvent, useId, useState } from "react";
import { type TokenChoice, tokenBefore, tokensFor } from "./tokens.ts";

const defaults = getDefaultRegistry().widgets;
const PlainText = defaults.TextWidget as Widget;
const PlainTextarea = defaults.TextareaWidget as Widget;

/** The form's tokens (its uiSchema's `ui:globalOptions`, from the server's forms.ts). */
const tokensOf = (props: WidgetProps) => (props.registry.globalUiOptions?.tokens as TokenChoice[] | undefined) ?? [];

function acceptsTokens(props: WidgetProps): boolean {
  const { schema } = props;
  const tokens = tokensOf(props);
  return Boolean(tokens?.length) && schema.type === "string" && !schema.pattern && !schema.format && !schema.enum;
}

function TokenText(props: WidgetProps & { multiline: boolean }) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, multiline } = props;
  const listId = `${useId()}-tokens`;
  const [offer, setOffer] = useState<{ from: number; to: number; choices: TokenChoice[] } | undefined>();
  const [active, setActive] = useState(0);
  const text = typeof value === "string" ? value : "";

  const look = (element: HTMLInputElement | HTMLTextAreaElement) => {
    const caret = element.selectionStart ?? element.value.length;
    const before = tokenBefore(element.value, caret);
    const choices = before ? tokensFor(tokensOf(props), before.typed) : [];
    setOffer(before && choices.length ? { from: before.from, to: caret, choices } : undefined);
    setActive(0);
  };
  const put = (choice: TokenChoice, element: HTMLInputElement | HTMLTextAreaElement) => {
    if (!offer) return;
    const next = text.slice(0, offer.from) + choice.token + text.slice(offer.to);
    onChange(next);
    setOffer(undefined);
    const caret = offer.from + choice.token.length;
    requestAnimationFrame(() => element.setSelectionRange(caret, caret));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (!offer) return;
    const count = offer.choices.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((at) => (at + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const choice = offer.choices[active];
      if (choice) put(choice, event.currentTarget);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOffer(undefined);
    }
  };

  const shared = {
    id,
    name: id,
    className: "form-control",
    value: text,
    required,
    disabled: disabled || readonly,
    autoComplete: "off",
    "aria-describedby": ariaDescribedByIds(id),
    "aria-autocomplete": "list" as const,
    "aria-controls": offer ? listId : undefined,
    "aria-activedescendant": offer ? `${listId}-${active}` : undefined,
    onKeyDown,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onChange(event.target.value === "" ? options.emptyValue : event.target.value);
      look(event.target);
    },
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setOffer(undefined);
      onBlur(id, event.target.value);
    },
    onFocus: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, event.target.value),
  };
  return (
    <div className="token-text">
      {multiline ? (
        <textarea rows={options.rows as number | undefined} {...shared} />
      ) : (
        <input type="text" {...shared} />
      )}
      {offer ? (
        <div id={listId} role="listbox" aria-label="Tokens" className="tokens">
          {offer.choices.map((choice, index) => (
            <div
              key={choice.token}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault(); // Keeps the focus in the field.
                const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
                if (field) put(choice, field);
              }}
            >
              <code>{choice.token}</code> <span>{choice.value}</span>
            </div>
          ))}
        </div>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {offer
          ? `${offer.choices.length} token${offer.choices.length === 1 ? "" : "s"}: Down to choose, Enter to put in`
          : ""}
      </span>
    </div>
  );
}

export function TextWidget(props: WidgetProps) {
  return acceptsTokens(props) ? <TokenText {...props} multiline={false} /> : <PlainText {...props} />;
}

export function TextareaWidget(props: WidgetProps) {
  return acceptsTokens(props) ? <TokenText {...props} multiline /> : <PlainTextarea {...props} />;
}
